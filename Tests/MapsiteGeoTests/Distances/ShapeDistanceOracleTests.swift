import Foundation
import MapsiteGeo
import Testing

/// Distances between points, lines and polygons against shapely in local azimuthal-equidistant
/// projections (`DistanceOracle`): equal to 0.1% or 1 m.
@Suite("Distances between shapes against shapely")
struct ShapeDistanceOracleTests {
    static func ring(_ pairs: [(Double, Double)]) -> [GeoPoint] {
        PolygonFixtures.ring(pairs)
    }

    /// Cases made by hand: containment, holes, crossings, touching, across the antimeridian.
    static let handmade: [(Geometry, Geometry, String)] = {
        let square = Polygon(
            outer: ring([(0, 0), (0.01, 0), (0.01, 0.01), (0, 0.01)]),
            holes: [ring([(0.004, 0.004), (0.004, 0.006), (0.006, 0.006), (0.006, 0.004)])])
        let across = Polygon(outer: ring([(179.99, -16.01), (-179.99, -16.01), (-179.99, -15.99), (179.99, -15.99)]))
        return [
            (.polygon(square), .point(GeoPoint(latitude: 0.002, longitude: 0.002)), "point inside"),
            (.polygon(square), .point(GeoPoint(latitude: 0.005, longitude: 0.0052)), "point in the hole"),
            (.polygon(square), .point(GeoPoint(latitude: 0.02, longitude: 0.005)), "point outside"),
            (
                .polygon(square), .polygon(Polygon(outer: ring([(0.001, 0.001), (0.002, 0.001), (0.002, 0.002)]))),
                "polygon inside"
            ),
            (
                .polygon(square),
                .polygon(Polygon(outer: ring([(0.0045, 0.0045), (0.0055, 0.0045), (0.0055, 0.0055)]))),
                "polygon in the hole"
            ),
            (
                .polygon(square),
                .lineString([GeoPoint(latitude: 0.005, longitude: -0.01), GeoPoint(latitude: 0.005, longitude: 0.02)]),
                "line through it"
            ),
            (
                .lineString([GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 1, longitude: 1)]),
                .lineString([GeoPoint(latitude: 1, longitude: 0), GeoPoint(latitude: 0, longitude: 1)]),
                "crossing lines"
            ),
            (
                .lineString([GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 1, longitude: 1)]),
                .lineString([GeoPoint(latitude: 0.6, longitude: 0.3), GeoPoint(latitude: 2, longitude: 0.3)]),
                "lines apart, nearest inside an edge"
            ),
            (.polygon(across), .point(GeoPoint(latitude: -16, longitude: 179.995)), "inside, across the antimeridian"),
            (.polygon(across), .point(GeoPoint(latitude: -16, longitude: -179.995)), "inside, the other side"),
            (.polygon(across), .point(GeoPoint(latitude: -16, longitude: -179.9)), "outside, east of it"),
            (
                .polygon(across),
                .lineString([
                    GeoPoint(latitude: -16.1, longitude: 179.9), GeoPoint(latitude: -16.05, longitude: -179.9),
                ]),
                "line south of it, across the antimeridian"
            ),
        ]
    }()

    @Test("handmade cases: containment, holes, crossings, the antimeridian")
    func handmadeCases() throws {
        let shapes = Self.handmade.flatMap { [$0.0, $0.1] }
        let pairs = Self.handmade.indices.map { (2 * $0, 2 * $0 + 1) }
        let oracle = try DistanceOracle.distances(shapes, pairs: pairs)
        for (index, (a, b, name)) in Self.handmade.enumerated() {
            let distance = SphericalShape(a).distance(to: SphericalShape(b))
            let back = SphericalShape(b).distance(to: SphericalShape(a))
            #expect(
                abs(distance - oracle[index]) <= max(1, 0.001 * oracle[index]),
                "\(name): \(distance) m, oracle \(oracle[index]) m")
            #expect(abs(back - distance) <= 1e-6, "\(name): \(back) m the other way")
        }
        let inside = Self.handmade.indices.filter { oracle[$0] == 0 }.map { Self.handmade[$0].2 }
        #expect(inside.count == 6, "the oracle finds 0 for \(inside)")
    }

    @Test("random clusters of points, lines and polygons, tens of metres to hundreds of kilometres")
    func randomClusters() throws {
        var random = SplitMix64(seed: 2121)
        let settings: [(centre: GeoPoint, size: Double, spread: Double)] = [
            (GeoPoint(latitude: 39.95, longitude: -75.16), 0.0003, 0.0006),
            (GeoPoint(latitude: 51.5, longitude: -0.12), 0.003, 0.006),
            (GeoPoint(latitude: -33.9, longitude: 151.2), 0.03, 0.05),
            (GeoPoint(latitude: 35, longitude: 100), 1, 2),
            (GeoPoint(latitude: -20, longitude: 20), 3, 5),
            (GeoPoint(latitude: -16, longitude: 179.95), 0.05, 0.1),
            (GeoPoint(latitude: 62, longitude: -179.9), 1.5, 2),
            (GeoPoint(latitude: 80, longitude: 10), 0.5, 1),
        ]
        var shapes: [Geometry] = []
        var pairs: [(Int, Int)] = []
        for setting in settings {
            let start = shapes.count
            shapes += ShapeFixtures.cluster(
                count: 12, centre: setting.centre, size: setting.size, spread: setting.spread, using: &random)
            for i in start..<shapes.count {
                for j in (i + 1)..<shapes.count { pairs.append((i, j)) }
            }
        }
        let prepared = shapes.map(SphericalShape.init)
        let oracle = try DistanceOracle.distances(shapes, pairs: pairs)
        var worst = 0.0
        var zeros = 0
        for (pair, expected) in zip(pairs, oracle) {
            let distance = prepared[pair.0].distance(to: prepared[pair.1])
            let error = abs(distance - expected)
            #expect(
                error <= max(1, 0.001 * expected),
                "\(DistanceOracle.json(shapes[pair.0])) to \(DistanceOracle.json(shapes[pair.1])): \(distance) m, oracle \(expected) m"
            )
            if expected > 1 { worst = max(worst, error / expected) }
            if expected == 0 { zeros += 1 }
        }
        // The clusters are dense enough that many shapes touch or hold each other.
        #expect(zeros >= 20, "only \(zeros) of \(pairs.count) pairs intersect")
        print("Shape distances: \(pairs.count) pairs, \(zeros) intersecting, worst relative difference \(worst)")
    }
}
