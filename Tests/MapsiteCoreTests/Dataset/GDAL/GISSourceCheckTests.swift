import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

/// The checks of #31 point 5 that need no binary: which `where` is one expression, and a zipped
/// Shapefile's parts checked as a plain one's, named inside the archive.
@Suite("GIS sources: one expression in where, a zipped Shapefile's parts")
struct GISSourceCheckTests {
    @Test("where: a ;, -- or /* outside quotes ends the expression; inside quotes it is text")
    func oneExpression() {
        let cases: [(String, String?)] = [
            ("kind = 'park'", nil),
            ("kind = 'a;b' OR name = \"x--y\" OR note = 'it''s /* fine'", nil),
            ("area > 5 - -1", nil),
            ("1=1; DROP TABLE data", "a ;"),
            ("kind = 'park';", "a ;"),
            ("kind = 'park' -- and more", "--, which starts a comment"),
            ("kind = 'park' /* and more */", "/*, which starts a comment"),
            ("name = 'it''s'; x", "a ;"),
        ]
        for (filter, problem) in cases {
            #expect(DatasetConfigParser.notOneExpression(filter) == problem, "\(filter)")
        }
    }

    @Test("a zipped Shapefile whose .dbf has fewer records than shapes: the .dbf named inside the .zip")
    func zipped() throws {
        let features = (0..<4).map {
            #"{"type": "Feature", "properties": {"name": "P\#($0)"}, "geometry": {"type": "Point", "coordinates": [\#($0), 1]}}"#
        }
        let geojson = #"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ",") + "]}"
        let commands = [
            ["ogr2ogr", "-f", "ESRI Shapefile", "places.shp", "points.geojson"],
            ["ogr2ogr", "-f", "ESRI Shapefile", "two.shp", "points.geojson", "-limit", "2"],
            ["cp", "two.dbf", "places.dbf"],
            ["zip", "-q", "places.zip", "places.shp", "places.shx", "places.dbf", "places.prj"],
        ]
        let files = ["points.geojson": geojson]
        #expect(
            GISFixture.errors(files: files, commands: commands, "source: places.zip\nitem_title: name")
                == [
                    #"content/places.zip/places.dbf: expected 4 records, one for each shape of content/places.zip/places.shp (GDAL would read 2 places, dropping the rest), found "2 records""#
                ])
        // The same parts agreeing: the four places.
        let agreeing = [commands[0], commands[3]]
        let dataset = try GISFixture.load(files: files, commands: agreeing, "source: places.zip\nitem_title: name")
        #expect(dataset.items.map(\.title).sorted() == ["P0", "P1", "P2", "P3"])
        #expect(dataset.warnings.isEmpty)
    }

    @Test("a .prj GDAL cannot read: an error naming it, with its start; crs: sets the system instead")
    func unreadablePrj() throws {
        let geojson =
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "A"}, "#
            + #""geometry": {"type": "Point", "coordinates": [2694000, 236000]}}]}"#
        let commands = [
            ["ogr2ogr", "-f", "ESRI Shapefile", "parks.shp", "parks.geojson"],
            ["sh", "-c", "printf 'PROJCS[\"broken' > parks.prj"],
        ]
        let files = ["parks.geojson": geojson]
        let found = GISFixture.errors(files: files, commands: commands, "source: parks.shp\nitem_title: name")
        #expect(found.count == 1)
        #expect(
            found.first?.hasPrefix(
                "content/parks.prj: expected the coordinate system of content/parks.shp as WKT; or crs: in site.yml "
                    + "to set the system instead (GDAL: ") == true, "\(found)")
        #expect(found.first?.hasSuffix(#"found "PROJCS["broken""#) == true, "\(found)")
        // With crs, the same file loads, where pyproj puts it.
        let dataset = try GISFixture.load(
            files: files, commands: commands, "source: parks.shp\nitem_title: name\ncrs: EPSG:2272")
        let expected = try ProjOracle.lonLat([(2694000, 236000)], crs: "EPSG:2272")[0]
        #expect(ProjOracle.metres(try #require(dataset.items.first).point, expected) < 0.01)
    }

    @Test("GDAL's warning while reading a feature: a warning naming the file, the layer and the feature")
    func featureWarning() throws {
        // A .csvt types the column n as integers; GDAL warns at the feature whose n is not one.
        let files = [
            "w.csv": "n,name,WKT\n12abc,A,\"POINT (1 2)\"\n7,B,\"POINT (2 3)\"\n",
            "w.csvt": "Integer,String,WKT\n",
        ]
        let dataset = try GISFixture.load(files: files, commands: [], "source: w.csv\nformat: gdal\nitem_title: name")
        #expect(dataset.items.count == 2)
        #expect(
            dataset.warnings == [
                #"content/w.csv: layer "w": GDAL warns: Invalid value type found in record 1 for field n. This warning will no longer be emitted. (FID 1)"#
            ])
    }

    @Test("an empty .prj declares no system, as no .prj: longitudes and latitudes load")
    func emptyPrj() throws {
        let geojson =
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "A"}, "#
            + #""geometry": {"type": "Point", "coordinates": [1, 2]}}]}"#
        let commands = [
            ["ogr2ogr", "-f", "ESRI Shapefile", "parks.shp", "parks.geojson"], ["cp", "/dev/null", "parks.prj"],
        ]
        let dataset = try GISFixture.load(
            files: ["parks.geojson": geojson], commands: commands, "source: parks.shp\nitem_title: name")
        #expect(dataset.items.first?.point == GeoPoint(latitude: 2, longitude: 1))
        #expect(dataset.warnings.isEmpty)
    }

    @Test("a Shapefile record marked deleted in its .dbf: left out, as GDAL leaves it out, without an error")
    func deletedRecord() throws {
        let features = (0..<3).map {
            #"{"type": "Feature", "properties": {"name": "P\#($0)"}, "geometry": {"type": "Point", "coordinates": [\#($0), 1]}}"#
        }
        let geojson = #"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ",") + "]}"
        let dataset = try withTemporaryDirectory { directory in
            try GISFixture.make(
                files: ["points.geojson": geojson],
                commands: [["ogr2ogr", "-f", "ESRI Shapefile", "places.shp", "points.geojson"]], in: directory)
            // The second record's first byte, `*`: deleted (its offset from the header's sizes).
            let url = URL(fileURLWithPath: directory + "/places.dbf")
            var dbf = [UInt8](try Data(contentsOf: url))
            let header = Int(dbf[8]) | Int(dbf[9]) << 8
            let record = Int(dbf[10]) | Int(dbf[11]) << 8
            dbf[header + record] = UInt8(ascii: "*")
            try Data(dbf).write(to: url)
            return try DatasetLoader.load(
                TestDataset.config("source: places.shp\nitem_title: name"), contentDirectory: directory,
                displayDirectory: "content")
        }
        #expect(dataset.items.map(\.title).sorted() == ["P0", "P2"])
        #expect(dataset.warnings.isEmpty)
    }
}
