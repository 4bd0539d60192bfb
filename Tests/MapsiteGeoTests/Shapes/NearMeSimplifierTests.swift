import Foundation
import Testing

@testable import MapsiteGeo

@Suite("NearMeSimplifier")
struct NearMeSimplifierTests {
    private static func decimal(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

    /// A closed wiggly ring of `count` vertices around (`lat`, `lon`), about 3 km across.
    static func ring(count: Int, lat: Double, lon: Double, seed: UInt64) -> [GeoPoint] {
        var random = SplitMix64(seed: seed)
        let points = (0..<count).map { step -> GeoPoint in
            let angle = Double(step) / Double(count) * 2 * .pi
            let r = 0.015 * (1 + 0.1 * sin(angle * 7) + Double.random(in: -0.01...0.01, using: &random))
            return GeoPoint(
                latitude: decimal(lat + r * sin(angle)), longitude: decimal(lon + r * cos(angle) / cos(lat * .pi / 180))
            )
        }
        return points + [points[0]]
    }

    /// The least great-circle distance from `p` to the points of `samples`.
    private static func nearest(_ p: GeoPoint, _ samples: [GeoPoint]) -> Double {
        samples.reduce(Double.infinity) { min($0, GreatCircle.distance(p, $1)) }
    }

    /// `line` sampled every 1/`steps` of each edge, straight in longitude/latitude.
    private static func sampled(_ line: ArraySlice<GeoPoint>, steps: Int) -> [GeoPoint] {
        var samples: [GeoPoint] = []
        for (a, b) in zip(line, line.dropFirst()) {
            for step in 0..<steps {
                let t = Double(step) / Double(steps)
                samples.append(
                    GeoPoint(
                        latitude: a.latitude + (b.latitude - a.latitude) * t,
                        longitude: a.longitude + (b.longitude - a.longitude) * t))
            }
        }
        return samples + [line.last!]
    }

    @Test(
        "each run of true vertices and its simplified edge lie within the stated tolerance of each other, on the sphere",
        arguments: [(-33.9, 151.2), (64.1, -21.9), (0.0, 30.0)])
    func withinTolerance(_ place: (Double, Double)) throws {
        let rings = [Self.ring(count: 1500, lat: place.0, lon: place.1, seed: 7)]
        let simple = try #require(NearMeSimplifier.simplify(rings, maximumVertices: 100))
        let kept = simple.kept[0]
        #expect(kept.count <= 100 && kept.first == 0 && kept.last == rings[0].count - 1)
        var most = 0.0
        for (a, b) in zip(kept, kept.dropFirst()) {
            // Brute force on the sphere: the true run against its chord, both sampled.
            let chord = Self.sampled(rings[0][a...b].prefix(1) + [rings[0][b]], steps: 100)
            let run = Self.sampled(rings[0][a...b], steps: 4)
            for point in run { most = max(most, Self.nearest(point, chord)) }
            for point in Self.sampled(rings[0][a...b].prefix(1) + [rings[0][b]], steps: 10) {
                most = max(most, Self.nearest(point, run))
            }
        }
        // Sampling every 1/100 of a chord (under 1 m) adds at most 0.5 m to the brute force.
        #expect(most <= simple.tolerance + 0.5, "measured \(most) m, stated \(simple.tolerance) m")
        #expect(most >= simple.tolerance * 0.8 - 1, "the tolerance is close to what was dropped")
    }

    @Test("a shape within its budget, across the antimeridian or near a pole is left whole")
    func leftWhole() {
        let ring = Self.ring(count: 100, lat: 10, lon: 20, seed: 3)
        #expect(NearMeSimplifier.simplify([ring], maximumVertices: 200) == nil)
        #expect(NearMeSimplifier.simplify([ring], maximumVertices: 50) != nil)
        let across = ring.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude > 20 ? 179.99 : -179.99) }
        #expect(NearMeSimplifier.simplify([across], maximumVertices: 50) == nil)
        let polar = ring.map { GeoPoint(latitude: $0.latitude + 79.5, longitude: $0.longitude) }
        #expect(NearMeSimplifier.simplify([polar], maximumVertices: 50) == nil)
    }
}
