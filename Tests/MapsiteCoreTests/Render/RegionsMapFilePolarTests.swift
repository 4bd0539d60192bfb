import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

/// A region whose ring goes around a pole: regions.json and a group page's points.json carry it as
/// a map fills it, the cap closed along the pole and cut at ±180°.
@Suite("Regions around a pole")
struct RegionsMapFilePolarTests {
    @Test("a ring at 60°S through every 10° from 5°E: the band to the pole, cut at ±180°, 360° × 30° in all")
    func ringAroundTheSouthPole() throws {
        var ring = stride(from: 5.0, through: 355, by: 10).map {
            GeoPoint(latitude: -60, longitude: $0 > 180 ? $0 - 360 : $0)
        }
        ring.append(ring[0])
        let shape = MultiPolygon(polygons: [Polygon(rings: [ring])])
        let text = JSONWriter.encode(RegionsMapFile.geometry(shape))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let polygons = try #require(object["coordinates"] as? [[[[Double]]]])
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
}
