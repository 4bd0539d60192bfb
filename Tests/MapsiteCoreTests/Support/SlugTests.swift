import Testing

@testable import MapsiteCore

/// Titles an attacker or a careless spreadsheet could put in a dataset.
let hostileTitles = [
    "../../etc", "..", ".", "/", "\\", "../", "/etc/passwd", "C:\\Windows", "a/../../b", "%2e%2e%2f", "", " ",
    "🗺️", "🗺️ Map", "Café Été", "日本語", "<script>alert(1)</script>", "a\u{0}b", "\u{202E}evil", "-leading",
    "trailing-", "--", "ＡＢＣ", "İstanbul", "Ørsted", "Straße", String(repeating: "a", count: 200),
    String(repeating: "a", count: 79) + " b", String(repeating: "é", count: 100), "by", "page", "map", "index.html",
]

@Suite("Slug")
struct SlugTests {
    @Test("accents are folded") func accents() {
        #expect(Slug.make(from: "Café Été") == "cafe-ete")
    }

    @Test("punctuation becomes one hyphen") func punctuation() {
        #expect(Slug.make(from: "Café de l'Été, 12") == "cafe-de-l-ete-12")
    }

    @Test("path climbing is removed") func pathClimbing() {
        #expect(Slug.make(from: "../../etc") == "etc")
    }

    @Test("a lone slash is empty") func slash() {
        #expect(Slug.make(from: "/") == "")
    }

    @Test("emoji are dropped") func emoji() {
        #expect(Slug.make(from: "🗺️ Map") == "map")
        #expect(Slug.make(from: "🗺️") == "")
    }

    @Test("empty text") func empty() {
        #expect(Slug.make(from: "") == "")
    }

    @Test("no leading or trailing hyphens") func hyphens() {
        #expect(Slug.make(from: "  --Hello, World!--  ") == "hello-world")
    }

    @Test("sharp s") func sharpS() {
        #expect(Slug.make(from: "Straße") == "strasse")
    }

    @Test("full-width letters") func fullWidth() {
        #expect(Slug.make(from: "ＡＢＣ") == "abc")
    }

    @Test("scripts without Latin letters give an empty slug") func nonLatin() {
        #expect(Slug.make(from: "日本語") == "")
    }

    @Test("long text is cut to the maximum length") func long() {
        #expect(Slug.make(from: String(repeating: "a", count: 200)) == String(repeating: "a", count: 80))
    }

    @Test("a word starting at the limit does not push past it") func longWithWord() {
        let slug = Slug.make(from: String(repeating: "a", count: 79) + " bcd")
        #expect(slug.utf8.count <= Slug.maximumLength)
        #expect(Slug.isSafe(slug))
    }

    @Test("a sharp s at the limit does not push past it") func longWithSharpS() {
        let slug = Slug.make(from: String(repeating: "a", count: 79) + "ß")
        #expect(Slug.isSafe(slug))
    }

    @Test("a cut never ends in a hyphen") func cutHyphen() {
        let slug = Slug.make(from: String(repeating: "a", count: 79) + " " + String(repeating: "b", count: 10))
        #expect(!slug.hasSuffix("-"))
    }

    @Test("every hostile title gives a safe slug or none", arguments: hostileTitles)
    func hostile(title: String) {
        let slug = Slug.make(from: title)
        #expect(slug.isEmpty || Slug.isSafe(slug), "\(slug)")
    }

    @Test(
        "safe slugs",
        arguments: ["cafe-ete", "a", "0", "box-12", String(repeating: "a", count: 80)])
    func safe(slug: String) {
        #expect(Slug.isSafe(slug))
    }

    @Test(
        "unsafe slugs",
        arguments: [
            "", "-a", "A", "a/b", "..", ".", "a_b", "a b", "café", "a\u{0}", String(repeating: "a", count: 81),
        ])
    func unsafe(slug: String) {
        #expect(!Slug.isSafe(slug))
    }
}
