import Foundation
import Testing

@testable import MapsiteCore

@Suite("Scaffold: the content folder of mapsite new")
struct ScaffoldTests {
    @Test("a new content folder builds at once, with no warning")
    func builds() throws {
        try withTemporaryDirectory { directory in
            let content = directory + "/content"
            try Scaffold.write(to: content)
            let report = try buildSite(content: content, into: directory + "/site")
            #expect(report.datasets == ["libraries": 12])
            // base_url: / until the author knows the site's address: no sitemap, and no word of it.
            #expect(report.warnings.isEmpty, "\(report.warnings)")
            #expect(report.skipped.isEmpty)
            let files = Set(filesBelow(directory + "/site"))
            let itemPages = files.filter {
                $0.hasPrefix("libraries/") && $0.hasSuffix("/index.html") && $0.split(separator: "/").count == 3
                    && !$0.hasPrefix("libraries/map/")
            }
            #expect(itemPages.count == 12, "\(itemPages.sorted())")
            #expect(files.contains("libraries/jefferson-market-library/index.html"))
            #expect(files.isSuperset(of: ["index.html", "libraries/index.html", "about-the-data/index.html"]))
            let about = try #require(readText(directory + "/site/about-the-data/index.html"))
            #expect(about.contains(#"href="../libraries/jefferson-market-library/""#), "the item: link resolves")
        }
    }

    @Test("site.yml names every key of the configuration") func everyKey() {
        let siteKeys = [
            "title", "description", "base_url", "language", "contact", "basemap", "url", "attribution", "max_zoom",
            "leaflet", "unsafe_html", "page_size", "datasets", "color", "short_name", "icon", "precompress",
        ]
        let nestedKeys = ["dataset", "count", "title", "name", "label", "format"]
        let written = Set(
            Scaffold.siteConfig.split(separator: "\n").compactMap { line -> String? in
                let text = line.drop { $0 == " " || $0 == "#" || $0 == "-" }
                guard let colon = text.firstIndex(of: ":") else { return nil }
                return String(text[..<colon])
            })
        for key in siteKeys + DatasetConfigParser.keys + nestedKeys {
            #expect(written.contains(key), "site.yml has no line for \(key)")
        }
    }

    @Test("the sample places lie in Manhattan, each with its own id") func places() throws {
        let rows = Scaffold.libraries.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        #expect(rows.count == 12)
        #expect(Set(rows.map { $0[0] }).count == 12)
        for row in rows {
            let latitude = try #require(Double(row[row.count - 2]))
            let longitude = try #require(Double(row[row.count - 1]))
            #expect((40.70...40.88).contains(latitude) && (-74.02 ... -73.90).contains(longitude), "\(row)")
        }
    }

    @Test("Scaffold.write refuses a file") func file() throws {
        try withTemporaryDirectory { directory in
            try writeFiles(["notes.txt": "x"], in: directory)
            #expect(throws: ScaffoldError(directory: directory + "/notes.txt", problem: .notAFolder)) {
                try Scaffold.write(to: directory + "/notes.txt")
            }
        }
    }
}
