import Foundation

/// The content folder, and the rule for symbolic links in it: a link is followed only when it
/// leads to a file inside the content folder. What lies outside (`images/passwd -> /etc/passwd`)
/// is left out of the site with a warning, so nothing from elsewhere on the machine is published
/// by accident. The data files that `site.yml` names are read wherever they are: naming them is
/// the author's choice.
struct ContentFolder: Sendable {
    let path: String
    /// The folder's own path with every link resolved.
    private let realPath: String

    init(_ path: String) {
        self.path = path
        realPath = Self.resolved(path) ?? path
    }

    /// Where the file at `path` really is, when that is outside the content folder; nil when it
    /// lies inside (or does not exist).
    func outsideTarget(of path: String) -> String? {
        guard let real = Self.resolved(path) else { return nil }
        return real == realPath || real.hasPrefix(realPath.hasSuffix("/") ? realPath : realPath + "/") ? nil : real
    }

    /// The warning for a file left out because it leads outside: `shown` names it.
    static func warning(_ shown: String, target: String) -> String {
        "\(shown) is a link to \(target), outside the content folder: left out of the site"
    }

    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
