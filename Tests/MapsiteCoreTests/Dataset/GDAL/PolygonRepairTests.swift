import MapsiteGeo
import Testing

@testable import MapsiteCore

/// A FeatureCollection of one feature with `geometry` (GeoJSON text).
private func feature(_ geometry: String) -> String {
    #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "p1", "geometry": \#(geometry), "properties": {"name": "Shape"}}]}"#
}

private let yaml = "source: shapes.geojson\nitem_title: name"

@Suite("PolygonRepair: polygons that are not valid, repaired by GEOS in GeoJSON too")
struct PolygonRepairTests {
    @Test("a GeoJSON bow tie becomes two triangles, with a warning naming the feature") func bowTie() throws {
        let dataset = try TestDataset.load(
            feature(#"{"type": "Polygon", "coordinates": [[[0, 0], [2, 2], [2, 0], [0, 2], [0, 0]]]}"#), yaml)
        let shape = try #require(dataset.items.first?.geometry)
        #expect(shape.typeName == "MultiPolygon")
        #expect(shape.polygons.count == 2)
        #expect(
            dataset.warnings == [
                "content/shapes.geojson: feature 1 (id p1): a polygon whose outline crosses itself; repaired by GEOS "
                    + "(MakeValid, structure) into 2 polygons"
            ])
        // One triangle each side of the crossing at (1, 1); neither holds the crossing's far side.
        let left = GeoPoint(latitude: 1, longitude: 0.3)
        let right = GeoPoint(latitude: 1, longitude: 1.7)
        #expect(shape.polygons.filter { $0.contains(left) }.count == 1)
        #expect(shape.polygons.filter { $0.contains(right) }.count == 1)
        #expect(!shape.polygons.contains { $0.contains(GeoPoint(latitude: 0.3, longitude: 1)) })
    }

    @Test("valid polygons and multipolygons, holes included, are kept as written, without a warning")
    func validKept() throws {
        let geometries = [
            #"{"type": "Polygon", "coordinates": [[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[1, 1], [1, 2], [2, 2], [2, 1], [1, 1]]]}"#,
            #"{"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [1, 1], [0, 0]]], [[[5, 5], [9, 5], [9, 9], [5, 9], [5, 5]]]]}"#,
        ]
        for geometry in geometries {
            let dataset = try TestDataset.load(feature(geometry), yaml)
            #expect(dataset.warnings.isEmpty)
            let rings = try #require(dataset.items.first?.geometry).polygons.flatMap(\.rings)
            #expect(rings.map(\.count) == (geometry.contains("Multi") ? [4, 5] : [5, 5]))
            #expect(rings[0][1] == GeoPoint(latitude: 0, longitude: geometry.contains("Multi") ? 1 : 4))
        }
    }
}
