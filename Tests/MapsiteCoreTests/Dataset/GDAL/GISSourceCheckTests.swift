import Foundation
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
}
