import Foundation

/// Finds the file a URL path names inside the site folder, and never one outside it.
///
/// The path is split into segments and each is percent-decoded on its own, so `%2e%2e` and `%2f`
/// cannot sneak a `..` or a `/` past the check; a `..` segment is refused outright. The file found
/// is then resolved with `realpath` and must still lie inside the folder, so a symbolic link that
/// leads out of it is not followed. Names starting with `.` (such as the build's manifest) are
/// not served.
struct SiteFileResolver: Sendable {
    enum Resolution: Equatable {
        /// An absolute path of a regular file inside the folder.
        case file(String)
        /// A folder asked for without its final `/`: where to send the browser.
        case redirect(String)
        case notFound
        /// The path tries to leave the folder, or is not a valid path.
        case badRequest
    }

    /// The site folder, absolute and with symbolic links resolved.
    let root: String

    /// - Throws: `CocoaError` when the folder does not exist.
    init(root: String) throws {
        guard let resolved = Self.realPath(root) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: root])
        }
        self.root = resolved
    }

    /// Resolves `encodedPath`, the percent-encoded path of a request (`/boxes/page/2/`). When the
    /// site has no such file and the path starts with `basePath`, it is tried without that prefix,
    /// so the 404 page's links from `base_url` work in the preview too.
    func resolve(_ encodedPath: String, basePath: String = "/") -> Resolution {
        guard let segments = Self.segments(of: encodedPath) else { return .badRequest }
        if segments.contains(where: { $0.hasPrefix(".") && $0 != ".well-known" }) { return .notFound }
        let folder = encodedPath.hasSuffix("/")
        let resolution = resolve(segments, folder: folder, requested: segments)
        let base = basePath.split(separator: "/").map(String.init)
        if resolution == .notFound, !base.isEmpty, segments.starts(with: base) {
            return resolve(Array(segments.dropFirst(base.count)), folder: folder, requested: segments)
        }
        return resolution
    }

    private func resolve(_ segments: [String], folder: Bool, requested: [String]) -> Resolution {
        let candidate = ([root] + segments).joined(separator: "/")
        guard let real = inside(candidate) else { return .notFound }
        switch Self.kind(of: real) {
        case .folder where !folder:
            return .redirect(Self.encoded(requested) + "/")
        case .folder:
            guard let index = inside(real + "/index.html"), Self.kind(of: index) == .file else { return .notFound }
            return .file(index)
        case .file where !folder:
            return .file(real)
        default:
            return .notFound
        }
    }

    /// The real path of `path` when it exists and lies inside the folder.
    private func inside(_ path: String) -> String? {
        guard let real = Self.realPath(path) else { return nil }
        return real == root || real.hasPrefix(root == "/" ? "/" : root + "/") ? real : nil
    }

    /// The decoded segments of a path, without empty and `.` ones; nil for a `..` segment, an
    /// encoded `/`, `\` or NUL, or a path that does not start with `/`.
    static func segments(of encodedPath: String) -> [String]? {
        guard encodedPath.hasPrefix("/") else { return nil }
        var segments: [String] = []
        for part in encodedPath.split(separator: "/") {
            guard let name = part.removingPercentEncoding else { return nil }
            if name == "." { continue }
            if name == ".." || name.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" }) { return nil }
            segments.append(name)
        }
        return segments
    }

    /// A root-relative URL path of `segments`, each percent-encoded.
    static func encoded(_ segments: [String]) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return "/"
            + segments.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }.joined(separator: "/")
    }

    private enum Kind { case file, folder, other }

    private static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
