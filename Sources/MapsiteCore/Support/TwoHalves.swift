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

extension TwoHalves {
    /// `(first(), second())`, each on a thread of its own.
    /// - Parameters: run on two threads at once, so they may only read shared state.
    static func both<First, Second>(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
        var results: (First?, Second?) = (nil, nil)
        withUnsafeMutablePointer(to: &results) { pointer in
            let shared = SharedResults(base: pointer)
            withoutActuallyEscaping(first) { first in
                withoutActuallyEscaping(second) { second in
                    nonisolated(unsafe) let (first, second) = (first, second)
                    DispatchQueue.concurrentPerform(iterations: 2) { half in
                        // each thread stores into its own member of the tuple
                        if half == 0 { shared.base.pointee.0 = first() } else { shared.base.pointee.1 = second() }
                    }
                }
            }
        }
        return (results.0!, results.1!)
    }
}

/// The results buffer both halves write to, each in its own positions.
private struct SharedResults<Result>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Result>
}

extension TwoHalves {
    /// The successes of `(0..<count).map(body)` in order, and its failures in order, each half
    /// of the positions on a thread of its own.
    ///
    /// The successes are moved into the result where they are made, never copied: a half's
    /// successes fill its part of the result from the front, and the second half's are moved down
    /// to follow the first half's.
    /// - Parameter body: must not depend on the order positions are computed in; it runs on two
    ///   threads at once, so it may only read shared state.
    static func results<Success, Failure>(
        count: Int, _ body: (Int) -> Result<Success, Failure>
    ) -> (successes: [Success], failures: [Failure]) {
        let ranges = count >= minimumCount ? [0..<count / 2, count / 2..<count] : [0..<count]
        let halves = ranges.map { HalfOutcome<Failure>(range: $0) }
        let successes = [Success](unsafeUninitializedCapacity: count) { buffer, initialized in
            let base = SharedResults(base: buffer.baseAddress!)
            withoutActuallyEscaping(body) { body in
                nonisolated(unsafe) let body = body
                DispatchQueue.concurrentPerform(iterations: halves.count) { index in
                    let half = halves[index]
                    var next = half.range.lowerBound
                    for position in half.range {
                        switch body(position) {
                        case .success(let success):
                            (base.base + next).initialize(to: success)
                            next += 1
                        case .failure(let failure): half.failures.append(failure)
                        }
                    }
                    half.made = next - half.range.lowerBound
                }
            }
            if halves.count == 2 && halves[0].made < halves[1].range.lowerBound {
                (base.base + halves[0].made).moveInitialize(
                    from: base.base + halves[1].range.lowerBound, count: halves[1].made)
            }
            initialized = halves.reduce(0) { $0 + $1.made }
        }
        return (successes, halves.flatMap(\.failures))
    }
}

/// What one half of `TwoHalves.results` made; only its own thread writes to it.
private final class HalfOutcome<Failure>: @unchecked Sendable {
    let range: Range<Int>
    var failures: [Failure] = []
    /// How many successes it put at the front of its range.
    var made = 0

    init(range: Range<Int>) {
        self.range = range
    }
}
