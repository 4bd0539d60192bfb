import Foundation
import Testing

@testable import MapsiteCore

/// The value of `text`, or the message of the error reading it.
private func read(_ text: String) -> Result<JSONValue, InputError> {
    Result { try JSONReader.parse(Array(text.utf8), file: "a.json") }.mapError { $0 as! InputError }
}

private func error(_ text: String) -> String? {
    guard case .failure(let error) = read(text) else { return nil }
    return error.description
}

/// `count` random decimal numbers of 17 significant digits in `range`, as text.
func randomDecimals(_ count: Int, in range: ClosedRange<Double>, using generator: inout some RandomNumberGenerator)
    -> [String]
{
    (0..<count).map { _ in
        let value = Double.random(in: range, using: &generator)
        let digits = max(0, 16 - Int(log10(max(abs(value), 1))))
        return String(format: "%.\(digits)f", value)
    }
}

@Suite("JSONReader")
struct JSONReaderTests {
    @Test("every kind of value, numbers as written") func values() throws {
        let value = try read(#" {"a": [1, -0.5e+3, 1.50, true, false, null, "x"], "b": {}} "#).get()
        #expect(
            value
                == .object(
                    JSONObject(members: [
                        "a": .array([
                            .number("1"), .number("-0.5e+3"), .number("1.50"), .bool(true), .bool(false), .null,
                            .string("x"),
                        ]),
                        "b": .object(JSONObject(members: [:])),
                    ])))
        #expect(value["a"]?.array?[1].number == -500)
    }

    @Test("escapes, surrogate pairs and UTF-8 in strings") func strings() throws {
        let value = try read(#"["a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "Café 😀"]"#).get()
        #expect(value == .array([.string("a\"\\/\u{8}\u{C}\n\r\té😀"), .string("Café 😀")]))
    }

    @Test("a byte order mark is skipped") func byteOrderMark() throws {
        #expect(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8), file: "a.json") == .array([.number("1")]))
    }

    @Test(
        "errors name the line and the column",
        arguments: [
            ("[1,\n  2,\n", #"a.json:3:1: expected a value, found "the end of the file""#),
            (#"{"a": 1 "b": 2}"#, #"a.json:1:9: expected a comma or } after the member, found ""b": 2}""#),
            ("[01]", #"a.json:1:2: expected a number without leading zeros, found "01]""#),
            ("[1.]", #"a.json:1:4: expected a digit after the decimal point, found "]""#),
            ("[.5]", #"a.json:1:2: expected a value, found ".5]""#),
            ("[NaN]", #"a.json:1:2: expected a value, found "NaN]""#),
            ("[0x10]", #"a.json:1:3: expected a comma or ] after the element, found "x10]""#),
            ("[tru]", #"a.json:1:2: expected a value, found "tru]""#),
            ("[1] [2]", #"a.json:1:5: expected the end of the file after the value, found "[2]""#),
            (
                "[\"a\nb\"]",
                #"a.json:1:4: expected no control characters in a string (write them as \n, \t, \u0001), found "U+000A""#
            ),
            (#"["\x"]"#, #"a.json:1:3: expected an escape such as \n, \" or \u00e9, found "\x"]""#),
            (#"["\u12"]"#, #"a.json:1:7: expected four hexadecimal digits after \u, found ""]""#),
            (
                #"["\ud83d"]"#,
                #"a.json:1:3: expected a low surrogate \uDC00…\uDFFF after the high surrogate, found "\ud83d"]""#
            ),
            (#"["\ude00"]"#, #"a.json:1:3: expected a character, not a lone low surrogate, found "\ude00"]""#),
            (#"["a\u0000"]"#, #"a.json:1:4: expected text without NUL characters, found "\u0000""#),
            (
                "{\"a\": 1,\n \"a\": 2}",
                #"a.json:2:2: expected a different key for each member of an object, found ""a" again""#
            ),
            ("", #"a.json:1:1: expected a value, found "the end of the file""#),
        ])
    func errors(text: String, message: String) {
        #expect(error(text) == message)
    }

    @Test("bytes that are not UTF-8, and NUL bytes, name the line and the column") func badBytes() {
        let bytes = Array("[\"a\",\n \"b".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        #expect(
            throws: InputError(
                file: "a.json", line: 2, column: 4, expected: "UTF-8 text", found: "byte 0xC3 that is not UTF-8")
        ) {
            try JSONReader.parse(bytes, file: "a.json")
        }
        #expect(
            throws: InputError(
                file: "a.json", line: 1, column: 3, expected: "text without NUL bytes", found: "a NUL byte")
        ) {
            try JSONReader.parse(Array("[\"\u{0}\"]".utf8), file: "a.json")
        }
    }

    @Test("nesting 100,000 deep is an error, not a crash") func deepNesting() {
        let message = "a.json:1:513: expected at most 512 levels of nested arrays and objects, found \"[[[[[[[[[[[[\""
        #expect(error(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)) == message)
        #expect(error(String(repeating: "{\"a\":", count: 100_000)) != nil)
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(error(deepest) == nil)
    }

    @Test("random 17-digit numbers read exactly as Double(text) does") func exactNumbers() throws {
        var generator = SystemRandomNumberGenerator()
        let texts = randomDecimals(20_000, in: -180...180, using: &generator)
        let value = try read("[" + texts.joined(separator: ",") + "]").get()
        let numbers = try #require(value.array).map(\.number)
        #expect(numbers == texts.map(Double.init))
    }

    @Test("numbers of up to 15 digits, read in one division, are bit for bit what Double(text) gives")
    func shortNumbers() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "0", "-0", "0.0", "-0.0", "0.1", "-0.5", "123456789012345", "-0.00000000000001", "1e5",
            "0.1234567890123456", "1234567890123456",
        ]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...15, using: &generator)
            let decimals = Int.random(in: 0...digits, using: &generator)
            var text = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            if decimals > 0 { text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals)) }
            // The reader's grammar: no leading zeros but for a lone 0 before the point.
            text = text.replacing(/^0+(?=[0-9])/, with: "")
            if text.hasPrefix(".") { text = "0" + text }
            texts.append(Bool.random(using: &generator) ? "-" + text : text)
        }
        let value = try read("[" + texts.joined(separator: ",") + "]").get()
        let numbers = try #require(value.array).map { $0.number?.bitPattern }
        #expect(numbers == texts.map { Double($0)?.bitPattern })
    }
}
