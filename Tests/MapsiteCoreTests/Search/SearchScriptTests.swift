import Foundation
import Testing

@testable import MapsiteCore

/// The files `Tests/Node/search.test.mjs` reads, in `Tests/Fixtures/browser/search/`: two search
/// indexes written by `SearchIndex` (`places/`, the fixture places with the site's own pages;
/// `generated/`, generated places with split shards and long lists), the folding table
/// (`folding.json`: texts with `SearchText`'s folded form, tokens, `endsInToken` and derived slug)
/// and the queries with their expected results (`cases.json`, ranked by `SearchFixture.Reference`).
/// The files are compared with what the code writes now; `MAPSITE_RECORD=1` writes them again
/// (and fails on purpose, so a recording is never taken for a pass).
@Suite("Search: the browser's fixture files")
struct SearchScriptTests {
    static let folder = Fixtures.directory.appendingPathComponent("browser/search").path

    /// Texts that fold in every way `SearchText` knows, in many scripts.
    static let foldingTexts = [
        "", "  ", "1552 Walnut St.", "München", "MÜNCHEN ", "Munchen", "Straße des 17. Juni", "STRASSE", "ẞ",
        "Æsir", "Œuvre", "Søren", "Đorđe", "Ðiðrik", "Ħamrun", "Iıİi", "İstanbul", "Łódź", "Þingvellir", "Ŧ",
        "ΟΔΟΣ", "Σίσυφος", "ὈΔΥΣΣΕΎΣ", "ᾼ", "Ϊ ΐ", "ﬁsh", "ﬀ ﬃ ﬆ", "ĳssel", "ŉ", "ſ", "Ǆemal", "ǅ ǈ",
        "½ cup", "①②", "x²", "ℌ", "Ⅻ Ⅷ", "℃", "№ 5", "Ⓐⓑ", "\u{2126} \u{212A} \u{212B}", "A\u{30A} Å",
        "e\u{301}te\u{301}",
        "𝐀𝐁𝐂 𝟏𝟐", "ｆｕｌｌｗｉｄｔｈ", "ｶﾀｶﾅ ﾊﾟﾝ", "東京タワー", "北京市 Běijīng", "서울", "مدينة", "עִבְרִית",
        "हिन्दी", "ไทย", "ᲐᲑ Ꭰ", "🙂 smile", "👍🏽ok", "🇩🇪", "emoji🙂inside", "café☕", "naïve", "l'été",
        "o'neill", "co-op", "a_b", "zero\u{200D}width", "no\u{A0}break", "tab\there", "Kα",
        String(repeating: "x7", count: 20), String(repeating: "Ünï", count: 20), "walnu", "walnut ", "1st",
    ]

    /// Queries over `places/`, with expected results from the brute-force ranking.
    static let placeQueries = [
        "munchen", "München", "MÜNCHEN ", "1552 walnut", "1552 Walnut St", "1552 wal", "1552", "zür", "zur",
        "marienpl", "marienpl ", "lod", "Łódź", "lodz", "strasse", "straße", "park", "par", "paris", "paris fr",
        "paris us", "walnut sacramento", "walnut berlin", "orsay", "musée", "ΟΔΟΣ", "ﬁsh", "İstanbul", "", "  ",
        " ,.- ", "xyzzy", String(repeating: "Ünï", count: 20), "a b c d e f g h i", "de 17 juni straße berlin",
    ]

    /// Site pages in `places/search/pages.json`, and what queries find among them (paths).
    static let pages: [SearchPages.Entry] = [
        .init(title: "Corner shops", path: "shops/", meta: "2 places", text: "Shops on the corner of the street"),
        .init(title: "Walk to Łódź", path: "tours/walk/", meta: "Tour · 3 stops", text: "A long walk"),
        .init(title: "About", path: "about/", meta: "Page", text: ""),
        .init(title: "Corner shops by area", path: "shops/by/area/", meta: "2 values", text: ""),
        .init(title: "North", path: "shops/by/area/north/", meta: "Area · 2 places", text: "Corner shops"),
    ]

    static let pageCases: [(query: String, paths: [String])] = [
        ("corner", ["shops/", "shops/by/area/", "shops/by/area/north/"]),
        ("lodz", ["tours/walk/"]), ("walk lód", ["tours/walk/"]), ("nor", ["shops/by/area/north/"]), ("nor ", []),
        ("street", ["shops/"]), ("corner shops by", ["shops/by/area/"]), ("long", ["tours/walk/"]),
        ("about", ["about/"]), ("", []), ("xyzzy", []),
    ]

    static let generatedOptions: SearchIndex.Options = {
        var options = SearchIndex.Options()
        options.shardBudget = 1_024
        options.longListBytes = 64
        options.chunkSize = 16
        return options
    }()

    @Test("the fixture files are those the code writes now") func fixtureFiles() throws {
        let files = try Self.files()
        if ProcessInfo.processInfo.environment["MAPSITE_RECORD"] == "1" {
            try? FileManager.default.removeItem(atPath: Self.folder)
            try writeFiles(files, in: Self.folder)
            Issue.record("Recorded \(files.count) files in Tests/Fixtures/browser/search: review them with git diff.")
            return
        }
        let recorded = filesBelow(Self.folder)
        #expect(recorded == files.keys.sorted(), "record again with MAPSITE_RECORD=1 swift test")
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let old = readText(Self.folder + "/" + path) ?? ""
            guard old != text else { continue }
            Issue.record(
                """
                Tests/Fixtures/browser/search/\(path) differs (- recorded, + now):
                \(LineDiff.text(from: old, to: text))
                If the change is intended, record again with MAPSITE_RECORD=1 swift test.
                """)
        }
    }

    @Test("core/search.js tokenises queries as SearchText does and finds the brute-force ranking")
    func places() throws {
        let datasets = try SearchFixture.datasets()
        let reference = SearchFixture.Reference(datasets)
        for outcome in try SearchScript.search(SearchIndex(datasets: datasets), Self.placeQueries) {
            #expect(outcome.tokens == SearchText.tokens(outcome.query), "\(outcome.query)")
            #expect(outcome.endsInToken == SearchText.endsInToken(outcome.query), "\(outcome.query)")
            #expect(outcome.results.map(\.path) == reference.ranked(outcome.query), "\(outcome.query)")
        }
    }

    /// Every fixture file: path below `Tests/Fixtures/browser/search/` → text.
    static func files() throws -> [String: String] {
        var files: [String: String] = [:]
        let datasets = try SearchFixture.datasets()
        for file in SearchIndex(datasets: datasets).files { files["places/" + file.path] = file.json }
        files["places/" + SearchPages.path] = SearchPages.json(pages)
        let generated = try SearchFixture.generated(count: 400)
        for file in SearchIndex(datasets: [generated], options: generatedOptions).files {
            files["generated/" + file.path] = file.json
        }
        files["folding.json"] = try json(
            foldingTexts.map { text in
                Folding(
                    text: text, folded: SearchText.fold(text), tokens: SearchText.tokens(text),
                    endsInToken: SearchText.endsInToken(text), derivedSlug: SearchText.derivedSlug(text))
            })
        files["cases.json"] = try json(cases(datasets, generated))
        return files
    }

    struct Folding: Encodable {
        var text: String
        var folded: String
        var tokens: [String]
        var endsInToken: Bool
        var derivedSlug: String?
    }

    struct Query: Encodable {
        var query: String
        var paths: [String]
    }

    struct Cases: Encodable {
        /// Queries over `places/` and `generated/`, with their results' paths.
        var places: [Query]
        var generated: [Query]
        /// The site paths a query on a fresh page reads, sorted.
        var fetched: [Query]
        /// Queries over `places/search/pages.json`, with the paths of the pages found.
        var pages: [Query]
    }

    private static func cases(_ datasets: [Dataset], _ generated: Dataset) -> Cases {
        let places = SearchFixture.Reference(datasets)
        let others = SearchFixture.Reference([generated])
        var queries = ["s", "sa", "san", "mü", "mu", "de", "de ", "la 1st", "c1 c2", "paris c", "łódź c3", "road 1"]
        for item in generated.items.enumerated().filter({ $0.offset % 20 == 0 }).map(\.element) {
            queries += [String(item.title.prefix(3)), item.title, "\(item.title) \(item.values[1])"]
        }
        return Cases(
            places: placeQueries.map { Query(query: $0, paths: places.ranked($0)) },
            generated: queries.map { Query(query: $0, paths: others.ranked($0)) },
            fetched: [Query(query: "paris", paths: ["search/d/0.json", "search/index.json", "search/s/_.json"])],
            pages: pageCases.map { Query(query: $0.query, paths: $0.paths) })
    }

    private static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
