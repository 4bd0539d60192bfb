import Testing

@testable import MapsiteCore

@Suite("Search: UTF-8 order")
struct UTF8OrderTests {
    static let texts = [
        "", "a", "ab", "abc", "abcdefgh", "abcdefghi", "abcdefgg", "abcdefgh\u{0}", "b", "B", "é", "e\u{301}",
        "z", "東京", "🗺️", "a\u{0}", "\u{0}", "long text past eight bytes", "long text past eight bytez",
    ]

    @Test("the order of the bytes, keys and all") func bytes() {
        for a in Self.texts {
            for b in Self.texts {
                let expected = a.utf8.lexicographicallyPrecedes(b.utf8)
                #expect(UTF8Order.precedes(a, b) == expected, "\(a) \(b)")
                #expect((UTF8Order.compare(a, b) == 0) == a.utf8.elementsEqual(b.utf8), "\(a) \(b)")
                let (keyA, keyB) = (UTF8Order.prefixKey(a), UTF8Order.prefixKey(b))
                if keyA != keyB { #expect((keyA < keyB) == expected, "\(a) \(b)") }
            }
        }
        let sorted = UTF8Order.sortedPositions(of: Self.texts).map { Self.texts[$0] }
        #expect(sorted == Self.texts.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test("a long list, sorted in halves and merged, is in the order of the bytes, ties by position")
    func longList() {
        var generator = SystemRandomNumberGenerator()
        let texts = (0..<50_000).map { _ in
            // many duplicates and shared prefixes longer than the eight-byte key
            "cities/" + String(repeating: "x", count: Int.random(in: 0...3, using: &generator))
                + String(Int.random(in: 0..<20_000, using: &generator))
        }
        let sorted = UTF8Order.sortedPositions(of: texts)
        let expected = texts.indices.sorted {
            texts[$0].utf8.elementsEqual(texts[$1].utf8)
                ? $0 < $1 : texts[$0].utf8.lexicographicallyPrecedes(texts[$1].utf8)
        }
        #expect(sorted == expected)
    }

    @Test(
        "ASCII words are the words of the general path",
        arguments: [
            "1552 Walnut St.", "O'Hare", "  ", "", "A1/B2", "Apt. #4-B", "MiXeD cAsE 42x", "tab\tand\nline",
            String(repeating: "ab", count: 30) + " x",
        ])
    func asciiWords(text: String) {
        var general: [String] = []
        var current = ""
        for scalar in SearchText.fold(text).unicodeScalars {
            if SearchText.isWordScalar(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                general.append(current)
                current = ""
            }
        }
        if !current.isEmpty { general.append(current) }
        #expect(SearchText.asciiWords(text) == general)
        #expect(SearchText.asciiWords("Café") == nil)
    }
}
