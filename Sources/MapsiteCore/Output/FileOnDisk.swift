import CFileBeneath
import Foundation

/// Thin wrappers over POSIX file calls; Foundation's are several times slower for many small files.
///
/// The `in folder:` forms take paths relative to an open folder, so the kernel does not walk the
/// output folder's own path again for every one of 150,000 files. They never write, make or
/// remove anything through a symbolic link, nor outside the folder (`mapsite_open_beneath`): a
/// link someone put in the output folder is refused, or, where a file of the site is to be, the
/// link itself is replaced.
enum FileOnDisk {
    /// The suffix of a file being written, renamed to its own name once whole.
    static let temporarySuffix = ".mapsite-new"

    /// The size of the regular file at `path`, a link followed; nil for a folder or nothing.
    static func size(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The size of the regular file at `path` in `folder`; nil for a link, a folder or nothing.
    static func size(_ path: String, in folder: Int32) -> Int? {
        var info = stat()
        guard fstatat(folder, path, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return nil
        }
        return Int(info.st_size)
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let parent = SitePath.parent(of: path)
        let folder = open(parent.isEmpty ? "." : parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw OutputError(path: path, reason: "could not be opened: \(errnoText())") }
        defer { close(folder) }
        try write(bytes, to: (path as NSString).lastPathComponent, in: folder, shownAs: path)
    }

    /// Writes the file whole under a temporary name in its folder, then renames it over `path`,
    /// so that at every moment the file is either its old or its new version; makes its folders
    /// first if they are missing.
    /// - Parameter shown: how the file is named in errors.
    /// - Throws: `OutputError` for a path below a symbolic link, or a failed write.
    static func write(_ bytes: [UInt8], to path: String, in folder: Int32, shownAs shown: String) throws {
        let temporary = temporaryPath(of: path)
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW
        var descriptor = mapsite_open_beneath(folder, temporary, flags, 0o644)
        // Trying first and making the folders only when the kernel says they are missing costs one
        // failed lookup per new folder, instead of a check before every file.
        if descriptor < 0 && errno == ENOENT {
            let parent = SitePath.parent(of: path)
            if !parent.isEmpty && parent != "/" {
                try makeDirectories(parent, in: folder, shownAs: SitePath.parent(of: shown))
            }
            descriptor = mapsite_open_beneath(folder, temporary, flags, 0o644)
        }
        guard descriptor >= 0 else { throw failure(opening: shown) }
        var offset = 0
        do {
            try bytes.withUnsafeBytes { buffer in
                while offset < buffer.count {
                    let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    guard count > 0 else {
                        throw OutputError(path: shown, reason: "could not be written: \(errnoText())")
                    }
                    offset += count
                }
            }
        } catch {
            close(descriptor)
            unlinkat(folder, temporary, 0)
            throw error
        }
        close(descriptor)
        // The folder was opened without links just now, so the rename lands in it; a link at
        // `path` itself is replaced, not followed.
        guard renameat(folder, temporary, folder, path) == 0 else {
            let reason = errnoText()
            unlinkat(folder, temporary, 0)
            throw OutputError(path: shown, reason: "could not be put in place: \(reason)")
        }
    }

    /// `a/b/.c.html.mapsite-new` for `a/b/c.html`: hidden, in the same folder, so the rename
    /// stays within one file system.
    static func temporaryPath(of path: String) -> String {
        let parent = SitePath.parent(of: path)
        let name = String(path.dropFirst(parent.isEmpty ? 0 : parent.utf8.count + 1))
        return (parent.isEmpty ? "" : parent + "/") + "." + name + temporarySuffix
    }

    /// Makes the folder `path` and any missing folders above it, each inside its parent opened
    /// without following links.
    static func makeDirectories(_ path: String, in folder: Int32, shownAs shown: String) throws {
        if makeDirectory(path, in: folder) == 0 || errno == EEXIST { return }
        let failure = errno
        let parent = SitePath.parent(of: path)
        guard failure == ENOENT, !parent.isEmpty, parent != path else {
            throw Self.failure(creating: shown, errno: failure)
        }
        try makeDirectories(parent, in: folder, shownAs: SitePath.parent(of: shown))
        if makeDirectory(path, in: folder) != 0 && errno != EEXIST {
            throw Self.failure(creating: shown, errno: errno)
        }
    }

    /// mkdir of the last component of `path` in its parent, opened without links; sets errno.
    static func makeDirectory(_ path: String, in folder: Int32) -> Int32 {
        withParent(of: path, in: folder) { parent, name in mkdirat(parent, name, 0o755) }
    }

    /// Removes the file at `path` (a link there is removed, not followed); false when there was
    /// nothing to remove or a link on the way.
    @discardableResult
    static func remove(_ path: String, in folder: Int32, folder isFolder: Bool = false) -> Bool {
        withParent(of: path, in: folder) { parent, name in unlinkat(parent, name, isFolder ? AT_REMOVEDIR : 0) } == 0
    }

    /// Calls `body` with the parent folder of `path`, opened without following links, and the
    /// last component's name; returns -1 with errno set when the parent cannot be opened so.
    private static func withParent(of path: String, in folder: Int32, _ body: (Int32, String) -> Int32) -> Int32 {
        let parentPath = SitePath.parent(of: path)
        var name = Substring(path)
        while name.hasSuffix("/") { name = name.dropLast() }
        if !parentPath.isEmpty { name = name.dropFirst(parentPath.utf8.count + 1) }
        if parentPath.isEmpty { return body(folder, String(name)) }
        let parent = mapsite_open_beneath(folder, parentPath, O_RDONLY | O_DIRECTORY, 0)
        guard parent >= 0 else { return -1 }
        defer { close(parent) }
        return body(parent, String(name))
    }

    private static func failure(opening shown: String) -> OutputError {
        switch errno {
        case ELOOP, EXDEV:
            OutputError(
                path: shown,
                reason: "lies below a symbolic link or outside the output folder: mapsite does not write through links")
        default: OutputError(path: shown, reason: "could not be opened: \(errnoText())")
        }
    }

    private static func failure(creating shown: String, errno: Int32) -> OutputError {
        switch errno {
        case ELOOP, EXDEV, ENOTDIR:
            OutputError(
                path: shown,
                reason: "lies below a symbolic link or a file: mapsite does not write through links")
        default: OutputError(path: shown, reason: "could not be created: \(String(cString: strerror(errno)))")
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
