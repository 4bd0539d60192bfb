import Testing

@testable import MapsiteCore

@Suite("TextCheck")
struct TextCheckTests {
    @Test("valid UTF-8 of every length passes, ASCII runs included") func valid() {
        let text = String(repeating: "plain ascii text, ", count: 5) + "é € 😀 \u{10FFFF} \u{7F} end"
        #expect(TextCheck.firstProblem(in: Array(text.utf8)) == nil)
        #expect(TextCheck.firstProblem(in: []) == nil)
    }

    @Test(
        "the first bad byte, after any run of ASCII",
        arguments: [
            ([0xFF], 0), ([0x80], 0), ([0xC0, 0xAF], 0), ([0xC2], 0), ([0xE0, 0x80, 0x80], 0),
            ([0xED, 0xA0, 0x80], 0), ([0xF4, 0x90, 0x80, 0x80], 0), ([0xF0, 0x9F, 0x98], 0),
            ([0xF5, 0x80, 0x80, 0x80], 0), ([0x00], 0), ([0xE2, 0x82, 0x41], 0),
        ] as [([UInt8], Int)])
    func invalid(bad: [UInt8], at offset: Int) {
        for prefix in [0, 3, 8, 13, 16] {
            let bytes = [UInt8](repeating: 0x61, count: prefix) + bad + Array("tail".utf8)
            #expect(TextCheck.firstProblem(in: bytes)?.offset == prefix + offset, "after \(prefix) ASCII bytes")
        }
    }

    @Test("line and column of the bad byte") func position() {
        let problem = TextCheck.firstProblem(in: Array("first\nsecond\nab".utf8) + [0xFE])
        #expect(problem == TextCheck.Problem(offset: 15, line: 3, column: 3, byte: 0xFE))
        #expect(problem?.found == "byte 0xFE that is not UTF-8")
        #expect(TextCheck.firstProblem(in: Array("x\u{0}".utf8))?.found == "a NUL byte")
    }
}
