import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A new file only its owner can read, under a name no other user can guess, for what mapsite
/// leaves in a shared temporary folder. A name chosen in advance could be taken first by another
/// user's symbolic link, and writing through it would overwrite whatever the link points to.
public enum PrivateFile {
    /// Creates `<prefix><16 random hex digits><suffix>` in `directory` with mode 0600, refusing
    /// to open anything already there (O_EXCL, O_NOFOLLOW), and writes `contents` to it.
    /// - Returns: the new file's URL.
    /// - Throws: the system's error when no file could be created or written.
    public static func create(in directory: URL, prefix: String, suffix: String, contents: Data) throws -> URL {
        try create(in: directory, prefix: prefix, suffix: suffix, contents: contents) {
            var random = SystemRandomNumberGenerator()
            return random.next()
        }
    }

    /// - Parameter token: the number each try's name is made of (random, but for tests).
    static func create(
        in directory: URL, prefix: String, suffix: String, contents: Data, token: () -> UInt64
    ) throws -> URL {
        for _ in 0..<100 {
            let digits = String(token(), radix: 16)
            let name = prefix + String(repeating: "0", count: 16 - digits.count) + digits + suffix
            let url = directory.appendingPathComponent(name)
            let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            do {
                try handle.write(contentsOf: contents)
                try handle.close()
            } catch {
                try? FileManager.default.removeItem(at: url)
                throw error
            }
            return url
        }
        throw POSIXError(.EEXIST)
    }
}
