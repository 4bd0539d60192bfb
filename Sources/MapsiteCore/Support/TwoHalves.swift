import Dispatch

/// Work on the positions of a large array split into two halves, one per thread.
///
/// Builds run on two cores, and loading runs alone at the start of a build, so work done item by
/// item there (slugs, hashes) takes half the wall time on two threads. The results are the same as
/// a serial loop's: each position is computed by itself and stored in its own place.
enum TwoHalves {
    /// Below this many positions a second thread costs more than it saves.
    static let minimumCount = 4_096

    /// `(0..<count).map(transform)`, each half on a thread of its own.
    /// - Parameter transform: must not depend on the order positions are computed in; it runs on
    ///   two threads at once, so it may only read shared state.
    static func map<Result>(count: Int, _ transform: (Int) -> Result) -> [Result] {
        guard count >= minimumCount else { return (0..<count).map(transform) }
        let middle = count / 2
        return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            let base = SharedResults(base: buffer.baseAddress!)
            withoutActuallyEscaping(transform) { transform in
                nonisolated(unsafe) let transform = transform
                DispatchQueue.concurrentPerform(iterations: 2) { half in
                    for index in half == 0 ? 0..<middle : middle..<count {
                        (base.base + index).initialize(to: transform(index))
                    }
                }
            }
            initialized = count
        }
    }
}

/// The results buffer both halves write to, each in its own positions.
private struct SharedResults<Result>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Result>
}
