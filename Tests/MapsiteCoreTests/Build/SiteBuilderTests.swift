import Foundation
import Testing

@testable import MapsiteCore

/// Collects log lines from the builder.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var lines: [String] { lock.withLock { stored } }
    func append(_ line: String) { lock.withLock { stored.append(line) } }
}

@Suite("SiteBuilder")
struct SiteBuilderTests {
    @Test("the report of the basic fixture") func report() throws {
        try withTemporaryDirectory { output in
            let log = LogLines()
            let report = try buildSite(content: Fixtures.site("basic"), into: output, log: log.append)
            #expect(report.datasets == ["places": 5, "spots": 2])
            #expect(report.items == 7)
            #expect(report.skipped.isEmpty)
            #expect(report.warnings == [#"pages/info.md: link "nowhere.md" leads to no page or item"#])
            #expect(log.lines.first?.hasPrefix("Loaded 2 datasets (7 items) in ") == true)
            #expect(
                log.lines.last?.hasPrefix("Wrote \(report.output.written) files, 0 unchanged, 0 removed in ") == true)
        }
    }

    @Test("item pages have safe, unique slugs; lists are paged") func itemPages() throws {
        try withTemporaryDirectory { output in
            try buildSite(content: Fixtures.site("basic"), into: output)
            let files = Set(filesBelow(output))
            let slugs = files.compactMap { path -> String? in
                let parts = path.split(separator: "/")
                guard parts.count == 3, parts[0] == "places", parts[2] == "index.html" else { return nil }
                return ["page", "map", "by"].contains(parts[1]) ? nil : String(parts[1])
            }
            #expect(
                slugs.sorted() == ["antimeridian", "cafe-ete", "same-name-p3", "same-name-p4", "script-alert-1-script"])
            #expect(
                files.isSuperset(of: ["places/index.html", "places/page/2/index.html", "places/page/3/index.html"]))
            #expect(!files.contains("places/page/4/index.html"))
        }
    }

    @Test("skip_invalid builds every valid row and reports the others") func skipInvalid() throws {
        try withTemporaryDirectory { output in
            let content = Fixtures.site("skip-invalid")
            let report = try buildSite(content: content, into: output)
            #expect(report.datasets == ["boxes": 15, "stops": 2])
            let valid = (1...18).filter { ![4, 8, 16].contains($0) }.map { "b\($0)" }
            let built = filesBelow(output).filter { $0.hasPrefix("boxes/") && $0.hasSuffix("-main-st/index.html") }
            #expect(built.count == valid.count)
            #expect(
                report.skipped.map(\.description) == [
                    #"\#(content)/data/boxes.csv:5: column "lat": expected a number in -90…90, found """#,
                    #"\#(content)/data/boxes.csv:9: expected 4 fields as in the header, found "3 fields""#,
                    #"\#(content)/data/boxes.csv:17: column "lat": expected a number in -90…90, found "N/A""#,
                    #"\#(content)/data/boxes.csv: line 20: field "box_id": expected a unique id (already used at line 3), found "b2""#,
                    #"\#(content)/data/stops.geojson: feature 2 (id route-9): geometry.coordinates: expected a list of at least 2 positions, found "[[-87.62, 41.88]]""#,
                ])
        }
    }

    @Test("the skip-invalid fixture keeps every valid row") func skipInvalidCount() throws {
        let content = Fixtures.site("skip-invalid")
        let config = try ConfigLoader.load(contentDirectory: content)
        let boxes = try DatasetLoader.load(config.datasets[0], contentDirectory: content)
        let text = try #require(readText(content + "/data/boxes.csv"))
        let rows = text.split(separator: "\n").dropFirst()
        let ids = Set(boxes.items.map(\.id))
        // Every row whose line is not reported made an item.
        let reported = Set(boxes.skipped.compactMap { $0.line ?? $0.location.flatMap { Int($0.dropFirst(5)) } })
        for (offset, row) in rows.enumerated() where !reported.contains(offset + 2) {
            let id = String(row.prefix { $0 != "," })
            #expect(ids.contains(id), "line \(offset + 2) (\(id)) was dropped")
        }
        #expect(boxes.items.count + boxes.skipped.count == rows.count)
    }

    @Test("the base URL option overrides site.yml") func baseURL() throws {
        try withTemporaryDirectory { output in
            let options = BuildOptions(
                contentDirectory: Fixtures.site("basic"), outputDirectory: output, themeDirectory: Fixtures.theme,
                baseURL: "https://maps.example.net/x/")
            _ = try SiteBuilder(options: options).build()
            #expect(
                readText(output + "/robots.txt")?.contains("Sitemap: https://maps.example.net/x/sitemap.xml") == true)
            #expect(readText(output + "/sitemap.xml")?.contains("<loc>https://maps.example.net/x/</loc>") == true)
        }
    }

    @Test(
        "a base URL that is only a path: no sitemap.xml, a warning (none for /, the default), and robots.txt names none",
        arguments: ["/", "/maps/"])
    func noSitemapWithoutAddress(base: String) throws {
        try withTemporaryDirectory { output in
            let options = BuildOptions(
                contentDirectory: Fixtures.site("basic"), outputDirectory: output, themeDirectory: Fixtures.theme,
                baseURL: base)
            let report = try SiteBuilder(options: options).build()
            #expect(!FileManager.default.fileExists(atPath: output + "/sitemap.xml"))
            let robots = try #require(readText(output + "/robots.txt"))
            #expect(robots.hasPrefix("User-agent: *\n"))
            #expect(!robots.contains("Sitemap"))
            let warned = report.warnings.contains { $0.contains("no sitemap.xml") && $0.contains("`\(base)`") }
            #expect(warned == (base != "/"), "\(report.warnings)")
        }
    }

    @Test("the menu: map, near me, tours and favourites, numbered pages in order, then About") func menu() throws {
        func page(_ source: String, _ path: String, menu: Int?) -> Page {
            Page(source: source, path: path, frontMatter: FrontMatter(title: path, menu: menu), markdown: "")
        }
        let pages = [
            page("README.md", "about/", menu: nil), page("pages/b.md", "b/", menu: 2),
            page("pages/a.md", "a/", menu: 2),
            page("pages/c.md", "c/", menu: 1), page("pages/d.md", "d/", menu: nil),
        ]
        let boxes = try TestDataset.load("title,latitude,longitude\nA,1,2", "source: boxes.csv")
        #expect(SiteMenu.entries(pages, datasets: []).map(\.path) == ["c/", "a/", "b/", "about/"])
        let entries = SiteMenu.entries(pages, datasets: [boxes])
        #expect(entries.map(\.path) == ["boxes/map/", "near/", "favourites/", "c/", "a/", "b/", "about/"])
        #expect(entries.last?.title == "About")
        let withTours = SiteMenu.entries(pages, datasets: [boxes], tours: true)
        #expect(withTours.map(\.path).prefix(4) == ["boxes/map/", "near/", "tours/", "favourites/"])
    }
}
