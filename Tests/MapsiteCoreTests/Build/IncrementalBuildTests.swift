import Foundation
import Testing

@testable import MapsiteCore

/// Copies the basic fixture into `directory/content` so a test may edit it.
private func editableFixture(in directory: String) throws -> String {
    let content = directory + "/content"
    try FileManager.default.copyItem(atPath: Fixtures.site("basic"), toPath: content)
    return content
}

private func replace(_ old: String, with new: String, in file: String) throws {
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains(old), "the fixture should contain \(old)")
    try text.replacingOccurrences(of: old, with: new).write(toFile: file, atomically: true, encoding: .utf8)
}

@Suite("Incremental builds")
struct IncrementalBuildTests {
    @Test("a rebuild with nothing changed renders and writes nothing")
    func noChange() throws {
        try withTemporaryDirectory { directory in
            let content = try editableFixture(in: directory)
            let first = try buildSite(content: content, into: directory + "/site")
            let second = try buildSite(content: content, into: directory + "/site")
            #expect(first.output.written == first.output.files)
            #expect(second.output.written == 0)
            #expect(second.output.unchanged == first.output.files)
        }
    }

    @Test("renaming one place rewrites its page, the pages that list it, and the lists, not the others")
    func renameOne() throws {
        try withTemporaryDirectory { directory in
            let content = try editableFixture(in: directory)
            let site = directory + "/site"
            try buildSite(content: content, into: site)
            let far = try String(contentsOfFile: site + "/spots/north-spot/index.html", encoding: .utf8)
            try replace("Antimeridian", with: "Date Line", in: content + "/data/places.csv")
            let report = try buildSite(content: content, into: site)
            // Every other place lists "Antimeridian" among its neighbours in this small fixture, so
            // their pages change; the spots dataset never mentions it.
            #expect(try String(contentsOfFile: site + "/spots/north-spot/index.html", encoding: .utf8) == far)
            #expect(report.output.removed == 1, "the old slug's page goes")
            #expect(FileManager.default.fileExists(atPath: site + "/places/date-line/index.html"))
            #expect(!FileManager.default.fileExists(atPath: site + "/places/antimeridian/index.html"))
            #expect(report.output.written < report.output.files / 2)
        }
    }

    @Test("a page is rendered again when a neighbour it lists changes title")
    func neighbourTitle() throws {
        try withTemporaryDirectory { directory in
            let content = try editableFixture(in: directory)
            let site = directory + "/site"
            try buildSite(content: content, into: site)
            try replace("North spot", with: "Northern spot", in: content + "/data/spots.geojson")
            try buildSite(content: content, into: site)
            let south = try String(contentsOfFile: site + "/spots/south-spot/index.html", encoding: .utf8)
            #expect(south.contains("Northern spot"))
        }
    }

    @Test("a changed template renders every page again")
    func templateChange() throws {
        try withTemporaryDirectory { directory in
            let content = try editableFixture(in: directory)
            let site = directory + "/site"
            let first = try buildSite(content: content, into: site)
            try FileManager.default.createDirectory(
                atPath: content + "/templates/partials", withIntermediateDirectories: true)
            try "<footer>Changed footer</footer>\n".write(
                toFile: content + "/templates/partials/footer.mustache", atomically: true, encoding: .utf8)
            let second = try buildSite(content: content, into: site)
            let page = try String(contentsOfFile: site + "/places/cafe-ete/index.html", encoding: .utf8)
            #expect(page.contains("Changed footer"))
            // Every page again (the other files, tiles and assets, stay as they were).
            let pages = (FileManager.default.enumerator(atPath: site)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".html") }
            #expect(pages.count > 10 && first.output.files > pages.count)
            #expect(second.output.written >= pages.count)
        }
    }

    @Test("the writer reuses a file only for the same inputs and when it is still on disk")
    func reuse() throws {
        try withTemporaryDirectory { directory in
            let first = try OutputWriter(directory: directory)
            try first.write("a/index.html", "A", inputs: 7)
            try first.write("b/index.html", "B", inputs: 8)
            _ = try first.finish()
            unlink(directory + "/b/index.html")
            let second = try OutputWriter(directory: directory)
            #expect(second.reuse("a/index.html", inputs: 7))
            #expect(!second.reuse("b/index.html", inputs: 8), "deleted by hand: must be written again")
            #expect(!second.reuse("c/index.html", inputs: 7))
            let summary = try second.finish()
            #expect(summary.unchanged == 1)
            #expect(summary.removed == 0, "b was not written by this build but is already gone")
            let third = try OutputWriter(directory: directory)
            #expect(!third.reuse("a/index.html", inputs: 9), "other inputs")
        }
    }

    @Test("a build over up-to-date output reads no data and reports the last build again, warnings included")
    func upToDate() throws {
        try withTemporaryDirectory { directory in
            let content = directory + "/content"
            try FileManager.default.copyItem(atPath: Fixtures.site("skip-invalid"), toPath: content)
            let site = directory + "/site"
            let first = try buildSite(content: content, into: site)
            let lines = LogLines()
            let second = try buildSite(content: content, into: site, log: lines.append)
            #expect(lines.lines.count == 1 && lines.lines[0].hasPrefix("Nothing changed since the last build"))
            #expect(second.output.written == 0 && second.output.unchanged == first.output.files)
            #expect(second.items == first.items && second.datasets == first.datasets)
            #expect(!first.skipped.isEmpty && second.skipped == first.skipped)
            #expect(second.warnings == first.warnings)
        }
    }

    @Test("a file the site does not use changes the build stamp, yet no page is rendered or written again")
    func unrelatedFile() throws {
        try withTemporaryDirectory { directory in
            let content = try editableFixture(in: directory)
            let site = directory + "/site"
            let first = try buildSite(content: content, into: site)
            try "notes to self\n".write(toFile: content + "/notes.txt", atomically: true, encoding: .utf8)
            let lines = LogLines()
            let second = try buildSite(content: content, into: site, log: lines.append)
            #expect(lines.lines.contains { $0.hasPrefix("Rendered") }, "a full build ran")
            #expect(second.output.written == 0 && second.output.unchanged == first.output.files)
            let third = try buildSite(content: content, into: site)
            #expect(third.output.written == 0)
        }
    }

    @Test("an output file deleted by hand is written again, though the content did not change")
    func deletedOutput() throws {
        try withTemporaryDirectory { directory in
            let content = try editableFixture(in: directory)
            let site = directory + "/site"
            try buildSite(content: content, into: site)
            unlink(site + "/places/cafe-ete/index.html")
            let report = try buildSite(content: content, into: site)
            #expect(report.output.written == 1)
            #expect(FileManager.default.fileExists(atPath: site + "/places/cafe-ete/index.html"))
        }
    }

    @Test(
        "on a site of more files than one thread checks, a file missing or changed in size in either half of the manifest is written again"
    )
    func largeSiteChecks() throws {
        try withTemporaryDirectory { directory in
            let content = directory + "/content"
            var rows = ["id,name,lat,lon"]
            for number in 0..<(TwoHalves.minimumCount + 200) {
                rows.append("p\(number),Place \(number),\(Double(number % 90) * 0.5),\(Double(number / 90) * 0.5)")
            }
            try writeFiles(
                [
                    "site.yml": """
                    title: Many
                    datasets:
                      - name: places
                        source: data/places.csv
                        id: id
                        item_title: name
                        latitude: lat
                        longitude: lon
                    """,
                    "data/places.csv": rows.joined(separator: "\n") + "\n",
                ], in: content)
            let site = directory + "/site"
            let first = try buildSite(content: content, into: site)
            #expect(first.output.files > TwoHalves.minimumCount)
            #expect(try buildSite(content: content, into: site).output.written == 0)
            // Paths in the manifest's order: the first half holds `places/place-1…`, the second `tiles/`.
            let paths = OutputManifest.entries(at: site + "/" + OutputWriter.manifestName).map(\.path)
            let early = try #require(paths.first { $0.hasPrefix("places/place-1") })
            let late = try #require(paths.last { $0.hasPrefix("tiles/") })
            #expect(paths.firstIndex(of: early)! < paths.count / 2 && paths.firstIndex(of: late)! >= paths.count / 2)
            unlink(site + "/" + early)
            #expect(try buildSite(content: content, into: site).output.written == 1)
            truncate(site + "/" + late, 1)
            #expect(try buildSite(content: content, into: site).output.written == 1)
            #expect(try buildSite(content: content, into: site).output.written == 0)
        }
    }

    @Test("a changed data file outside the content folder is seen")
    func outsideSource() throws {
        try withTemporaryDirectory { directory in
            let content = try editableFixture(in: directory)
            try FileManager.default.moveItem(atPath: content + "/data", toPath: directory + "/data")
            let config = content + "/site.yml"
            try replace("source: data/", with: "source: ../data/", in: config)
            let site = directory + "/site"
            try buildSite(content: content, into: site)
            try replace("Antimeridian", with: "Date Line", in: directory + "/data/places.csv")
            let report = try buildSite(content: content, into: site)
            #expect(report.output.written > 0)
            #expect(FileManager.default.fileExists(atPath: site + "/places/date-line/index.html"))
        }
    }

    @Test(
        "a build that stops on bad input leaves the output exactly as it was, record included",
        arguments: [
            ("a bad row", "data/places.csv", "41.8819", "N/A"),
            (
                "an unknown tour stop", "site.yml", "datasets:",
                "tours:\n  - title: Walk\n    dataset: places\n    stops: [p1, nowhere]\ndatasets:"
            ),
            ("a partial that is no template", "templates/item.mustache", "", "{{> no-such-partial}}"),
        ])
    func failedBuild(problem: String, file: String, old: String, new: String) throws {
        try withTemporaryDirectory { directory in
            let content = try editableFixture(in: directory)
            let site = directory + "/site"
            try buildSite(content: content, into: site)
            func snapshot() -> [String: Data] {
                Dictionary(
                    uniqueKeysWithValues: filesBelow(site).map {
                        ($0, FileManager.default.contents(atPath: site + "/" + $0) ?? Data())
                    })
            }
            let before = snapshot()
            #expect(before[OutputWriter.recordName] != nil)
            let path = content + "/" + file
            if old.isEmpty {
                try writeFiles([file: new], in: content)
            } else {
                try replace(old, with: new, in: path)
            }
            #expect(throws: (any Error).self, "\(problem)") { try buildSite(content: content, into: site) }
            #expect(snapshot() == before, "\(problem) changed the output")
            // Undone, the input is what the output was built from: nothing to do.
            if old.isEmpty {
                try FileManager.default.removeItem(atPath: path)
            } else {
                try replace(new, with: old, in: path)
            }
            let report = try buildSite(content: content, into: site)
            #expect(report.output.written == 0 && report.output.removed == 0, "\(problem)")
        }
    }
}
