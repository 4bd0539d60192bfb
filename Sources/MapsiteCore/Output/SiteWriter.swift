import Foundation

/// Writes a built site into the output folder: the only way a build touches it.
///
/// Files go through one queue to a writing thread (`WriteQueue`), which creates them while other
/// threads render, and the folders of the deferred files (the item pages) are made ahead of
/// them on a thread of their own (`FolderMaker`), which writes files too once they are made.
/// Call `write` for the files made already, `write(_:)` for each set of deferred ones, then
/// `finish`; `close` stops a write that failed half way (safe to call after `finish` too).
final class SiteWriter {
    private let writer: OutputWriter
    private let queue: WriteQueue
    private let folders: FolderMaker
    /// Receives progress of the deferred files (name, done, total); called from any thread.
    private let progress: (@Sendable (String, Int, Int) -> Void)?

    /// Opens the output folder and starts making the folders of `deferred`.
    /// - Parameter count: about how many files will be written, made room for at once.
    /// - Throws: `OutputError` when the output folder cannot be made or opened.
    init(
        directory: String, deferred: [any DeferredFiles], count: Int,
        progress: (@Sendable (String, Int, Int) -> Void)? = nil
    ) throws {
        writer = try OutputWriter(directory: directory)
        writer.expect(files: count + deferred.reduce(0) { $0 + $1.count })
        queue = WriteQueue(writer: writer)
        folders = writer.makeFolders(of: deferred.flatMap { set in (0..<set.count).map(set.path) }, then: queue.help)
        self.progress = progress
    }

    deinit {
        close()
    }

    /// Queues files made already.
    /// - Throws: the first error of the writing threads.
    func write(_ files: [OutputFile]) throws {
        for file in files { try queue.enqueue(file) }
    }

    /// Makes the files of `set` on every core, in chunks, and queues them; a file the last build
    /// made from the same inputs is kept as it is, without being made.
    /// - Parameter precompress: also a `.gz` sibling of each file (`GzipSiblings`), kept or made
    ///   as the file is.
    /// - Throws: the first error of a maker or of the writing threads.
    func write(_ set: any DeferredFiles, precompress: Bool = false) throws {
        let chunk = 256
        let failure = FirstError()
        let done = Counter()
        let (writer, queue, progress) = (writer, queue, progress)
        DispatchQueue.concurrentPerform(iterations: (set.count + chunk - 1) / chunk) { index in
            guard !failure.isSet else { return }
            for number in (index * chunk)..<min(set.count, (index + 1) * chunk) {
                do {
                    let path = set.path(number)
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
            progress?("Rendering \(set.name)", done.add(chunk), set.count)
        }
        if let error = failure.error { throw error }
    }

    /// Waits until every file is written, removes what the last build wrote and this one did
    /// not, and saves the manifest.
    /// - Throws: the first write error.
    func finish() throws -> OutputWriter.Summary {
        try queue.finish()
        folders.wait()
        return try writer.finish()
    }

    /// Stops the writing and folder threads once what is queued is written.
    func close() {
        queue.close()
        folders.stop()
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
