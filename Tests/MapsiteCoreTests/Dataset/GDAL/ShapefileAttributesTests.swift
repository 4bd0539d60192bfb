import Foundation
import Testing

@testable import MapsiteCore

/// A Shapefile is its `.shp`, `.shx` and `.dbf`: without the `.dbf` there are shapes but no
/// attributes, which is an error rather than a site of untitled places.
@Suite("A Shapefile without its .dbf")
struct ShapefileAttributesTests {
    private let parks = GISFixture.featureCollection([
        (#"{"name": "Park A"}"#, #"{"type": "Point", "coordinates": [-75.1, 39.9]}"#),
        (#"{"name": "Park B"}"#, #"{"type": "Point", "coordinates": [-75.2, 39.95]}"#),
    ])
    private let convert = ["ogr2ogr", "-f", "ESRI Shapefile", "parks.shp", "parks.geojson"]

    @Test("the .dbf removed: an error naming it") func missing() {
        #expect(
            GISFixture.errors(
                files: ["parks.geojson": parks], commands: [convert, ["rm", "parks.dbf"]], "source: parks.shp")
                == [
                    #"content/parks.shp: expected the Shapefile's attributes in content/parks.dbf beside it, found "no such file""#
                ]
        )
    }

    @Test("with its .dbf, the titles are read") func present() throws {
        let dataset = try GISFixture.load(
            files: ["parks.geojson": parks], commands: [convert], "source: parks.shp\nitem_title: name")
        #expect(dataset.items.map(\.title) == ["Park A", "Park B"])
    }
}
