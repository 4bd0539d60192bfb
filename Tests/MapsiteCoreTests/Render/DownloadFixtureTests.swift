import Foundation
import Testing

@testable import MapsiteCore

/// Writes `Tests/Fixtures/browser/downloads/`: a dataset's downloads as the build writes them, and
/// the downloads of the dataset made of its even rows alone, which `Tests/Node/download-cut.test.mjs`
/// must get byte for byte by cutting the whole files with `core/download-cut.js` (a filtered
/// download). The files are golden: a difference fails; `MAPSITE_RECORD=1` writes them again.
@Suite("Downloads: the browser's fixture")
struct DownloadFixtureTests {
    /// Cells that a cut must keep whole: quotes, commas and line ends inside cells, a formula,
    /// text beyond ASCII, empty cells.
    static let csv =
        [
            "id,title,latitude,longitude,note,count",
            "a1,\"Quoted, with comma\",41.88,-87.63,\"two\nlines\",12",
            "a2,Plain,41.89,-87.62,\"say \"\"hi\"\"\",",
            "a3,=SUM(A1),41.9,-87.61,,3.5",
            "a4,Été à Montréal,45.5,-73.57,\"a\r\nb\",-2",
            "a5,Last,41.7,-87.7,plain,0",
        ].joined(separator: "\n") + "\n"

    static let geoJSON = [
        #"{"type":"FeatureCollection","features":["#,
        #"{"type":"Feature","properties":{"id":"p1","title":"Square","area":1.5,"none":null},"#
            + #""geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}},"#,
        #"{"type":"Feature","properties":{"id":"p2","title":"Line \"quoted\"\nnext","area":2},"#
            + #""geometry":{"type":"LineString","coordinates":[[2,2],[3,3]]}},"#,
        #"{"type":"Feature","properties":{"id":"p3","title":"Point","tags":["a","b"]},"#
            + #""geometry":{"type":"Point","coordinates":[4,4]}}"#,
        "]}",
    ].joined(separator: "\n")

    static func files() throws -> [String: [UInt8]] {
        let table = try TestDataset.load(csv, "source: cells.csv\nfields:\n  - note\n  - count")
        let shapes = try TestDataset.load(geoJSON, "source: shapes.geojson")
        var files: [String: [UInt8]] = [:]
        for (name, dataset) in [("cells", table), ("shapes", shapes)] {
            var even = dataset
            even.items = dataset.items.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            files["\(name).csv"] = Downloads.csv(dataset)
            files["\(name).geojson"] = Downloads.geoJSON(dataset)
            files["\(name)-even.csv"] = Downloads.csv(even)
            files["\(name)-even.geojson"] = Downloads.geoJSON(even)
        }
        return files
    }

    @Test("whole and even-row downloads, as core/download-cut.js cuts them") func downloads() throws {
        let directory = Fixtures.directory.appendingPathComponent("browser/downloads")
        let files = try Self.files()
        if ProcessInfo.processInfo.environment["MAPSITE_RECORD"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (name, bytes) in files { try Data(bytes).write(to: directory.appendingPathComponent(name)) }
            Issue.record("Recorded \(directory.path): review it with git diff, then run without MAPSITE_RECORD=1.")
            return
        }
        for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let file = directory.appendingPathComponent(name)
            let recorded = try #require(
                try? Data(contentsOf: file), "no \(file.path): record it with MAPSITE_RECORD=1")
            #expect(Array(recorded) == bytes, "\(name) differs: record it again with MAPSITE_RECORD=1")
        }
    }
}
