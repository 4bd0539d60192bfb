import Foundation

/// The bins of a range filter: ascending edges, a value `v` in bin `i` when
/// `edges[i] <= v < edges[i + 1]`. Exact counts come from whole bins, so a range is chosen from
/// edge to edge.
struct FilterBins: Equatable {
    var edges: [Double]

    /// The bin of `value`, which must lie in `edges.first!..<edges.last!`.
    func bin(of value: Double) -> Int {
        var low = 0
        var high = edges.count
        while low < high {
            let middle = (low + high) / 2
            if edges[middle] > value { high = middle } else { low = middle + 1 }
        }
        return low - 1
    }

    /// One bin a year from the first year to the last, or a bin of 2, 5, 10, 20, 25, 50, 100, …
    /// years each when that would make more than `maxBins`; edges on multiples of the step.
    static func years(_ years: [Int], maxBins: Int = 150) -> FilterBins {
        guard let low = years.min(), let high = years.max() else { return FilterBins(edges: []) }
        var steps = [1, 2, 5, 10, 20, 25, 50]
        while steps.last! < 100_000 { steps.append(steps[steps.count - 3] * 10) }
        let step = steps.first { (high / $0 - floorDivide(low, $0)) + 1 <= maxBins } ?? steps.last!
        let first = floorDivide(low, step) * step
        let count = (high - first) / step + 1
        return FilterBins(edges: (0...count).map { Double(first + $0 * step) })
    }

    /// About `target` bins holding similar numbers of values (their quantiles), each edge rounded
    /// down to two significant digits, the last just above the largest value: round figures for
    /// skewed values such as prices.
    static func numbers(_ sorted: [Double], target: Int = 24) -> FilterBins {
        guard let low = sorted.first, let high = sorted.last else { return FilterBins(edges: []) }
        var edges = [roundedDown(low)]
        for step in 1..<target {
            let edge = roundedDown(sorted[step * (sorted.count - 1) / target])
            if edge > edges.last! { edges.append(edge) }
        }
        let last = roundedAbove(high)
        while let edge = edges.last, edge >= last { edges.removeLast() }
        edges.append(last)
        if edges.count == 1 { edges.insert(roundedDown(low), at: 0) }
        return FilterBins(edges: edges)
    }

    /// `value` rounded down to two significant digits: 387,900 → 380,000; −1,234 → −1,300.
    static func roundedDown(_ value: Double) -> Double {
        guard value != 0 else { return 0 }
        if value < 0 { return -roundedUp(-value) }
        return twoDigits(value, .down)
    }

    /// `value` rounded up to two significant digits.
    static func roundedUp(_ value: Double) -> Double {
        guard value != 0 else { return 0 }
        if value < 0 { return -roundedDown(-value) }
        return twoDigits(value, .up)
    }

    /// The first number of two significant digits greater than `value`.
    static func roundedAbove(_ value: Double) -> Double {
        let up = roundedUp(value)
        if up > value { return up }
        let magnitude = abs(value) == 0 ? 1 : pow(10, (log10(abs(value))).rounded(.down) - 1)
        return roundedUp(value + magnitude / 2)
    }

    /// Positive `value` rounded to two significant digits; below 10 by scaling up, so that
    /// 5.05 rounds up to 5.1 itself rather than to 51 × 0.1.
    private static func twoDigits(_ value: Double, _ rule: FloatingPointRoundingRule) -> Double {
        let exponent = (log10(value)).rounded(.down) - 1
        if exponent >= 0 {
            let unit = pow(10, exponent)
            return (value / unit).rounded(rule) * unit
        }
        let scale = pow(10, -exponent)
        return (value * scale).rounded(rule) / scale
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}

/// The year a text holds: its first run of four digits from 1000 to 2999 with no digit beside
/// it, as in `1915`, `c. 1915`, `1915-05-03`, `May 1915` or `1910s`; nil when it holds none.
enum YearText {
    static func year<Text: StringProtocol>(_ text: Text) -> Int? {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            guard isDigit(bytes[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
            if end - index == 4, bytes[index] == UInt8(ascii: "1") || bytes[index] == UInt8(ascii: "2") {
                return bytes[index..<end].reduce(0) { $0 * 10 + Int($1 - 48) }
            }
            index = end
        }
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}
