import Foundation
import MapsiteTestSupport
import Testing

/// One place's long title or `hours` value as a user meets it (#31 point 12): a title is cut in the
/// tiles, search and lists rather than repeated whole in each, and an `hours` value too long to be
/// hours stops the build rather than taking a minute to read.
@Suite("mapsite build: one place's long title or hours")
struct LongValueCommandTests {
    /// Builds a dataset of two boxes, the first with `title` and `times`, into `directory`.
    private func build(
        in directory: String, title: String, times: String = "Mo-Fr 17:00", skipInvalid: Bool = false
    ) throws -> CommandResult {
        try writeFiles(
            [
                "content/site.yml": """
                datasets:
                  - source: data/boxes.csv
                    id: id
                    item_title: name
                    skip_invalid: \(skipInvalid)
                    fields:
                      - {name: kind}
                      - {name: times, format: hours}
                    list_fields: [kind]
                """,
                "content/data/boxes.csv":
                    "id,name,latitude,longitude,kind,times\n1,\(title),41.8,-87,\(title),\(times)\n"
                    + "2,Short,41.9,-87,box,Sa 12:00\n",
            ], in: directory)
        return try MapsiteBinary.run(["build", "--content", directory + "/content", "--output", directory + "/site"])
    }

    /// Every file of `folder` below it, by its path relative to it.
    private func files(_ folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        return (enumerator?.allObjects as? [String] ?? []).filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + $0, isDirectory: &isFolder)
                && !isFolder.boolValue
        }
    }

    @Test("a 30,000-character title: whole on its page and in the downloads only, cut at a word in the tiles")
    func longTitle() throws {
        // Words of varied lengths, then a word found nowhere else: it must reach no tile, list or search file.
        let words = (0..<5000).map { ["alpha", "bo", "charlie", "dee", "echoes"][($0 * 7) % 5] }
        let title = words.joined(separator: " ") + " zzzlastword"
        try withTemporaryDirectory { directory in
            let result = try build(in: directory, title: title)
            #expect(result.status == 0, "\(result.stderr)")
            let warnings = result.stderr.components(separatedBy: "\n").filter { $0.contains("longer than 300") }
            #expect(warnings.count == 1, "\(result.stderr)")
            #expect(warnings.first?.contains("1 of 2 places") == true && warnings.first?.contains("line 2") == true)
            let site = directory + "/site"
            let whole = files(site).filter { (readText(site + "/" + $0) ?? "").contains("zzzlastword") }.sorted()
            #expect(whole.count == 3, "\(whole)")
            #expect(whole.contains("downloads/boxes.csv") && whole.contains("downloads/boxes.geojson"), "\(whole)")
            #expect(whole.allSatisfy { $0.hasPrefix("downloads/") || $0.hasSuffix("/index.html") }, "\(whole)")
            // The tile's title: at most 300 characters and "…", a prefix of the title ending at a word.
            let tile = try #require(readText(site + "/tiles/boxes/0/0/0.json"))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(tile.utf8)) as? [String: Any])
            let points = try #require(json["p"] as? [[Any]])
            let shown = try #require(points.compactMap { $0[3] as? String }.first { $0.hasPrefix("alpha") })
            #expect(shown.hasSuffix("…") && shown.count <= 301, "\(shown.count)")
            let kept = String(shown.dropLast())
            #expect(title.hasPrefix(kept) && kept.count >= 150)
            #expect(title.dropFirst(kept.count).first == " ", "cut inside a word: \(kept.suffix(20))")
        }
    }

    @Test("an hours value of 3,000 characters: exit 1 naming the row and the limit; skip_invalid: a warning")
    func longHours() throws {
        let times = Array(repeating: "Mo-Fr 17:00", count: 250).joined(separator: "; ")
        try withTemporaryDirectory { directory in
            let result = try build(in: directory, title: "Long", times: times)
            #expect(result.status == 1)
            #expect(
                result.stderr.contains(
                    #"data/boxes.csv:2: column "times": expected hours of at most 2000 characters such as "#
                        + #""Mo-Fr 17:00; Sa 12:00" (this value has \#(times.utf8.count)), found "Mo-Fr 17:00;"#),
                "\(result.stderr)")
        }
        try withTemporaryDirectory { directory in
            let result = try build(in: directory, title: "Long", times: times, skipInvalid: true)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stderr.contains(
                    #"1 of 2 values of "times" are longer than 2000 characters, the most an hours value may have, "#
                        + "shown as text as skip_invalid is on: line 2 (\(times.utf8.count) characters)"),
                "\(result.stderr)")
        }
    }

    @Test("an hours value of 1,974 characters, under the limit, still reads as hours: no warning")
    func hoursUnderTheLimit() throws {
        let times = Array(repeating: "Mo-Fr 17:00", count: 152).joined(separator: "; ")
        try #require(times.utf8.count == 1974)
        try withTemporaryDirectory { directory in
            let result = try build(in: directory, title: "Long", times: times)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("times"), "\(result.stderr)")
        }
    }

    @Test("a GeoPackage where with WITH RECURSIVE, which SQLite would run for ever: exit 1 at once; quoted words pass")
    func recursiveWhere() throws {
        try withTemporaryDirectory { directory in
            let points =
                #"{"type":"FeatureCollection","features":["#
                + #"{"type":"Feature","properties":{"name":"With select"},"geometry":{"type":"Point","coordinates":[-87,41.8]}},"#
                + #"{"type":"Feature","properties":{"name":"Other"},"geometry":{"type":"Point","coordinates":[-87,41.9]}}]}"#
            try writeFiles(["points.geojson": points], in: directory)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["ogr2ogr", "-f", "GPKG", directory + "/content/data/points.gpkg", "points.geojson"]
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            try FileManager.default.createDirectory(
                atPath: directory + "/content/data", withIntermediateDirectories: true)
            try process.run()
            process.waitUntilExit()
            try #require(
                process.terminationStatus == 0, "ogr2ogr failed or is missing: `make test-deps` installs gdal-bin")
            func build(_ filter: String) throws -> CommandResult {
                try writeFiles(
                    [
                        "content/site.yml":
                            "datasets:\n  - source: data/points.gpkg\n    item_title: name\n    where: \"\(filter)\"\n"
                    ], in: directory)
                return try MapsiteBinary.run([
                    "build", "--content", directory + "/content", "--output", directory + "/site",
                ])
            }
            let recursive = try build(
                "fid IN (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c)")
            #expect(recursive.status == 1)
            #expect(
                recursive.stderr.contains(
                    #"site.yml:4: key "datasets[0].where": expected an expression on the layer's fields, such as "#
                        + #"kind = 'park', without a query inside it (WITH: a query, such as WITH RECURSIVE, may run "#
                        + "for ever)"), "\(recursive.stderr)")
            let quoted = try build("name = 'With select'")
            #expect(quoted.status == 0, "\(quoted.stderr)")
            #expect(FileManager.default.fileExists(atPath: directory + "/site/points/with-select/index.html"))
            #expect(!FileManager.default.fileExists(atPath: directory + "/site/points/other/index.html"))
        }
    }
}
