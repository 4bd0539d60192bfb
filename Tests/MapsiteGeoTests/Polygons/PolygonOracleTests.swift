import Foundation
import Testing

@testable import MapsiteGeo

/// `Polygon`, `MultiPolygon` and `RegionIndex` against shapely's `covers`, which counts the
/// boundary as inside: the documented rule.
@Suite("Point in polygon: shapely oracle")
struct PolygonOracleTests {
    static let shapes: [MultiPolygon] = {
        var random = SplitMix64(seed: 7)
        return [
            MultiPolygon(PolygonFixtures.comb),
            MultiPolygon(PolygonFixtures.withHoles),
            PolygonFixtures.archipelago,
            MultiPolygon(
                PolygonFixtures.star(
                    centre: GeoPoint(latitude: 39.95, longitude: -75.16), count: 300, radius: 0.01...0.05, hole: true,
                    using: &random)),
            MultiPolygon(
                PolygonFixtures.star(
                    centre: GeoPoint(latitude: 4, longitude: 64), count: 12, radius: 1...4, hole: false,
                    using: &random)),
        ]
    }()

    /// Random points over each shape's bounds and a margin, the same points snapped to a grid of
    /// quarter degrees (so rays pass through vertices and along horizontal edges), and points
    /// interpolated along edges (on them or within a rounding error of them).
    static func points(near shape: MultiPolygon, seed: UInt64) -> [GeoPoint] {
        let bounds = shape.bounds!
        let margin = (bounds.maxLongitude - bounds.minLongitude) / 10
        let scattered = PointFixtures.box(
            800, latitude: bounds.minLatitude - margin...bounds.maxLatitude + margin,
            longitude: bounds.minLongitude - margin...bounds.maxLongitude + margin, seed: seed)
        let snapped = scattered.prefix(400).map {
            GeoPoint(latitude: ($0.latitude * 4).rounded() / 4, longitude: ($0.longitude * 4).rounded() / 4)
        }
        var random = SplitMix64(seed: seed + 1)
        let edges = shape.polygons.flatMap(\.rings).flatMap { ring in Array(zip(ring, ring.dropFirst())) }
        let nearEdges = (0..<300).map { _ in
            let (start, end) = edges[Int.random(in: 0..<edges.count, using: &random)]
            let t = Double.random(in: 0...1, using: &random)
            return GeoPoint(
                latitude: start.latitude + (end.latitude - start.latitude) * t,
                longitude: start.longitude + (end.longitude - start.longitude) * t)
        }
        return scattered + snapped + nearEdges
    }

    @Test("every answer agrees with shapely, for thousands of points near each shape")
    func agreesWithShapely() throws {
        let points = Self.shapes.enumerated().flatMap { Self.points(near: $1, seed: UInt64(100 + $0)) }
        let covers = try ShapelyOracle.covers(Self.shapes, points)
        try #require(covers.count == Self.shapes.count)
        var inside = 0
        for (index, shape) in Self.shapes.enumerated() {
            let indexed = RegionIndex(regions: [shape]).regions(of: points)
            var mismatches: [String] = []
            for (position, point) in points.enumerated() {
                let expected = covers[index][position]
                if expected { inside += 1 }
                if shape.contains(point) != expected || (indexed[position] == 0) != expected {
                    mismatches.append("(\(point.longitude), \(point.latitude)): shapely says \(expected)")
                }
            }
            #expect(mismatches.isEmpty, "shape \(index): \(mismatches.count) mismatches: \(mismatches.prefix(5))")
        }
        // The points are spread so that both answers are common.
        #expect(inside > points.count / 5)
        #expect(inside < points.count * Self.shapes.count * 4 / 5)
    }

    @Test("points on edges and vertices, of outer rings and holes, are inside; shapely agrees")
    func boundaryIsInside() throws {
        let exact = Array(Self.shapes.prefix(3))
        let points = exact.flatMap(PolygonFixtures.boundaryPoints)
        let covers = try ShapelyOracle.covers(exact, points)
        for (index, shape) in exact.enumerated() {
            let own = Set(PolygonFixtures.boundaryPoints(of: shape))
            let indexed = RegionIndex(regions: [shape]).regions(of: points)
            var outside: (shapely: [GeoPoint], contains: [GeoPoint], index: [GeoPoint]) = ([], [], [])
            for (position, point) in points.enumerated() where own.contains(point) {
                if !covers[index][position] { outside.shapely.append(point) }
                if !shape.contains(point) { outside.contains.append(point) }
                if indexed[position] != 0 { outside.index.append(point) }
            }
            #expect(outside.shapely.isEmpty, "shape \(index): shapely leaves out \(outside.shapely.prefix(5))")
            #expect(outside.contains.isEmpty, "shape \(index): contains leaves out \(outside.contains.prefix(5))")
            #expect(outside.index.isEmpty, "shape \(index): RegionIndex leaves out \(outside.index.prefix(5))")
        }
    }
}
