import Dispatch

/// Runs `body` on consecutive chunks of `0..<count` in parallel, each chunk at most `chunkSize` long.
///
/// Chunks are independent and write disjoint results, so the outcome does not depend on scheduling.
func forEachChunkConcurrently(
    count: Int, chunkSize: Int, _ body: (Range<Int>) -> Void
) {
    guard count > 0 else { return }
    let chunks = (count + chunkSize - 1) / chunkSize
    if chunks == 1 {
        body(0..<count)
        return
    }
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        let start = chunk * chunkSize
        body(start..<min(start + chunkSize, count))
    }
}

/// A pointer that parallel chunks may share because each one touches a disjoint part of the memory.
struct SharedPointer<Pointee>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Pointee>
}
