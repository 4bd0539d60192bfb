import Testing

@testable import MapsiteCore

@Suite("Search: text")
struct SearchTextTests {
    @Test(
        "folding",
        arguments: [
            ("München", "munchen"), ("MÜNCHEN", "munchen"), ("Straße", "strasse"),
            ("STRASSE", "strasse"), ("ẞ", "ss"), ("Łódź", "lodz"), ("Ærøskøbing", "aeroskobing"),
            ("İstanbul", "istanbul"), ("Þórshöfn", "thorshofn"), ("Œuvre", "oeuvre"), ("Đakovo", "dakovo"),
            ("ΟΔΟΣ", "οδοσ"), ("οδος", "οδοσ"), ("ＡＢＣ", "abc"), ("ﬁsh", "fish"), ("São Paulo", "sao paulo"),
            ("Saint-Étienne", "saint-etienne"), ("1552 Walnut St.", "1552 walnut st."),
        ])
    func fold(input: String, expected: String) {
        #expect(SearchText.fold(input) == expected)
    }

    @Test(
        "tokens",
        arguments: [
            ("1552 Walnut St.", ["1552", "walnut", "st"]), ("O'Hare", ["o", "hare"]),
            ("Saint-Étienne", ["saint", "etienne"]), ("  ", []), ("", []), ("🗺️ Map", ["map"]),
            ("東京都", ["東京都"]), ("Москва", ["москва"]), ("A1/B2", ["a1", "b2"]), ("½", ["1", "2"]),
            ("Apt. #4-B", ["apt", "4", "b"]), ("Straße des 17. Juni", ["strasse", "des", "17", "juni"]),
            (String(repeating: "ab", count: 30) + " x", [String(repeating: "ab", count: 16), "x"]),
            (String(repeating: "é", count: 40), [String(repeating: "e", count: 32)]),
        ])
    func tokens(input: String, expected: [String]) {
        #expect(SearchText.tokens(input) == expected)
    }

    @Test("accented and plain spellings give the same tokens") func bothWays() {
        #expect(SearchText.tokens("München") == SearchText.tokens("Munchen"))
        #expect(SearchText.tokens("Zürich") == SearchText.tokens("ZURICH"))
    }

    @Test("the last word is incomplete only when the text ends inside it") func endsInToken() {
        #expect(SearchText.endsInToken("walnu"))
        #expect(SearchText.endsInToken("1552 w"))
        #expect(SearchText.endsInToken("münch"))
        #expect(!SearchText.endsInToken("walnut "))
        #expect(!SearchText.endsInToken("walnut,"))
        #expect(!SearchText.endsInToken(""))
    }

    @Test("the derived slug of an ASCII title is the slug the loader makes") func derivedSlug() {
        for title in hostileTitles + [
            "1552 Walnut St", "St. Ives, Cornwall", "A--B", "x" + String(repeating: " y", count: 50),
        ]
        where title.utf8.allSatisfy({ $0 < 0x80 }) {
            #expect(SearchText.derivedSlug(title) == Slug.make(from: title), "\(title)")
        }
    }

    @Test("no slug is derived from a title with other characters") func noDerivedSlug() {
        #expect(SearchText.derivedSlug("Café") == nil)
        #expect(SearchText.derivedSlug("日本語") == nil)
    }

    @Test(
        "derivesSlug tells whether derivedSlug gives the slug",
        arguments: [
            "", "!!!", "1552 Walnut St.", "  Hello,  World  ", "O'Hare", "A-B", "Café", "日本語", "x\r\ny",
            String(repeating: "ab ", count: 40), String(repeating: "a", count: 79) + " b",
            String(repeating: "a", count: 80) + " b", String(repeating: "a", count: 90), "Ends in é",
        ])
    func derivesSlug(title: String) {
        let derived = SearchText.derivedSlug(title)
        for slug in [derived ?? "", Slug.make(from: title), "other", (derived ?? "") + "-"] {
            #expect(SearchText.derivesSlug(title, slug) == (derived == slug), "\(title) / \(slug)")
        }
    }
}
