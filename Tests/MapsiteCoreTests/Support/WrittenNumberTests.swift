import MapsiteGeo
import Testing

@testable import MapsiteCore

private func parse(_ text: String) -> NumericColumn.Parsed {
    var text = text
    return text.withUTF8 { NumericColumn.parse($0) }
}

@Suite("NumericColumn")
struct NumericColumnTests {
    @Test(
        "numbers: one value in, one number and its decimals out",
        arguments: [
            ("387900", 387_900.0, 0), ("-12.5", -12.5, 1), ("+3", 3, 0), (" 42 ", 42, 0), ("\t7\n", 7, 0),
            ("12.50", 12.5, 2), ("0.1", 0.1, 1), (".5", 0.5, 1), ("5.", 5, 0), ("1e3", 1000, 0), ("1.5E-2", 0.015, 3),
            ("2.5e1", 25, 0), ("007", 7, 0), ("0.000001234", 0.000001234, 9),
            ("12345678901234567890", 12_345_678_901_234_567_890.0, 0), ("1e-30", 1e-30, 30),
            ("123456.7890123456789", 123456.7890123456789, 13), ("-0", 0, 0),
        ])
    func number(text: String, value: Double, decimals: Int) {
        #expect(parse(text) == .number(value, decimals: decimals))
    }

    @Test(
        "not numbers",
        arguments: [
            "n/a", "$1,200", "1,200", "1 200", "12%", "nan", "NaN", "inf", "-infinity", "0x1p3", "1e", "1e+", "e5",
            ".", "-", "+", "1.2.3", "--1", "1_000", "½", "1e999", "١٢",
        ])
    func notNumber(text: String) {
        #expect(parse(text) == .invalid)
    }

    @Test("empty values", arguments: ["", " ", "\t\n"])
    func empty(text: String) {
        #expect(parse(text) == .empty)
    }

    @Test("the fast path rounds as Double(String) does")
    func rounding() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let digits = String(UInt64.random(in: 0...999_999_999_999_999, using: &random))
            let point = Int.random(in: 0...digits.count, using: &random)
            var text = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            if Bool.random(using: &random) { text += "e\(Int.random(in: -8...8, using: &random))" }
            guard case .number(let value, _) = parse(text) else {
                Issue.record("\(text) did not parse")
                continue
            }
            #expect(value == Double(text), "\(text)")
        }
    }
}
