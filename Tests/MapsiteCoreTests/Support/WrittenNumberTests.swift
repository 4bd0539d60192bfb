import MapsiteGeo
import Testing

@testable import MapsiteCore

private func read(_ text: String, symbol: String? = nil) -> WrittenNumber.Reading {
    WrittenNumber.read(text, symbol: symbol)
}

/// The one rule by which `number` and `currency` fields are read: what it takes and what it refuses.
@Suite("WrittenNumber")
struct WrittenNumberTests {
    @Test(
        "accepted: one value in, one number and its decimals out",
        arguments: [
            ("387900", 387_900.0, 0), ("-12.5", -12.5, 1), ("+3", 3, 0), (" 42 ", 42, 0), ("\t7\n", 7, 0),
            ("12.50", 12.5, 2), ("0.1", 0.1, 1), (".5", 0.5, 1), ("5.", 5, 0), ("1e3", 1000, 0), ("1.5E-2", 0.015, 3),
            ("2.5e1", 25, 0), ("007", 7, 0), ("0.000001234", 0.000001234, 9),
            ("12345678901234567890", 12_345_678_901_234_567_890.0, 0), ("1e-30", 1e-30, 30),
            ("123456.7890123456789", 123456.7890123456789, 13), ("-0", 0, 0),
            // Thousands separators: a first group of one to three digits, then groups of three.
            ("1,234", 1234, 0), ("12,345", 12345, 0), ("123,456", 123_456, 0), ("1,234,567.25", 1_234_567.25, 2),
            ("-1,234.5", -1234.5, 1), ("1,234.", 1234, 0), ("1,234,567,890,123,456,789", 1_234_567_890_123_456_789, 0),
            ("\u{A0}1,234\u{A0}", 1234, 0),
        ])
    func accepted(text: String, value: Double, decimals: Int) {
        #expect(read(text) == .number(value, decimals: decimals), "\(text)")
        #expect(WrittenNumber.parse(text) == value)
    }

    @Test(
        "accepted with the field's currency symbol",
        arguments: [
            ("$2,285,700", "$", 2_285_700.0, 0), ("$387900", "$", 387_900, 0), ("-$12.50", "$", -12.5, 2),
            ("$-12.50", "$", -12.5, 2), ("+$1", "$", 1, 0), ("$ 5", "$", 5, 0), ("$\u{A0}5", "$", 5, 0),
            ("€1.234", "€", 1.234, 3), ("€1,234", "€", 1234, 0), ("£7", "£", 7, 0), ("¥1,000", "¥", 1000, 0),
            ("US$12", "US$", 12, 0), ("CHF 1,200.05", "CHF", 1200.05, 2), ("12", "$", 12, 0),
        ])
    func currency(text: String, symbol: String, value: Double, decimals: Int) {
        #expect(read(text, symbol: symbol) == .number(value, decimals: decimals), "\(text)")
    }

    @Test(
        "refused: not numbers by the rule",
        arguments: [
            "n/a", "$1,200", "1 200", "12%", "nan", "NaN", "inf", "-infinity", "Infinity", "0x10", "0x1p3", "1e", "1e+",
            "e5", ".", "-", "+", "1.2.3", "--1", "1_000", "½", "1e999", "-1e400", "١٢",
            // Separators out of place: a decimal comma, groups of two or four, a grouped fraction.
            "1,23", "1,2345", "1234,567", ",123", "1,,234", "1,234,56", "1.234,5", "1,234.567,8", "1,234e3", "12,",
            // Currency symbols where the field has none, or after the number; accounting brackets.
            "€5", "5 €", "5$", "(12)", "$", "1 234",
        ])
    func refused(text: String) {
        #expect(read(text) == .invalid, "\(text)")
        #expect(WrittenNumber.parse(text) == nil)
    }

    @Test(
        "refused in a currency field: another symbol, a symbol after, a sign twice",
        arguments: [
            ("€5", "$"), ("5$", "$"), ("$$5", "$"), ("-$-5", "$"), ("$1,23", "$"), ("$inf", "$"), ("$0x10", "$"),
        ])
    func refusedCurrency(text: String, symbol: String) {
        #expect(read(text, symbol: symbol) == .invalid, "\(text)")
    }

    @Test("without grouping (coordinates): 1,234 is refused") func plain() {
        #expect(WrittenNumber.parse("1,234", grouping: false) == nil)
        #expect(DecimalText.double("1,234") == nil)
        #expect(DecimalText.double("-87.6278") == -87.6278)
        #expect(DecimalText.double(" 5") == nil)
        #expect(DecimalText.double("inf") == nil)
    }

    @Test("empty values", arguments: ["", " ", "\t\n", "\u{A0}"])
    func empty(text: String) {
        #expect(read(text) == .empty)
    }

    @Test("the fast path rounds as Double(String) does, with and without separators")
    func rounding() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let digits = String(UInt64.random(in: 0...999_999_999_999_999, using: &random))
            let point = Int.random(in: 0...digits.count, using: &random)
            var text = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            if Bool.random(using: &random) { text += "e\(Int.random(in: -8...8, using: &random))" }
            guard case .number(let value, _) = read(text) else {
                Issue.record("\(text) did not parse")
                continue
            }
            #expect(value == Double(text), "\(text)")
            // The same digits grouped by threes read the same.
            let whole = String(digits.prefix(point))
            guard !text.contains("e"), whole.count > 3 else { continue }
            var grouped = ""
            for (index, digit) in whole.enumerated() {
                if index > 0, (whole.count - index) % 3 == 0 { grouped.append(",") }
                grouped.append(digit)
            }
            #expect(read(grouped + "." + digits.dropFirst(point)) == read(text), "\(grouped)")
        }
    }

    @Test(
        "pages show what the rule reads",
        arguments: [
            (ValueFormat.number, "1234.50", "1,234.50"), (.number, "1,234", "1,234"), (.number, "1.5e3", "1,500"),
            (.number, "2.5e-1", "0.25"), (.number, "-0.5", "-0.5"), (.number, "$5", "$5"), (.number, "n/a", "n/a"),
            (.currency(symbol: "$"), "$2,285,700", "$2,285,700"), (.currency(symbol: "$"), "2285700", "$2,285,700"),
            (.currency(symbol: "$"), "-$12.5", "-$12.50"), (.currency(symbol: "€"), "€1,234.5", "€1,234.50"),
            (.currency(symbol: "€"), "$5", "$5"), (.number, "0x10", "0x10"), (.number, "inf", "inf"),
        ])
    func shown(format: ValueFormat, value: String, shown: String) {
        #expect(format.format(value) == shown)
    }
}
