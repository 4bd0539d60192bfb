import Testing

@testable import MapsiteCore

@Suite("Value formats")
struct ValueFormatTests {
    @Test(
        "currency groups thousands and keeps cents only when there are any",
        arguments: [
            ("387900", "$387,900"), ("1234.5", "$1,234.50"), ("-12", "-$12"), ("0", "$0"), ("n/a", "n/a"), ("", ""),
        ])
    func currency(value: String, shown: String) {
        #expect(ValueFormat.currency(symbol: "$").format(value) == shown)
    }

    @Test("number groups thousands and keeps the decimals as written")
    func number() {
        #expect(ValueFormat.number.format("1234567.25") == "1,234,567.25")
        #expect(ValueFormat.number.format("999") == "999")
    }

    @Test("formats parse from the config's words")
    func parse() {
        #expect(ValueFormat("currency €") == .currency(symbol: "€"))
        #expect(ValueFormat("NUMBER") == .number)
        #expect(ValueFormat("percent") == nil)
    }
}
