import Foundation

/// The files of an output folder a deploy uploads, with their hashes.
///
/// Left out: dot files and dot folders at any depth (`.mapsite-manifest`, `.mapsite-build`,
/// anything a tool keeps there), symbolic links and other files that are not regular, the
/// `_headers` file of hosts that read it, and the `.gz` siblings of `precompress: true` (a store
/// serves what it holds; `--gzip` compresses at upload instead).
///
/// After a finished build the files are those of the build's manifest, with its hashes and sizes:
/// nothing else is read, as the build writes every file of the site and keeps the manifest true
/// (on a site of 150,000 files, looking at each file on a disk whose cache had dropped them took
/// most of a deploy that changed nothing). With `scan`, or without a finished build's manifest,
/// the folder is walked: the manifest's hash is taken for a file of the same size not modified
/// since, and any other file is read and hashed.
public enum LocalInventory {
    /// - Throws: `DeployError` when the folder cannot be read.
    public static func files(in directory: String, scan: Bool = false) throws -> [LocalFile] {
        let manifestPath = (directory as NSString).appendingPathComponent(OutputWriter.manifestName)
        if !scan, let entries = finishedBuild(manifestPath) {
            let paths = Set(entries.map(\.path))
            return entries.filter { entry in
                !entry.path.split(separator: "/").contains { $0.hasPrefix(".") } && kept(entry.path, among: paths)
            }.map { LocalFile(path: $0.path, size: $0.entry.size, hash: $0.entry.hash) }
        }
        return try walked(directory, manifestPath: manifestPath)
    }

    /// The entries of a finished build's manifest; nil when there is none, or it is no manifest.
    private static func finishedBuild(_ path: String) -> [(path: String, entry: OutputWriter.Entry)]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        let start = handle.readData(ofLength: OutputManifest.header.utf8.count)
        try? handle.close()
        guard start.elementsEqual(OutputManifest.header.utf8) else { return nil }
        return OutputManifest.entries(at: path)
    }

    private static func kept(_ path: String, among paths: Set<String>) -> Bool {
        if path == "_headers" { return false }
        if path.hasSuffix(".gz"), paths.contains(String(path.dropLast(3))) { return false }
        return true
    }

    private static func walked(_ directory: String, manifestPath: String) throws -> [LocalFile] {
        var found: [(path: String, size: Int, modified: timespec)] = []
        try walk(directory, prefix: "", into: &found)
        var manifestTime = stat()
        let manifest: [String: OutputWriter.Entry] =
            stat(manifestPath, &manifestTime) == 0 ? OutputManifest.read(at: manifestPath) : [:]
        let paths = Set(found.map(\.path))
        let kept = found.filter { Self.kept($0.path, among: paths) }
        var hashes = [UInt64?](repeating: nil, count: kept.count)
        var unknown: [Int] = []
        for (index, file) in kept.enumerated() {
            if let entry = manifest[file.path], entry.size == file.size,
                !isLater(file.modified, than: manifestTime.st_mtim)
            {
                hashes[index] = entry.hash
            } else {
                unknown.append(index)
            }
        }
        nonisolated(unsafe) let computed = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: max(unknown.count, 1))
        defer { computed.deallocate() }
        let toHash = unknown
        let failures = FailureList()
        DispatchQueue.concurrentPerform(iterations: toHash.count) { slot in
            let path = (directory as NSString).appendingPathComponent(kept[toHash[slot]].path)
            guard let data = FileManager.default.contents(atPath: path) else {
                failures.add(path)
                return
            }
            computed[slot] = data.withUnsafeBytes(StableHash.contents)
        }
        if let failed = failures.first {
            throw DeployError(file: failed, reason: "could not be read")
        }
        for (slot, index) in toHash.enumerated() { hashes[index] = computed[slot] }
        return kept.enumerated().map { index, file in
            LocalFile(path: file.path, size: file.size, hash: hashes[index] ?? 0)
        }
    }

    private static func isLater(_ time: timespec, than other: timespec) -> Bool {
        time.tv_sec != other.tv_sec ? time.tv_sec > other.tv_sec : time.tv_nsec > other.tv_nsec
    }

    private static func walk(
        _ directory: String, prefix: String, into found: inout [(path: String, size: Int, modified: timespec)]
    ) throws {
        guard let folder = opendir(directory) else {
            throw DeployError(file: directory, reason: "could not be read: \(String(cString: strerror(errno)))")
        }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        for name in names.sorted() {
            let full = directory + "/" + name
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            let path = prefix + name
            switch info.st_mode & S_IFMT {
            case S_IFDIR: try walk(full, prefix: path + "/", into: &found)
            case S_IFREG: found.append((path, Int(info.st_size), info.st_mtim))
            default: continue
            }
        }
    }
}

/// Paths that failed, collected from several threads.
private final class FailureList: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []
    func add(_ path: String) { lock.withLock { paths.append(path) } }
    var first: String? { lock.withLock { paths.first } }
}
