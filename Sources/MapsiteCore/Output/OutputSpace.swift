import Foundation

/// The room a build's writes take on the output folder's disk, added up before the first write,
/// so that a build that would fill the disk stops before it changes anything.
///
/// Counted in the disk's blocks: each new file and folder takes whole ones; a file written over
/// an old one takes what it grows by (it shrinks only once renamed into place, so a smaller one
/// frees nothing before the end); the largest file once more, for its temporary copy; and the
/// new manifest. Removals come last and free nothing before then.
struct OutputSpace {
    let blockSize: Int
    let free: Int
    /// Files and folders the disk can still make; nil when it does not say (a count of 0).
    let freeFiles: Int?
    private(set) var bytes = 0
    private(set) var files = 0
    private(set) var written = 0
    private var largest = 0
    private var manifest = 0

    /// Asks the disk of `folder`; nil when it cannot be asked.
    init?(folder: Int32) {
        var info = statvfs()
        guard fstatvfs(folder, &info) == 0, info.f_frsize > 0 else { return nil }
        blockSize = Int(info.f_frsize)
        free = Int(clamping: info.f_bavail) * blockSize
        freeFiles = info.f_files > 0 ? Int(clamping: info.f_favail) : nil
    }

    private func blocks(_ size: Int) -> Int {
        (size + blockSize - 1) / blockSize * blockSize
    }

    /// A file of `size` bytes at `path`, over an old one of `old` bytes if there is one.
    mutating func add(_ path: String, size: Int, replacing old: Int?) {
        written += size
        bytes += max(0, blocks(size) - (old.map(blocks) ?? 0))
        if old == nil { files += 1 }
        largest = max(largest, blocks(size))
        manifest += 40 + path.utf8.count
    }

    /// A folder to make.
    mutating func addFolder() {
        bytes += blockSize
        files += 1
    }

    /// - Throws: `OutputError` naming how much room is missing, and the folder.
    func check(shownAs directory: String) throws {
        let needed = bytes + largest + blocks(manifest)
        if needed > free {
            throw OutputError(
                path: directory,
                reason: """
                    needs \(Self.text(needed - free)) more than its disk has free: the files this build \
                    writes take \(Self.text(needed)) (\(Self.text(written)) of data, \(NumberText.grouped(files)) \
                    new files and folders) and \(Self.text(free)) is free. Nothing was written; free some \
                    space, or build into a folder on another disk with --output
                    """)
        }
        if let freeFiles, files + 2 > freeFiles {
            throw OutputError(
                path: directory,
                reason: """
                    needs \(NumberText.grouped(files + 2 - freeFiles)) more files than its disk can still \
                    make (\(NumberText.grouped(files)) new files and folders, \(NumberText.grouped(freeFiles)) \
                    left). Nothing was written; free some, or build into a folder on another disk with --output
                    """)
        }
    }

    /// "820 KB", "3.4 MB".
    static func text(_ bytes: Int) -> String {
        if bytes < 1_000_000 { return "\(NumberText.grouped((bytes + 999) / 1000)) KB" }
        let tenths = (bytes + 50_000) / 100_000
        return "\(NumberText.grouped(tenths / 10)).\(tenths % 10) MB"
    }
}
