import Foundation
import Testing

@testable import MapsiteCore

@Suite("DataFiles: the content folder's data files site.yml does not name")
struct DataFilesTests {
    /// The files of the warnings for a content folder of `files` (path → text; `$` in a text is
    /// the content folder's path) and of links (path → target).
    private func unnamed(_ files: [String: String], links: [String: String] = [:]) throws -> [String] {
        try withTemporaryDirectory { directory in
            let content = directory + "/content"
            try writeFiles(files.mapValues { $0.replacingOccurrences(of: "$", with: content) }, in: content)
            for (link, target) in links {
                try FileManager.default.createSymbolicLink(atPath: content + "/" + link, withDestinationPath: target)
            }
            let config = try ConfigLoader.load(contentDirectory: content)
            return DataFiles.unnamedWarnings(config: config, contentDirectory: content, displayDirectory: "content")
                .map { $0.components(separatedBy: ": a data file").first ?? $0 }
        }
    }

    @Test("the files a named .vrt mentions count as named with it; others do not")
    func vrt() throws {
        let vrt = """
            <OGRVRTDataSource><OGRVRTLayer name="points"><SrcDataSource>points.csv</SrcDataSource>
            <GeometryField encoding="PointFromColumns" x="lon" y="lat"/></OGRVRTLayer></OGRVRTDataSource>
            """
        let warnings = try unnamed([
            "site.yml": "datasets:\n  - source: data/points.vrt\n    format: gdal\n",
            "data/points.vrt": vrt, "data/points.csv": "lon,lat\n", "data/other.csv": "lon,lat\n",
        ])
        #expect(warnings == ["content/data/other.csv"])
    }

    @Test("a FileGDB folder is one data file; a source named by an absolute path or through a link counts")
    func foldersAndPaths() throws {
        let warnings = try unnamed(
            [
                "site.yml": "datasets:\n  - source: $/data/a.csv\n  - source: data/linked.csv\n",
                "data/a.csv": "", "data/b.csv": "", "data/parcels.gdb/a00000001.gdbtable": "",
                "data/parcels.gdb/a00000001.gdbindexes": "", "data/real.csv": "",
            ], links: ["data/linked.csv": "real.csv"])
        // linked.csv is a link to real.csv: naming the link names the file (and the link itself).
        #expect(warnings == ["content/data/b.csv", "content/data/parcels.gdb"])
    }

    @Test("extensions: data by extension, case aside; .osm.pbf; not text or images")
    func extensions() {
        for name in ["a.csv", "b.TSV", "c.GeoJSON", "d.osm.pbf", "e.gpkg", "f.fgb", "g.sqlite3", "h.kmz"] {
            #expect(DataFiles.isDataFile("data/" + name), "\(name)")
        }
        for name in ["a.txt", "b.png", "c.md", ".csv", "csv", "d.dbf", "e.prj"] {
            #expect(!DataFiles.isDataFile("data/" + name), "\(name)")
        }
    }
}
