import Foundation

/// Node, which runs the theme's browser modules for the tests that need a browser's answer.
public enum Node {
    /// Node, from `PATH` or where Debian's `nodejs` puts it; nil when it is not installed (the
    /// tests that need it then fail: `make test-deps` installs it).
    public static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        return folders.flatMap { ["\($0)/node", "\($0)/nodejs"] }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()
}
