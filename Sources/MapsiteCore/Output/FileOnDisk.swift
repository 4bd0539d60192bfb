import Foundation

/// Thin wrappers over POSIX file calls; Foundation's are several times slower for many small files.
///
/// The `in folder:` forms take paths relative to an open folder (`openat` and friends), so the
/// kernel does not walk the output folder's own path again for every one of 150,000 files.
enum FileOnDisk {
    static func size(_ path: String) -> Int? {
        size(path, in: AT_FDCWD)
    }

    static func size(_ path: String, in folder: Int32) -> Int? {
        var info = stat()
        guard fstatat(folder, path, &info, 0) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try write(bytes, to: path, in: AT_FDCWD, shownAs: path)
    }

    /// Writes the file, making its folders first if they are missing.
    /// - Parameter shown: how the file is named in errors.
    static func write(_ bytes: [UInt8], to path: String, in folder: Int32, shownAs shown: String) throws {
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        var descriptor = openat(folder, path, flags, 0o644)
        // Trying first and making the folders only when the kernel says they are missing costs one
        // failed lookup per new folder, instead of a check before every file.
        if descriptor < 0 && errno == ENOENT {
            let parent = SitePath.parent(of: path)
            if !parent.isEmpty && parent != "/" {
                try makeDirectories(parent, in: folder, shownAs: SitePath.parent(of: shown))
            }
            descriptor = openat(folder, path, flags, 0o644)
        }
        guard descriptor >= 0 else { throw OutputError(path: shown, reason: "could not be opened: \(errnoText())") }
        defer { close(descriptor) }
        var offset = 0
        try bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                guard count > 0 else { throw OutputError(path: shown, reason: "could not be written: \(errnoText())") }
                offset += count
            }
        }
    }

    /// Makes the folder `path` and any missing folders above it.
    static func makeDirectories(_ path: String, in folder: Int32, shownAs shown: String) throws {
        if mkdirat(folder, path, 0o755) == 0 || errno == EEXIST { return }
        let failure = errno
        let parent = SitePath.parent(of: path)
        guard failure == ENOENT, !parent.isEmpty, parent != path else {
            throw OutputError(path: shown, reason: "could not be created: \(String(cString: strerror(failure)))")
        }
        try makeDirectories(parent, in: folder, shownAs: SitePath.parent(of: shown))
        if mkdirat(folder, path, 0o755) != 0 && errno != EEXIST {
            throw OutputError(path: shown, reason: "could not be created: \(errnoText())")
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
