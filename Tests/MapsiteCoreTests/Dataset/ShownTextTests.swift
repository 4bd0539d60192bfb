import Testing

@testable import MapsiteCore

@Suite("ShownText: a long title cut at a word")
struct ShownTextTests {
    /// The cut by its definition, on an array of characters: the last whitespace at a position of
    /// 150…300 (300 being the character after the kept ones) ends the kept text, else the 300th
    /// character does; trailing whitespace is dropped and "…" added.
    private func expected(_ text: String) -> String {
        let characters = Array(text)
        guard characters.count > 300 else { return text }
        let end = (150...300).last { characters[$0].isWhitespace } ?? 300
        var kept = characters[..<end]
        while let last = kept.last, last.isWhitespace { kept = kept.dropLast() }
        return String(kept) + "…"
    }

    @Test("random texts of letters, accents, emoji, spaces and newlines, around the limit, against the definition")
    func againstDefinition() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "b", "é", "😀", "🇫🇮", " ", " ", "\n", "\u{3000}", "字"]
        for round in 0..<500 {
            let length = [10, 299, 300, 301, 302, 450, 2000][round % 7]
            // Some texts with few spaces, so that no word ends in the second half of the 300.
            let spaces = round % 3 == 0 ? 200 : 5
            let text = String(
                (0..<length).map { _ in
                    Int.random(in: 0..<spaces, using: &generator) == 0
                        ? alphabet[5 + Int.random(in: 0..<4, using: &generator)]
                        : alphabet[Int.random(in: 0..<5, using: &generator)]
                })
            #expect(ShownText.cut(text) == expected(text), "\(Array(text))")
            #expect(ShownText.isCut(text) == (ShownText.cut(text) != text))
        }
    }

    @Test("a 5 MB title is cut to at most 301 characters")
    func large() {
        let title = String(repeating: "hotel alpha ", count: 450_000)
        let cut = ShownText.cut(title)
        #expect(cut.count <= 301 && cut.hasSuffix("alpha…") && title.hasPrefix(String(cut.dropLast())))
    }
}
