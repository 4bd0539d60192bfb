import Foundation
import Testing

@testable import MapsiteCore

/// A place whose ring goes around a pole: its page's data carries the shape as Leaflet and the
/// static map fill it.
@Suite("Item page shapes around a pole")
struct ItemPagePolarTests {
    /// The page data's `geometry` for a GeoJSON geometry.
    private func pageGeometry(_ geometry: String) throws -> [String: Any] {
        let geojson = """
            {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "Cap"},
             "geometry": \(geometry)}]}
            """
        let item = try #require(TestDataset.load(geojson, "source: cap.geojson\nitem_title: name").items.first)
        var bytes: [UInt8] = []
        ItemPage.appendShapeData(item, to: &bytes)
        let text = "{" + String(decoding: bytes.dropFirst(), as: UTF8.self) + "}"
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require((object as? [String: Any])?["geometry"] as? [String: Any])
    }

    @Test("a ring at 60°S through every 10° from 5°E: the band to the pole, cut at ±180°, 360° × 30° in all")
    func ringAroundTheSouthPole() throws {
        let ring = stride(from: 5, through: 365, by: 10).map { "[\($0 > 180 ? $0 - 360 : $0), -60]" }
        let geometry = try pageGeometry(#"{"type": "Polygon", "coordinates": [["# + ring.joined(separator: ",") + "]]}")
        #expect(geometry["type"] as? String == "MultiPolygon")
        let polygons = try #require(geometry["coordinates"] as? [[[[Double]]]])
        let points = polygons.flatMap { $0.flatMap { $0 } }
        #expect(points.allSatisfy { abs($0[0]) <= 180 }, "a longitude beyond ±180")
        #expect(points.contains { $0[1] == -90 }, "not closed along the pole")
        // The band's area in square degrees by the shoelace formula, outer rings anticlockwise.
        var area = 0.0
        for polygon in polygons {
            for ring in polygon {
                for (a, b) in zip(ring, ring.dropFirst()) { area += (a[0] * b[1] - b[0] * a[1]) / 2 }
            }
        }
        #expect(abs(area - 360 * 30) < 1e-6, "\(area) square degrees")
    }

    @Test("a cap drawn down to its pole, as Natural Earth writes Antarctica, is written as it is")
    func capDownToThePole() throws {
        let coast = stride(from: -180, through: 180, by: 30).map { "[\($0), -70]" }
        let ring = ["[180, -70]", "[180, -90]", "[-180, -90]"] + coast
        let geometry = try pageGeometry(#"{"type": "Polygon", "coordinates": [["# + ring.joined(separator: ",") + "]]}")
        #expect(geometry["type"] as? String == "Polygon")
        let rings = try #require(geometry["coordinates"] as? [[[Double]]])
        #expect(rings.count == 1 && rings[0].count == ring.count)
    }
}
