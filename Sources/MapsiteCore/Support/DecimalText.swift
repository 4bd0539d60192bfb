/// Reads numbers written as plain decimals, such as `-87.6278`, `.5` or `1.2e-3`, and nothing else:
/// coordinates. `WrittenNumber`'s rule without a currency symbol or thousands separators, and with
/// nothing around the number.
///
/// Swift's `Double(String)` also reads `0x10` (as 16), `inf`, `nan` and `infinity`, which are no
/// numbers in a dataset: a coordinate or a value written so is an error, not silently a number.
enum DecimalText {
    /// The value of `text` when it is a plain decimal number: an optional sign, digits with an
    /// optional point (`12`, `12.`, `.5`, `12.5`) and an optional exponent (`e-3`, `E+7`).
    /// Correctly rounded; nil when it is too large for a Double.
    static func double<Text: StringProtocol>(_ text: Text) -> Double? {
        let bytes = text.utf8
        guard let first = bytes.first, first > 0x20, first < 0x80 else { return nil }
        let last = bytes[bytes.index(bytes.endIndex, offsetBy: -1)]
        guard last > 0x20, last < 0x80 else { return nil }
        return WrittenNumber.parse(text, grouping: false)
    }

    /// Whether `bytes` spell a plain decimal number (see `double(_:)`).
    static func isPlain<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        double(String(decoding: bytes, as: UTF8.self)) != nil
    }
}
