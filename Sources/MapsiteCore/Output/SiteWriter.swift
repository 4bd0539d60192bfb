import Foundation

/// Writes a built site into the output folder: the only way a build touches it.
///
/// Files go through one queue to a writing thread (`WriteQueue`), which creates them while other
/// threads render, and the folders of the deferred files (the item pages) are made ahead of
/// them on a thread of their own (`FolderMaker`), which writes files too once they are made.
/// Call `write` for the files made already, `write(_:)` for each set of deferred ones, then
/// `finish`; `close` stops a write that failed half way (safe to call after `finish` too).
///
/// Before the first write it checks that the disk has room for all of them (`OutputSpace`), and
/// it writes in an order in which each step leaves a site whose pages find what they link to:
/// files at new paths first (nothing links to them yet), then the changed data files (tiles,
/// search, downloads, styles), the changed item pages, the other changed pages, the files that
/// name the rest (`sw.js`, `sitemap.xml`, …), and the removals last. A write that fails (a full
/// disk) leaves the manifest of what is on disk then (`OutputWriter.saveAfterFailure`).
final class SiteWriter {
    let writer: OutputWriter
    private let queue: WriteQueue
    /// Started once the disk is known to have room.
    private var folders: FolderMaker?
    private let deferred: [any DeferredFiles]
    /// Receives progress of the deferred files (name, done, total); called from any thread.
    private let progress: (@Sendable (String, Int, Int) -> Void)?
    /// Files made already, written by step once every one is known.
    private var made: [OutputFile] = []
    private var started = false
    /// Files of each deferred set done, for the progress line.
    private let done: [Counter]
    private var finished = false
    private var closed = false

    /// Files that name the others, written last: a service worker's list, a sitemap.
    static let rootNames: Set<String> = ["sw.js", "manifest.webmanifest", "sitemap.xml", "robots.txt", "_headers"]

    /// Opens the output folder; the folders of `deferred` are made from the first write on.
    /// - Parameter count: about how many files will be written, made room for at once.
    /// - Throws: `OutputError` when the output folder cannot be made or opened.
    init(
        directory: String, deferred: [any DeferredFiles], count: Int,
        progress: (@Sendable (String, Int, Int) -> Void)? = nil
    ) throws {
        writer = try OutputWriter(directory: directory)
        writer.expect(files: count + deferred.reduce(0) { $0 + $1.count })
        queue = WriteQueue(writer: writer)
        self.deferred = deferred
        self.progress = progress
        done = deferred.map { _ in Counter() }
    }

    deinit {
        close()
    }

    /// Takes files made already, to write in their step.
    /// - Throws: the first error of the writing threads.
    func write(_ files: [OutputFile]) throws {
        guard started else {
            made += files
            return
        }
        for file in files { try queue.enqueue(file) }
    }

    /// Makes the files of `set` on every core, in chunks, and queues them; a file the last build
    /// made from the same inputs is kept as it is, without being made. The files at new paths
    /// of every set are written at the first call, before the changed data files.
    /// - Parameter precompress: also a `.gz` sibling of each file (`GzipSiblings`), kept or made
    ///   as the file is.
    /// - Throws: the first error of a maker or of the writing threads.
    func write(_ set: any DeferredFiles, precompress: Bool = false) throws {
        try start(precompress: precompress)
        let sizes = writer.previousSizes
        let index = deferred.firstIndex { $0.name == set.name && $0.count == set.count } ?? 0
        try make(set, precompress: precompress, done: done[index]) { sizes[$0] != nil }
    }

    private func make(
        _ set: any DeferredFiles, precompress: Bool, done: Counter, where chosen: @escaping @Sendable (String) -> Bool
    ) throws {
        let chunk = 256
        let failure = FirstError()
        let (writer, queue, progress) = (writer, queue, progress)
        DispatchQueue.concurrentPerform(iterations: (set.count + chunk - 1) / chunk) { index in
            guard !failure.isSet else { return }
            for number in (index * chunk)..<min(set.count, (index + 1) * chunk) {
                do {
                    let path = set.path(number)
                    guard chosen(path) else { continue }
                    let inputs = set.inputs(number)
                    let kept = writer.reuse(path, inputs: inputs)
                    let keptSibling = precompress && kept && writer.reuse(path + ".gz", inputs: inputs)
                    if kept && (!precompress || keptSibling) { continue }
                    let bytes = try set.bytes(number)
                    if !kept { try queue.enqueue(OutputFile(path, bytes, inputs: inputs)) }
                    if precompress && !keptSibling {
                        try queue.enqueue(OutputFile(path + ".gz", Deflate.compress(bytes, as: .gzip), inputs: inputs))
                    }
                } catch {
                    failure.set(error)
                    return
                }
            }
            let chosenCount = (index * chunk..<min(set.count, (index + 1) * chunk)).count { chosen(set.path($0)) }
            progress?("Rendering \(set.name)", min(set.count, done.add(chosenCount)), set.count)
        }
        if let error = failure.error { throw error }
    }

    /// Checks the room on the disk, then writes the files at new paths (the files made already,
    /// and the deferred ones, made now), and the changed data files.
    private func start(precompress: Bool) throws {
        guard !started else { return }
        started = true
        try checkSpace(precompress: precompress)
        folders = writer.makeFolders(of: deferred.flatMap { set in (0..<set.count).map(set.path) }, then: queue.help)
        let sizes = writer.previousSizes
        for file in made where sizes[file.path] == nil { try queue.enqueue(file) }
        for (set, done) in zip(deferred, done) {
            try make(set, precompress: precompress, done: done) { sizes[$0] == nil }
        }
        try queue.flush()
        for file in made where sizes[file.path] != nil && Self.step(of: file.path) == 0 { try queue.enqueue(file) }
        try queue.flush()
    }

    /// 0 for a data file, 1 for a page, 2 for a file naming the others.
    static func step(of path: String) -> Int {
        let name = (path.hasSuffix(".gz") ? String(path.dropLast(3)) : path).split(separator: "/").last.map(String.init)
        if let name, rootNames.contains(name) { return 2 }
        return path.hasSuffix(".html") || path.hasSuffix(".html.gz") ? 1 : 0
    }

    /// - Throws: `OutputError` when the disk has less room than the writes take.
    private func checkSpace(precompress: Bool) throws {
        guard var space = OutputSpace(folder: writer.openFolder) else { return }
        let sizes = writer.previousSizes
        var known = Set<String>()
        for path in sizes.keys {
            var parent = SitePath.parent(of: path)
            while !parent.isEmpty, known.insert(parent).inserted { parent = SitePath.parent(of: parent) }
        }
        func add(_ path: String, size: Int) {
            space.add(path, size: size, replacing: sizes[path])
            guard sizes[path] == nil else { return }
            var parent = SitePath.parent(of: path)
            while !parent.isEmpty, known.insert(parent).inserted {
                space.addFolder()
                parent = SitePath.parent(of: parent)
            }
        }
        for file in made { add(file.path, size: file.bytes.count) }
        // Item pages at new paths, at the mean size of a few of them made now; a changed one at
        // its old size.
        for set in deferred {
            let new = (0..<set.count).filter { sizes[set.path($0)] == nil }
            let sample = Array(stride(from: 0, to: new.count, by: max(1, new.count / 8)).prefix(8))
            var sampled = 0
            var compressed = 0
            for number in sample {
                let bytes = try set.bytes(new[number])
                sampled += bytes.count
                if precompress { compressed += Deflate.compress(bytes, as: .gzip).count }
            }
            let (mean, meanCompressed) = sample.isEmpty ? (0, 0) : (sampled / sample.count, compressed / sample.count)
            for number in 0..<set.count {
                let path = set.path(number)
                let old = sizes[path]
                add(path, size: old ?? mean)
                if precompress { add(path + ".gz", size: sizes[path + ".gz"] ?? meanCompressed) }
            }
        }
        try space.check(shownAs: writer.directory)
    }

    /// Writes the changed pages, then the files naming the others; waits until every file is
    /// written; removes what the last build wrote and this one did not, and saves the manifest.
    /// - Throws: the first write error.
    func finish() throws -> OutputWriter.Summary {
        try start(precompress: false)
        let sizes = writer.previousSizes
        for step in 1...2 {
            try queue.flush()
            for file in made where sizes[file.path] != nil && Self.step(of: file.path) == step {
                try queue.enqueue(file)
            }
        }
        made = []
        try queue.finish()
        folders?.wait()
        let summary = try writer.finish()
        finished = true
        return summary
    }

    /// Stops the writing and folder threads once what is queued is written; after a failed
    /// write, saves the manifest of what is on disk.
    func close() {
        guard !closed else { return }
        closed = true
        queue.close()
        folders?.stop()
        guard !finished else { return }
        try? queue.finish()
        writer.saveAfterFailure()
    }
}

/// The first error thrown by any of several threads.
final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?

    var isSet: Bool { lock.withLock { stored != nil } }
    var error: Error? { lock.withLock { stored } }

    func set(_ error: Error) {
        lock.withLock { if stored == nil { stored = error } }
    }
}

/// A count shared by threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func add(_ amount: Int) -> Int {
        lock.withLock {
            value += amount
            return value
        }
    }
}
