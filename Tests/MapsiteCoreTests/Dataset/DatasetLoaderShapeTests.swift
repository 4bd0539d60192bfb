import MapsiteGeo
import Testing

@testable import MapsiteCore

private let shapes = """
    source: shapes.geojson
    item_title: name
    fields: [kind]
    """

/// A FeatureCollection of one feature with `geometry` (GeoJSON text) and an id.
private func feature(_ geometry: String, id: String = "s1") -> String {
    #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "\#(id)", "geometry": \#(geometry), "properties": {"name": "Shape", "kind": "test"}}]}"#
}

@Suite("DatasetLoader: GeoJSON lines, polygons and multipoints")
struct DatasetLoaderShapeTests {
    @Test("every geometry type but GeometryCollection becomes a place with its shape") func everyType() throws {
        let cases: [(String, String)] = [
            (#"{"type": "MultiPoint", "coordinates": [[1, 2], [3, 4]]}"#, "MultiPoint"),
            (#"{"type": "LineString", "coordinates": [[0, 0], [0, 2]]}"#, "LineString"),
            (#"{"type": "MultiLineString", "coordinates": [[[0, 0], [0, 1]], [[1, 1], [1, 3]]]}"#, "MultiLineString"),
            (#"{"type": "Polygon", "coordinates": [[[0, 0], [4, 0], [4, 2], [0, 2], [0, 0]]]}"#, "Polygon"),
            (
                #"{"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [1, 1], [0, 0]]], [[[5, 5], [9, 5], [9, 9], [5, 9], [5, 5]]]]}"#,
                "MultiPolygon"
            ),
        ]
        for (geometry, type) in cases {
            let dataset = try TestDataset.load(feature(geometry), shapes)
            let item = try #require(dataset.items.first)
            #expect(item.geometry?.typeName == type)
            #expect(item.values == ["test"])
        }
    }

    @Test("the representative point: first of a multipoint, middle of a line, inside a polygon") func points() throws {
        func point(_ geometry: String) throws -> GeoPoint {
            try #require(TestDataset.load(feature(geometry), shapes).items.first).point
        }
        #expect(
            try point(#"{"type": "MultiPoint", "coordinates": [[1, 2], [3, 4]]}"#)
                == GeoPoint(latitude: 2, longitude: 1))
        let middle = try point(#"{"type": "LineString", "coordinates": [[0, 0], [0, 2]]}"#)
        #expect(abs(middle.latitude - 1) < 1e-9 && abs(middle.longitude) < 1e-9)
        let inside = try point(
            #"{"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [1, 1], [0, 0]]], [[[5, 5], [9, 5], [9, 9], [5, 9], [5, 5]]]]}"#
        )
        #expect(inside == GeoPoint(latitude: 7, longitude: 7))
    }

    @Test("a Point feature keeps no shape, as before") func pointHasNoShape() throws {
        let dataset = try TestDataset.load(feature(#"{"type": "Point", "coordinates": [1, 2]}"#), shapes)
        #expect(dataset.items.first?.geometry == nil)
        #expect(dataset.items.first?.point == GeoPoint(latitude: 2, longitude: 1))
    }

    @Test("bad shapes are errors naming the file, the feature and its id, and the coordinates' position")
    func errors() {
        let prefix = "content/shapes.geojson: feature 1 (id s1): "
        let cases: [(String, String)] = [
            (
                #"{"type": "LineString", "coordinates": [[0, 0]]}"#,
                #"geometry.coordinates: expected a list of at least 2 positions, found "[[0, 0]]""#
            ),
            (
                #"{"type": "MultiLineString", "coordinates": []}"#,
                #"geometry.coordinates: expected a non-empty list of lines, found "an empty list""#
            ),
            (
                #"{"type": "MultiPoint", "coordinates": []}"#,
                #"geometry.coordinates: expected a non-empty list of positions, found "an empty list""#
            ),
            (
                #"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 0]]]}"#,
                #"geometry.coordinates[0]: expected a ring of at least 4 positions (rings of fewer, collapsed as where a shape is cut at an extract's edge, are dropped, and this feature has no other polygon; skip_invalid: true builds the site without such features, listing them), found "[[0, 0], [1, 0], [0, 0]]""#
            ),
            (
                #"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}"#,
                #"geometry.coordinates[0]: expected a closed ring: its last position the same as its first, found "[0, 0] … [0, 1]""#
            ),
            (
                #"{"type": "LineString", "coordinates": [[0, 0], [1e400, 1]]}"#,
                #"geometry.coordinates[1]: expected a position [longitude, latitude] within -180…180 and -90…90, found "[1e400, 1]""#
            ),
            (
                #"{"type": "LineString", "coordinates": [[0, 0], [10, 91]]}"#,
                #"geometry.coordinates[1]: expected a position [longitude, latitude] within -180…180 and -90…90, found "[10, 91]""#
            ),
            (
                #"{"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [1, 1], [0, 0]], [[0, 0], ["a", 0], [1, 1], [0, 0]]]]}"#,
                #"geometry.coordinates[0][1][1]: expected a position [longitude, latitude] of two numbers, found "["a", 0]""#
            ),
            (
                #"{"type": "Circle", "coordinates": [0, 0]}"#,
                #"geometry: expected a Point, MultiPoint, LineString, MultiLineString, Polygon or MultiPolygon, found "Circle""#
            ),
        ]
        for (geometry, message) in cases {
            #expect(TestDataset.error(feature(geometry), shapes) == prefix + message)
        }
    }

    @Test("skip_invalid keeps the valid shapes and lists the others") func skipInvalid() throws {
        let data = #"""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [0, 1]]}, "properties": {"name": "Line"}},
              {"type": "Feature", "id": 7, "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 2]]]}, "properties": {"name": "Open"}},
              {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}, "properties": {"name": "Triangle"}}
            ]}
            """#
        let dataset = try TestDataset.load(data, shapes + "\nskip_invalid: true")
        #expect(dataset.items.map(\.title).sorted() == ["Line", "Triangle"])
        #expect(
            dataset.skipped.map(\.description) == [
                #"content/shapes.geojson: feature 2 (id 7): geometry.coordinates[0]: expected a closed ring: its last position the same as its first, found "[0, 0] … [0, 2]""#
            ])
    }
}
