import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

/// What the output makes of a place that is a line or polygon: measures as text, downloads and
/// the JSON-LD GeoShape. The browser tests (`test_shapes.py`) check the pages drawn from them.
@Suite("Shapes in the output")
struct ShapeOutputTests {
    private static func ring(_ pairs: [(Double, Double)]) -> [GeoPoint] {
        (pairs + [pairs[0]]).map { GeoPoint(latitude: $0.1, longitude: $0.0) }
    }

    /// A clockwise square with a counter-clockwise hole: both the wrong way round for RFC 7946.
    static let square = Geometry.polygon(
        Polygon(
            outer: ring([(0, 0), (0, 1), (1, 1), (1, 0)]),
            holes: [ring([(0.25, 0.25), (0.75, 0.25), (0.75, 0.75), (0.25, 0.75)])]))

    static func dataset(_ geometry: Geometry?) throws -> Dataset {
        let config = try TestDataset.config("source: shapes.geojson\nfields: [kind]")
        let point = geometry?.representativePoint ?? GeoPoint(latitude: 2, longitude: 1)
        return Dataset(
            config: config,
            items: [
                Item(
                    id: "a", slug: "a", title: "A", point: point, values: ["park"], origin: "feature 1",
                    geometry: geometry)
            ])
    }

    @Test(
        "lengths and areas in m, km, m², ha and km²",
        arguments: [
            (0.4, "0 m"), (999.4, "999 m"), (999.6, "1.00 km"), (12_345.6, "12.35 km"), (1_234_567, "1,234.57 km"),
        ])
    func lengths(metres: Double, text: String) {
        #expect(MeasureText.length(metres) == text)
    }

    @Test(
        "areas",
        arguments: [
            (8_512.3, "8,512 m²"), (9_999.6, "1.00 ha"), (32_500, "3.25 ha"), (990_000, "99.00 ha"),
            (999_999, "1.00 km²"),
            (1_000_000, "1.00 km²"), (14_020_000, "14.02 km²"),
        ])
    func areas(squareMetres: Double, text: String) {
        #expect(MeasureText.area(squareMetres) == text)
    }

    @Test("the GeoJSON download keeps the shape, rewound: outer counter-clockwise, holes clockwise")
    func geoJSON() throws {
        let text = String(decoding: Downloads.geoJSON(try Self.dataset(Self.square)), as: UTF8.self)
        #expect(
            text.contains(
                #""geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]],"#
                    + #"[[0.25,0.25],[0.25,0.75],[0.75,0.75],[0.75,0.25],[0.25,0.25]]]},"properties":{"id":"a","title":"A","kind":"park"}"#
            ), "\(text)")
    }

    @Test("the CSV download adds a WKT geometry column only when a place has a shape") func csv() throws {
        let line = Geometry.lineString([GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 2, longitude: 0)])
        let shaped = String(decoding: Downloads.csv(try Self.dataset(line)), as: UTF8.self)
        #expect(shaped == "id,title,latitude,longitude,kind,geometry\r\na,A,1,0,park,\"LINESTRING (0 0, 0 2)\"\r\n")
        let points = String(decoding: Downloads.csv(try Self.dataset(nil)), as: UTF8.self)
        #expect(points == "id,title,latitude,longitude,kind\r\na,A,2,1,park\r\n")
    }

    @Test("WKT of every type") func wkt() {
        let a = GeoPoint(latitude: 2, longitude: 1)
        let b = GeoPoint(latitude: 4, longitude: 3)
        #expect(GeoJSONGeometry.wkt(.point(a)) == "POINT (1 2)")
        #expect(GeoJSONGeometry.wkt(.multiPoint([a, b])) == "MULTIPOINT ((1 2), (3 4))")
        #expect(
            GeoJSONGeometry.wkt(.multiLineString([[a, b], [b, a]])) == "MULTILINESTRING ((1 2, 3 4), (3 4, 1 2))")
        #expect(
            GeoJSONGeometry.wkt(.multiPolygon(MultiPolygon(polygons: [Polygon(outer: [a, b, a, a])])))
                == "MULTIPOLYGON (((1 2, 3 4, 1 2, 1 2)))")
    }

    @Test("a polygon's page lists its area and perimeter; a point's lists neither") func measures() throws {
        let polygon = try Self.dataset(Self.square).items[0]
        #expect(ItemPage.measureFields(polygon).map(\.label) == ["Area", "Perimeter"])
        #expect(ItemPage.measureFields(try Self.dataset(nil).items[0]).isEmpty)
    }

    @Test("the item data gains the shape, rewound, and its bounds; a point's gains nothing") func itemData() throws {
        var bytes: [UInt8] = []
        ItemPage.appendShapeData(try Self.dataset(Self.square).items[0], to: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(#","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]],"#))
        #expect(text.hasSuffix(#","bounds":[[0,0],[1,1]]"#))
        var none: [UInt8] = []
        ItemPage.appendShapeData(try Self.dataset(nil).items[0], to: &none)
        #expect(none.isEmpty)
    }

    @Test("the JSON-LD GeoShape lists the outer ring as lat lon pairs") func geoShape() throws {
        var bytes: [UInt8] = []
        ItemPage.appendGeoShape(try Self.dataset(Self.square).items[0], to: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #",{"@type":"GeoShape","polygon":"0 0 1 0 1 1 0 1 0 0"}"#)
        var none: [UInt8] = []
        ItemPage.appendGeoShape(try Self.dataset(nil).items[0], to: &none)
        #expect(none.isEmpty)
    }
}
