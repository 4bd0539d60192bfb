import Foundation
import Testing

@testable import MapsiteCore

@Suite("Dataset: whitespace trimming")
struct WhitespaceTrimmingTests {
    static let samples = [
        "", " ", "\t", "a", " a ", "\ta\t", "\r\n a \r\n", "\u{0B}x\u{0C}", "  Chicago  ", "a b",
        "\u{00A0}a\u{00A0}", " \u{3000}東京 ", "é ", " é", " \u{301}x ", "x\u{301} ", "\u{2028}a\u{2029}",
        "\u{85}a", " \r", "\r\n", "\n\n", "a\r\n", "🗺️ ", "\u{200B}a",
    ]

    @Test("the same as Foundation", arguments: samples)
    func sameAsFoundation(text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("the same as Foundation around every ASCII character") func everyASCII() {
        for byte in UInt8(0)..<0x80 {
            let character = String(decoding: [byte], as: UTF8.self)
            for text in [character, character + "a" + character, "a" + character, character + "é"] {
                #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "\(byte)")
                #expect(
                    text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                    "\(byte)")
            }
        }
    }
}
