import Testing

@testable import MapsiteCore

@Suite("ControlCharacters")
struct ControlCharactersTests {
    @Test("C0, DEL and C1 written as Swift escapes; printable text, accents and emoji kept")
    func escapes() {
        let cases: [(String, String)] = [
            ("\u{1B}[2J", #"\u{1B}[2J"#),
            ("a\u{0}b", #"a\u{0}b"#),
            ("tab\there\r\n", #"tab\there\r\n"#),
            ("\u{7F}\u{80}\u{9B}\u{9F}", #"\u{7F}\u{80}\u{9B}\u{9F}"#),
            ("\u{A0}Zürich 🗺️ ~", "\u{A0}Zürich 🗺️ ~"),
        ]
        for (raw, shown) in cases {
            #expect(ControlCharacters.escaped(raw) == shown)
        }
    }

    @Test("a message of several lines keeps its line breaks, and nothing else raw")
    func lines() {
        let shown = ControlCharacters.escaped("one\u{1B}]0;x\u{7}\ntwo", keepingNewlines: true)
        #expect(shown == "one\\u{1B}]0;x\\u{7}\ntwo")
    }

    @Test("an error's found value, field and file are all escaped")
    func inputError() {
        let error = InputError(
            file: "data/a\u{1B}.csv", line: 3, field: "column \"n\u{9B}\"", expected: "a number", found: "\u{1B}c")
        #expect(error.description == #"data/a\u{1B}.csv:3: column "n\u{9B}": expected a number, found "\u{1B}c""#)
    }
}
