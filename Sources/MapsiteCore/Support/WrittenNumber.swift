import Foundation

/// Reads a number as a dataset writes it in a `number` or `currency` field: the one rule for item
/// pages, list fields, search details and aggregates (and, with no symbol and no grouping, for
/// coordinates, through `DecimalText`).
///
/// The rule, after spaces around the value are trimmed:
/// - an optional sign (`-`, `+`), then the field's currency symbol when it has one (`$`, `€`,
///   `US$`), then optionally a sign if none came before, then spaces (U+0020, U+00A0) allowed
///   after the symbol: `$387,900`, `-$12.50`, `$-12.50`, `€ 5`;
/// - digits, in groups of three separated by `,` after a first group of one to three digits
///   (`1,234,567`), or with no separators at all; the separators are `,` and the point `.`
///   whatever the site's `language`, so `1.234,5` is refused rather than read as 1.2345;
/// - an optional fraction (`.5`, `12.`, `12.50`), never grouped;
/// - an optional exponent (`1.5e3`, `2E-4`), only on a number without separators.
///
/// Everything else is refused: `inf`, `nan`, `0x10`, `1,23`, `12%`, `5 €`, `(12)`, a symbol in a
/// field without one, a number too large for a Double (`1e400`). Pure: no state, no side effects,
/// so range filters can read their bounds with it too.
public enum WrittenNumber {
    /// What reading a value gave.
    public enum Reading: Equatable, Sendable {
        /// Nothing but spaces: a missing value, not an error.
        case empty
        /// Text that is not a number by the rule.
        case invalid
        /// The number, correctly rounded, and how many decimals it is written with (`12.50` has 2,
        /// `1.5e1` none, `1.5e-3` four).
        case number(Double, decimals: Int)
    }

    /// The value of `text`, or nil when it is empty or not a number by the rule.
    /// - Parameter symbol: the currency symbol that may lead (`$`); nil for a plain number.
    /// - Parameter grouping: whether `,` may separate thousands.
    public static func parse<Text: StringProtocol>(_ text: Text, symbol: String? = nil, grouping: Bool = true)
        -> Double?
    {
        if case .number(let value, _) = read(text, symbol: symbol, grouping: grouping) { return value }
        return nil
    }

    /// `text` read by the rule.
    public static func read<Text: StringProtocol>(_ text: Text, symbol: String? = nil, grouping: Bool = true)
        -> Reading
    {
        var string = String(text)
        let symbolBytes = symbol.map { Array($0.utf8) } ?? []
        return string.withUTF8 { bytes in
            symbolBytes.withUnsafeBufferPointer { read(bytes, symbol: $0, grouping: grouping) }
        }
    }

    /// What a field reading numbers takes, for messages.
    public static func expected(symbol: String?) -> String {
        if let symbol {
            return "an amount such as \(symbol)1,234.50 or 1234.5 (digits with an optional \(symbol) before them, "
                + "\",\" between groups of three, \".\" before decimals)"
        }
        return "a number such as 1,234.5 or -0.25 (digits, \",\" between groups of three, \".\" before "
            + "decimals, no currency symbol)"
    }

    /// `bytes` (UTF-8) read by the rule; `symbol` is the currency symbol's UTF-8, empty for none.
    /// - Complexity: O(n) for n bytes, with no allocation unless the number has more than 15
    ///   significant digits or a large exponent.
    public static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, symbol: UnsafeBufferPointer<UInt8>, grouping: Bool = true
    ) -> Reading {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        // A no-break space (U+00A0, C2 A0) around the value, as spreadsheets export it.
        while end - start >= 2, bytes[start] == 0xC2, bytes[start + 1] == 0xA0 { start += 2 }
        while end - start >= 2, bytes[end - 2] == 0xC2, bytes[end - 1] == 0xA0 { end -= 2 }
        guard start < end else { return .empty }
        var index = start
        var negative = false
        var signed = false
        func sign() {
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                negative = bytes[index] == UInt8(ascii: "-")
                signed = true
                index += 1
            }
        }
        sign()
        if !symbol.isEmpty, end - index >= symbol.count,
            UnsafeBufferPointer(rebasing: bytes[index..<index + symbol.count]).elementsEqual(symbol)
        {
            index += symbol.count
            if !signed { sign() }
            while index < end {
                if bytes[index] == 0x20 {
                    index += 1
                } else if end - index >= 2, bytes[index] == 0xC2, bytes[index + 1] == 0xA0 {
                    index += 2
                } else {
                    break
                }
            }
        }
        let numberStart = index
        // The digits as an integer while they fit exactly in a Double, for the fast path below.
        var mantissa: UInt64 = 0
        var significant = 0
        var digits = 0
        var fraction = 0
        var seenPoint = false
        var grouped = false
        // Digits since the last `,` (or the start) in the whole part.
        var run = 0
        while index < end {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                digits += 1
                if seenPoint { fraction += 1 } else { run += 1 }
                if mantissa > 0 || byte != 0x30 { significant += 1 }
                if significant <= 15 { mantissa = mantissa * 10 + UInt64(byte - 0x30) }
            } else if byte == UInt8(ascii: ","), grouping, !seenPoint {
                // A separator follows a first group of 1-3 digits, or a group of exactly 3.
                guard run >= 1, run <= 3, !grouped || run == 3 else { return .invalid }
                grouped = true
                run = 0
            } else if byte == UInt8(ascii: "."), !seenPoint {
                if grouped, run != 3 { return .invalid }
                seenPoint = true
            } else {
                break
            }
            index += 1
        }
        guard digits > 0 else { return .invalid }
        if grouped, !seenPoint, run != 3 { return .invalid }
        var exponent = 0
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            guard !grouped else { return .invalid }
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
            let powers = powersOfTen[abs(scale)]
            value = scale < 0 ? Double(mantissa) / powers : Double(mantissa) * powers
        } else {
            // The digits without separators, read by the standard library (correctly rounded).
            var plain = ""
            plain.reserveCapacity(end - numberStart)
            for byte in bytes[numberStart..<end] where byte != UInt8(ascii: ",") {
                plain.unicodeScalars.append(Unicode.Scalar(byte))
            }
            guard let parsed = Double(plain) else { return .invalid }
            value = parsed
        }
        if negative { value = -value }
        guard value.isFinite else { return .invalid }
        return .number(value, decimals: places)
    }

    private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }
}
