import Dispatch

/// Runs `body` on consecutive chunks of `0..<count` in parallel, each chunk at most `chunkSize` long.
///
/// Callers guarantee that chunks are independent and write disjoint memory (which is why `body`
/// need not be `@Sendable`: it typically captures raw pointers), so the outcome does not depend on
/// scheduling.
func forEachChunkConcurrently(count: Int, chunkSize: Int, _ body: (Range<Int>) -> Void) {
    guard count > 0 else { return }
    let chunks = (count + chunkSize - 1) / chunkSize
    if chunks == 1 {
        body(0..<count)
        return
    }
    withoutActuallyEscaping(body) { body in
        nonisolated(unsafe) let body = body
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let start = chunk * chunkSize
            body(start..<min(start + chunkSize, count))
        }
    }
}

/// A pointer that parallel chunks may share because each one touches a disjoint part of the memory.
struct SharedPointer<Pointee>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Pointee>
}
