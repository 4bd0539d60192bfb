import Foundation

/// Files handed from rendering threads to one writing thread.
///
/// Creating files on ext4 does not get faster with more threads (they queue on the folder's
/// lock; see PERFORMANCE-NOTES), while rendering does. So renderers only enqueue, and one
/// thread writes, overlapping the kernel's work with the renderers'. The queue is bounded, so
/// memory stays flat however many pages there are.
final class WriteQueue: @unchecked Sendable {
    private struct File {
        var path: String
        var bytes: [UInt8]
        var inputs: UInt64?
        var hash: UInt64
    }

    private let writer: OutputWriter
    private let condition = NSCondition()
    private var files: [File] = []
    private var closed = false
    private var failure: Error?
    private let capacity: Int
    private let done = DispatchSemaphore(value: 0)

    init(writer: OutputWriter, capacity: Int = 1024) {
        self.writer = writer
        self.capacity = capacity
        let thread = Thread { [unowned self] in self.drain() }
        thread.name = "mapsite writer"
        thread.start()
    }

    /// Queues a file; waits while the queue is full. The bytes are hashed here, on the caller's
    /// thread, so that the writing thread does nothing but write.
    /// - Throws: the writer's first error, so renderers stop early.
    func enqueue(_ path: String, _ bytes: [UInt8], inputs: UInt64?) throws {
        let hash = bytes.withUnsafeBytes(StableHash.contents)
        condition.lock()
        defer { condition.unlock() }
        while files.count >= capacity && failure == nil { condition.wait() }
        if let failure { throw failure }
        files.append(File(path: path, bytes: bytes, inputs: inputs, hash: hash))
        condition.broadcast()
    }

    /// Waits until every queued file is written.
    /// - Throws: the first write error.
    func finish() throws {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        done.wait()
        if let failure { throw failure }
    }

    private func drain() {
        while true {
            condition.lock()
            while files.isEmpty && !closed { condition.wait() }
            if files.isEmpty && closed {
                condition.unlock()
                done.signal()
                return
            }
            let batch = files
            files.removeAll(keepingCapacity: true)
            condition.broadcast()
            condition.unlock()
            for file in batch where failure == nil {
                do {
                    try writer.write(file.path, file.bytes, inputs: file.inputs, hash: file.hash)
                } catch {
                    condition.lock()
                    failure = error
                    condition.broadcast()
                    condition.unlock()
                }
            }
        }
    }
}
