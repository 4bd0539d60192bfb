import Foundation

/// The numbers of one kept field over all items of a dataset, parsed once and shared by every
/// group field's aggregates.
///
/// A number is decimal text with an optional sign, fraction and exponent, with spaces around it
/// allowed: `387900`, `-12.5`, ` 1e3 `. Anything else is not a number, including `$1,200`,
/// `1,200` (a thousands separator or a decimal comma?), `nan`, `inf` and hexadecimal.
struct NumericColumn: Sendable {
    /// For each item, its number, or NaN when its value is empty or not a number.
    let numbers: [Double]
    /// For each item, whether its value is empty (only spaces, or nothing).
    let empty: [Bool]
    /// The most decimals any number is written with (`12.50` has 2, `1.5e1` none).
    let decimals: Int

    /// - Complexity: O(n) for n items.
    init(items: [Item], position: Int) {
        var numbers = [Double](repeating: .nan, count: items.count)
        var empty = [Bool](repeating: false, count: items.count)
        var decimals = 0
        for (index, item) in items.enumerated() {
            var text = item.values[position]
            let parsed = text.withUTF8 { Self.parse($0) }
            switch parsed {
            case .empty: empty[index] = true
            case .invalid: break
            case .number(let value, let places):
                numbers[index] = value
                decimals = max(decimals, places)
            }
        }
        self.numbers = numbers
        self.empty = empty
        self.decimals = decimals
    }

    enum Parsed: Equatable {
        case empty, invalid
        case number(Double, decimals: Int)
    }

    /// Parses one value; see the type's description for what counts as a number.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Parsed {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return .empty }
        var index = start
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        // The digits as an integer while they fit exactly in a Double, for the fast path below.
        var mantissa: UInt64 = 0
        var significant = 0
        var digits = 0
        var fraction = 0
        var seenPoint = false
        while index < end {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                digits += 1
                if seenPoint { fraction += 1 }
                if mantissa > 0 || byte != 0x30 { significant += 1 }
                if significant <= 15 { mantissa = mantissa * 10 + UInt64(byte - 0x30) }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                break
            }
            index += 1
        }
        guard digits > 0 else { return .invalid }
        var exponent = 0
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            while index < end, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
                exponent = min(exponent * 10 + Int(bytes[index] - 0x30), 100_000)
                index += 1
            }
            guard index > exponentStart else { return .invalid }
            if exponentNegative { exponent = -exponent }
        }
        guard index == end else { return .invalid }
        let places = max(0, fraction - exponent)
        // Both factors are exact in a Double, so one multiplication or division rounds correctly.
        let scale = exponent - fraction
        var value: Double
        if significant <= 15, (-22...22).contains(scale) {
            let powers = Self.powersOfTen[abs(scale)]
            value = scale < 0 ? Double(mantissa) / powers : Double(mantissa) * powers
            if negative { value = -value }
        } else {
            guard let parsed = Double(String(decoding: bytes[start..<end], as: UTF8.self)) else { return .invalid }
            value = parsed
        }
        guard value.isFinite else { return .invalid }
        return .number(value, decimals: places)
    }

    private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }
}
