import Foundation

/// Files handed from rendering threads to the threads that write them.
///
/// Creating files on ext4 does not get faster with threads that also make folders in the same
/// parent (they queue on the folder's lock; see PERFORMANCE-NOTES), while rendering does. So
/// renderers only enqueue, and one thread writes, overlapping the kernel's work with the
/// renderers'. Once every folder is made, the thread that made them writes files too (`help`):
/// files in folders of their own do not contend. The queue is bounded, so memory stays flat
/// however many pages there are.
final class WriteQueue: @unchecked Sendable {
    private struct File {
        var path: String
        var bytes: [UInt8]
        var inputs: UInt64?
        var hash: UInt64
    }

    private let writer: OutputWriter
    private let condition = NSCondition()
    /// Queued files: `files[head...]`; the ones before `head` are taken.
    private var files: [File] = []
    private var head = 0
    private var closed = false
    private var failure: Error?
    /// Threads writing files now.
    private var writing = 0
    /// Batches taken and not yet written.
    private var active = 0
    private let capacity: Int
    /// How many files a writing thread takes at a time, so that two share the work.
    private let batch = 64

    init(writer: OutputWriter, capacity: Int = 1024) {
        self.writer = writer
        self.capacity = capacity
        writing = 1
        // The thread keeps the queue alive until it has drained it: a build that stops early
        // closes the queue (`close`) and the thread returns on its own.
        let thread = Thread { [self] in drain() }
        thread.name = "mapsite writer"
        thread.start()
    }

    /// Queues a file; waits while the queue is full. The bytes are hashed here, on the caller's
    /// thread, so that the writing threads do nothing but write.
    /// - Throws: the writer's first error, so renderers stop early.
    func enqueue(_ file: OutputFile) throws {
        let hash = file.bytes.withUnsafeBytes(StableHash.contents)
        condition.lock()
        defer { condition.unlock() }
        while files.count - head >= capacity && failure == nil { condition.wait() }
        if let failure { throw failure }
        files.append(File(path: file.path, bytes: file.bytes, inputs: file.inputs, hash: hash))
        condition.broadcast()
    }

    /// Writes queued files on the calling thread as well, until the queue is finished.
    func help() {
        condition.lock()
        if closed && head == files.count {
            condition.unlock()
            return
        }
        writing += 1
        condition.unlock()
        drain()
    }

    /// Takes no more files: the writing threads write what is queued and return. For a build
    /// that stops early; `finish` closes the queue as well.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every file queued so far is written, and takes more after: what is queued
    /// next reaches the disk after all of it.
    /// - Throws: the first write error.
    func flush() throws {
        condition.lock()
        defer { condition.unlock() }
        while (head < files.count || active > 0) && failure == nil { condition.wait() }
        if let failure { throw failure }
    }

    /// Waits until every queued file is written.
    /// - Throws: the first write error.
    func finish() throws {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
        while writing > 0 { condition.wait() }
        if let failure { throw failure }
    }

    /// Takes files a batch at a time and writes them, until the queue is closed and empty.
    private func drain() {
        condition.lock()
        while true {
            while head == files.count && !closed { condition.wait() }
            if head == files.count || failure != nil { break }
            let end = min(files.count, head + batch)
            let taken = Array(files[head..<end])
            head = end
            active += 1
            if head == files.count {
                files.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= capacity {
                files.removeFirst(head)
                head = 0
            }
            condition.broadcast()
            condition.unlock()
            var error: Error?
            for file in taken where error == nil {
                do {
                    try writer.write(file.path, file.bytes, inputs: file.inputs, hash: file.hash)
                } catch let failed {
                    error = failed
                }
            }
            condition.lock()
            active -= 1
            if let error, failure == nil { failure = error }
            condition.broadcast()
        }
        writing -= 1
        condition.broadcast()
        condition.unlock()
    }
}
