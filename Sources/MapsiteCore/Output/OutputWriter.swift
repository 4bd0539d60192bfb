import Foundation

/// Writes the site into the output folder, touching only what changed.
///
/// It never deletes the output tree: a file is written only when its bytes differ from the last
/// build's (known from a manifest of paths and hashes kept in the output folder), and files the
/// last build wrote that this build did not are removed at the end. Files it did not write, such
/// as a README kept in the output folder, are left alone. Safe to call from several threads.
///
/// While a build writes, the manifest is renamed to `.mapsite-manifest.incomplete` (at the first
/// write, so a build refused before it leaves the folder as it was): if the build stops half way,
/// the next one cannot trust the hashes (some files were already rewritten), so it rewrites every
/// file, but it still knows which files to remove. A build whose write fails (a full disk) saves
/// instead a manifest of what is on disk then (`saveAfterFailure`), old files and new ones.
public final class OutputWriter: @unchecked Sendable {
    public struct Summary: Sendable, Equatable, Codable {
        public var files = 0
        public var written = 0
        public var unchanged = 0
        public var removed = 0
        public var bytes = 0
        public var bytesWritten = 0
    }

    public static let manifestName = ".mapsite-manifest"
    static let incompleteName = manifestName + ".incomplete"
    /// Files of the output folder that belong to mapsite itself; no page may take their place.
    /// The record of the last finished build (`UpToDateCheck`).
    static let recordName = ".mapsite-build"
    static let reservedNames: Set<String> = [manifestName, incompleteName, recordName]

    struct Entry: Equatable {
        var hash: UInt64
        var size: Int
        /// A fingerprint of what the file was made from, when its maker gave one (see `reuse`).
        var inputs: UInt64?

        func sameBytes(as other: Entry?) -> Bool { other.map { $0.hash == hash && $0.size == size } ?? false }
    }

    public let directory: String
    /// The last build's files and hashes, when it finished.
    private let previous: [String: Entry]
    /// The files of the last build, finished or not: the ones to remove if this build does not write them.
    private let previousPaths: Set<String>
    private var current: [String: Entry] = [:]
    /// What is on disk now, as far as this build knows: the last build's files, with each file
    /// this build put in place; nil when the last build did not finish (its hashes are unknown).
    private var onDisk: [String: Entry]?
    /// The sizes of the last build's files, finished or not.
    let previousSizes: [String: Int]
    private var begun = false
    /// Called before each file is put on disk, with its path; what it throws fails the write as
    /// a full disk would. For tests of what a failed write leaves.
    var beforeWrite: (@Sendable (String) throws -> Void)?
    private var summary = Summary()
    private let lock = NSLock()
    /// The output folder, open: files are made relative to it.
    private let folder: Int32

    /// - Throws: when the output folder cannot be created.
    public init(directory: String) throws {
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            throw OutputError(path: directory, reason: "could not be opened: \(String(cString: strerror(errno)))")
        }
        let manifest = (directory as NSString).appendingPathComponent(Self.manifestName)
        let incomplete = (directory as NSString).appendingPathComponent(Self.incompleteName)
        if FileManager.default.fileExists(atPath: manifest) {
            previous = Self.readManifest(at: manifest)
            previousPaths = Set(previous.keys)
            previousSizes = previous.mapValues(\.size)
            onDisk = previous
        } else if FileManager.default.fileExists(atPath: incomplete) {
            // The last build stopped half way: it may have left files under temporary names.
            let listed = Self.readManifest(at: incomplete)
            previous = [:]
            previousPaths = Set(listed.keys)
            previousSizes = listed.mapValues(\.size)
        } else {
            previous = [:]
            previousPaths = []
            previousSizes = [:]
            onDisk = [:]
        }
    }

    /// Marks the output as being written, before the first file: the manifest becomes
    /// `.mapsite-manifest.incomplete` (or is made, empty, for a first build). Call with `lock` held.
    private func begin() throws {
        guard !begun else { return }
        begun = true
        let manifest = (directory as NSString).appendingPathComponent(Self.manifestName)
        let incomplete = (directory as NSString).appendingPathComponent(Self.incompleteName)
        if FileManager.default.fileExists(atPath: manifest) {
            unlink(incomplete)
            guard rename(manifest, incomplete) == 0 else {
                throw OutputError(path: manifest, reason: "could not be renamed: \(String(cString: strerror(errno)))")
            }
        } else if FileManager.default.fileExists(atPath: incomplete) {
            FileOnDisk.removeTemporaries(in: folder)
        } else {
            // A first build: marked as unfinished until it finishes, like any other.
            try FileOnDisk.write([], to: incomplete)
        }
    }

    deinit {
        close(folder)
    }

    /// Makes room for about `count` files, so the record of written files does not grow step by step.
    public func expect(files count: Int) {
        lock.withLock { current.reserveCapacity(count) }
    }

    /// Starts making the folders of files still to be written (`FolderMaker`): `files` are
    /// site paths, in the order they will come. Folders of files the last build wrote are
    /// skipped; they are there. Then the thread runs `then`.
    func makeFolders(of files: [String], then: @escaping @Sendable () -> Void) -> FolderMaker {
        let previous = previous
        return FolderMaker(
            folders: files.filter { previous[$0] == nil && SitePath.isContained($0) }.map { SitePath.parent(of: $0) },
            in: folder, then: then)
    }

    /// Keeps the file the last build wrote at `path` if it was made from the same `inputs`, so the
    /// caller need not render it again. Returns false when the caller must write it.
    public func reuse(_ path: String, inputs: UInt64) -> Bool {
        guard let entry = previous[path], entry.inputs == inputs, SitePath.isContained(path),
            FileOnDisk.size(path, in: folder) == entry.size
        else { return false }
        lock.lock()
        defer { lock.unlock() }
        guard current.updateValue(entry, forKey: path) == nil else { return false }
        summary.files += 1
        summary.bytes += entry.size
        summary.unchanged += 1
        return true
    }

    /// Writes `bytes` at the site path `path` unless the last build wrote the same bytes there.
    /// - Parameter inputs: a fingerprint of what the bytes were made from, for `reuse` next time.
    /// - Parameter hash: `StableHash.contents` of the bytes, when the caller has it already.
    /// - Throws: for a path that would leave the output folder, or a failed write.
    public func write(_ path: String, _ bytes: [UInt8], inputs: UInt64? = nil, hash: UInt64? = nil) throws {
        guard SitePath.isContained(path), !Self.reservedNames.contains(path) else {
            throw OutputError(path: path, reason: "is not a path inside the output folder")
        }
        let entry = Entry(
            hash: hash ?? bytes.withUnsafeBytes(StableHash.contents), size: bytes.count, inputs: inputs)
        lock.lock()
        do {
            try begin()
        } catch {
            lock.unlock()
            throw error
        }
        let duplicate = current.updateValue(entry, forKey: path) != nil
        summary.files += duplicate ? 0 : 1
        summary.bytes += bytes.count
        lock.unlock()
        if duplicate { throw OutputError(path: path, reason: "is written twice by one build") }
        if entry.sameBytes(as: previous[path]), FileOnDisk.size(path, in: folder) == entry.size {
            lock.withLock { summary.unchanged += 1 }
            return
        }
        try beforeWrite?(path)
        try FileOnDisk.write(bytes, to: path, in: folder, shownAs: directory + "/" + path)
        lock.withLock {
            onDisk?[path] = entry
            summary.written += 1
            summary.bytesWritten += bytes.count
        }
    }

    public func write(_ path: String, _ text: String, inputs: UInt64? = nil) throws {
        try write(path, Array(text.utf8), inputs: inputs)
    }

    /// Removes what the last build wrote and this one did not, and saves the manifest.
    public func finish() throws -> Summary {
        lock.lock()
        defer { lock.unlock() }
        try begin()
        var emptied = Set<String>()
        // Never through a link: a file below one is left where it is.
        for path in previousPaths.sorted() where current[path] == nil && SitePath.isContained(path) {
            if FileOnDisk.remove(path, in: folder) { summary.removed += 1 }
            emptied.insert(SitePath.parent(of: path))
        }
        for emptiedFolder in emptied.sorted(by: { $0.count > $1.count }) {
            var path = emptiedFolder
            while !path.isEmpty && FileOnDisk.remove(path, in: folder, folder: true) {
                path = SitePath.parent(of: path)
            }
        }
        try writeManifest()
        unlink((directory as NSString).appendingPathComponent(Self.incompleteName))
        return summary
    }

    /// After a failed write: saves the manifest of what is on disk now, the last build's files
    /// with those this build put in place, so that the next build trusts it and rewrites only
    /// what differs. Keeps the `.incomplete` one when the last build had not finished, or when
    /// this one cannot be written either (the disk still full).
    public func saveAfterFailure() {
        lock.lock()
        defer { lock.unlock() }
        guard begun, let onDisk else { return }
        let manifest = (directory as NSString).appendingPathComponent(Self.manifestName)
        guard (try? FileOnDisk.write(OutputManifest.encode(onDisk), to: manifest)) != nil else { return }
        unlink((directory as NSString).appendingPathComponent(Self.incompleteName))
    }

    /// Whether `write` would leave the file at `path` as it is: the last build wrote these bytes.
    func keeps(_ path: String, hash: UInt64, size: Int) -> Bool {
        previous[path].map { $0.hash == hash && $0.size == size } ?? false
    }

    /// Whether `reuse` would keep the file at `path`, without counting it.
    func wouldReuse(_ path: String, inputs: UInt64) -> Bool {
        previous[path]?.inputs == inputs
    }

    /// The folder of the output, open, for `OutputSpace`.
    var openFolder: Int32 { folder }

    private func writeManifest() throws {
        try FileOnDisk.write(
            OutputManifest.encode(current), to: (directory as NSString).appendingPathComponent(Self.manifestName))
    }

    static func readManifest(at path: String) -> [String: Entry] {
        OutputManifest.read(at: path)
    }
}

/// A path the writer refused or could not write.
public struct OutputError: Error, LocalizedError {
    public var path: String
    public var reason: String
    public var errorDescription: String? { "output file \"\(path)\" \(reason)" }
}
