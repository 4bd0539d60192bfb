/// Reads numbers written as plain decimals, such as `-87.6278`, `.5` or `1.2e-3`, and nothing else.
///
/// Swift's `Double(String)` also reads `0x10` (as 16), `inf`, `nan` and `infinity`, which are no
/// numbers in a dataset: a coordinate or a value written so is an error, not silently a number.
enum DecimalText {
    /// The value of `text` when it is a plain decimal number: an optional sign, digits with an
    /// optional point (`12`, `12.`, `.5`, `12.5`) and an optional exponent (`e-3`, `E+7`).
    /// Correctly rounded; may be infinite when the exponent is too large.
    static func double<Text: StringProtocol>(_ text: Text) -> Double? {
        guard isPlain(text.utf8) else { return nil }
        return Double(String(text))
    }

    /// Whether `bytes` spell a plain decimal number (see `double(_:)`).
    static func isPlain<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var index = bytes.startIndex
        let end = bytes.endIndex
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func digits() -> Int {
            var count = 0
            while index < end, isDigit(bytes[index]) {
                count += 1
                index = bytes.index(after: index)
            }
            return count
        }
        if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            index = bytes.index(after: index)
        }
        var mantissaDigits = digits()
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index = bytes.index(after: index)
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index = bytes.index(after: index)
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index = bytes.index(after: index)
            }
            guard digits() > 0 else { return false }
        }
        return index == end
    }
}
