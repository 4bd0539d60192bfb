import Foundation

/// The k-th smallest of some numbers without sorting them all.
enum Quickselect {
    /// Rearranges `values` so that `values[k]` holds what sorting would put there, nothing after it
    /// is smaller and nothing before it is larger. `values` must hold no NaN.
    ///
    /// Hoare partitioning around a median of three, so runs of equal values split evenly; after
    /// too many rounds (adversarial input) the rest is sorted instead, bounding the worst case.
    /// - Complexity: O(n) expected, O(n log n) at worst.
    static func select(_ k: Int, in values: UnsafeMutableBufferPointer<Double>) {
        precondition(values.indices.contains(k), "k out of range")
        var low = 0
        var high = values.count - 1
        var rounds = 2 * (Int.bitWidth - values.count.leadingZeroBitCount) + 8
        while high > low {
            guard rounds > 0 else {
                var rest = UnsafeMutableBufferPointer(rebasing: values[low...high])
                rest.sort()
                return
            }
            rounds -= 1
            let pivot = medianOfThree(values[low], values[low + (high - low) / 2], values[high])
            var left = low
            var right = high
            while left <= right {
                while values[left] < pivot { left += 1 }
                while values[right] > pivot { right -= 1 }
                if left <= right {
                    values.swapAt(left, right)
                    left += 1
                    right -= 1
                }
            }
            // Now low...right ≤ pivot ≤ left...high, and everything between equals the pivot.
            if k <= right {
                high = right
            } else if k >= left {
                low = left
            } else {
                return
            }
        }
    }

    /// The median of `values`: the middle one, or the mean of the two middle ones; nil when empty.
    /// Rearranges `values`.
    /// - Complexity: O(n) expected.
    static func median(of values: UnsafeMutableBufferPointer<Double>) -> Double? {
        guard !values.isEmpty else { return nil }
        let upper = values.count / 2
        if values.count % 2 == 1 {
            select(upper, in: values)
            return values[upper]
        }
        select(upper - 1, in: values)
        var next = values[upper]
        for value in values[upper...] where value < next { next = value }
        // Halving each is exact (short of subnormals) and cannot overflow as the sum can.
        return values[upper - 1] / 2 + next / 2
    }

    private static func medianOfThree(_ a: Double, _ b: Double, _ c: Double) -> Double {
        Swift.max(Swift.min(a, b), Swift.min(Swift.max(a, b), c))
    }
}
