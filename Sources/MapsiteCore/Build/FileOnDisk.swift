import Foundation

/// Thin wrappers over POSIX file calls; Foundation's are several times slower for many small files.
enum FileOnDisk {
    static func size(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError(path: path, reason: "could not be opened: \(errnoText())") }
        defer { close(descriptor) }
        var offset = 0
        try bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                guard count > 0 else { throw OutputError(path: path, reason: "could not be written: \(errnoText())") }
                offset += count
            }
        }
    }

    static func makeDirectories(_ path: String) throws {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        let parent = SitePath.parent(of: path)
        guard errno == ENOENT, !parent.isEmpty, parent != path else {
            throw OutputError(path: path, reason: "could not be created: \(errnoText())")
        }
        try makeDirectories(parent)
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw OutputError(path: path, reason: "could not be created: \(errnoText())")
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
