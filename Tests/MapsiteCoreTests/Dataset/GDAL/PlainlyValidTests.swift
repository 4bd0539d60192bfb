import CGDAL
import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

/// `Polygon.isPlainlyValid` lets the loaders skip GEOS: it must never call a polygon valid that
/// GEOS (through GDAL's `OGR_G_IsValid`, the oracle here) finds invalid.
@Suite("Polygon.isPlainlyValid against GEOS")
struct PlainlyValidTests {
    /// GEOS's verdict on a one-ring polygon.
    private func geosValid(_ ring: [GeoPoint]) -> Bool {
        let polygon = OGR_G_CreateGeometry(wkbPolygon)!
        defer { OGR_G_DestroyGeometry(polygon) }
        let made = OGR_G_CreateGeometry(wkbLinearRing)!
        for point in ring + [ring[0]] { OGR_G_AddPoint_2D(made, point.longitude, point.latitude) }
        OGR_G_AddGeometryDirectly(polygon, made)
        return GDALLibrary.quietly { OGR_G_IsValid(polygon) } != 0
    }

    @Test("random rings: plainly valid only where GEOS says valid; most simple ones are plain")
    func randomRings() {
        _ = GDALLibrary.registered
        var random = SystemRandomNumberGenerator()
        var plain = 0
        var geosValidCount = 0
        var invalidSeen = 0
        for index in 0..<3000 {
            let count = Int.random(in: 3...14, using: &random)
            var ring: [GeoPoint]
            if index % 2 == 0 {
                // A star-shaped ring around a centre: simple unless its angles repeat.
                let angles = (0..<count).map { _ in Double.random(in: 0..<(2 * Double.pi), using: &random) }.sorted()
                ring = angles.map { angle in
                    let radius = Double.random(in: 0.0005...0.002, using: &random)
                    return GeoPoint(latitude: 40 + radius * sin(angle), longitude: -75 + radius * cos(angle))
                }
            } else {
                // Vertices in random order, on a coarse grid so that touching and collinear cases occur.
                ring = (0..<count).map { _ in
                    GeoPoint(
                        latitude: 40 + Double(Int.random(in: 0...4, using: &random)) * 0.001,
                        longitude: -75 + Double(Int.random(in: 0...4, using: &random)) * 0.001)
                }
            }
            let valid = geosValid(ring)
            let isPlain = Polygon(rings: [ring + [ring[0]]]).isPlainlyValid
            if isPlain { #expect(valid, "plainly valid, but GEOS says invalid: \(ring)") }
            if valid { geosValidCount += 1 }
            if isPlain { plain += 1 }
            if !valid { invalidSeen += 1 }
        }
        // The check must be useful: it passes most of the rings GEOS finds valid, and the sample
        // holds invalid rings for it to refuse.
        #expect(invalidSeen > 300)
        #expect(Double(plain) >= 0.9 * Double(geosValidCount), "\(plain) plain of \(geosValidCount) valid")
    }

    @Test("cases: a bow tie, a spike back along an edge, a touching vertex, a repeated vertex, holes")
    func cases() {
        func polygon(_ points: [(Double, Double)], holes: [[(Double, Double)]] = []) -> Polygon {
            let rings = [points] + holes
            return Polygon(rings: rings.map { $0.map { GeoPoint(latitude: $0.1, longitude: $0.0) } })
        }
        #expect(polygon([(0, 0), (1, 0), (1, 1), (0, 1), (0, 0)]).isPlainlyValid)
        #expect(!polygon([(0, 0), (2, 2), (2, 0), (0, 2), (0, 0)]).isPlainlyValid)
        #expect(!polygon([(0, 0), (2, 0), (1, 0), (1, 1), (0, 0)]).isPlainlyValid)
        #expect(!polygon([(0, 0), (2, 0), (2, 2), (1, 0), (0, 2), (0, 0)]).isPlainlyValid)
        #expect(!polygon([(0, 0), (1, 0), (1, 0), (1, 1), (0, 0)]).isPlainlyValid)
        #expect(!polygon([(0, 0), (4, 0), (4, 4), (0, 0)], holes: [[(1, 1), (2, 1), (2, 2), (1, 1)]]).isPlainlyValid)
    }
}
