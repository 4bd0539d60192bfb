import Foundation
import MapsiteGeo

/// Polygons for the point-in-polygon tests, written in small whole-number coordinates where exact
/// boundary points matter, and random where only agreement matters.
enum PolygonFixtures {
    /// A closed ring through `(longitude, latitude)` pairs, offset by `(x, y)`.
    static func ring(_ pairs: [(Double, Double)], x: Double = 0, y: Double = 0) -> [GeoPoint] {
        let points = pairs.map { GeoPoint(latitude: $0.1 + y, longitude: $0.0 + x) }
        return points + [points[0]]
    }

    /// A comb: concave, with horizontal edges and many vertices at the same latitudes.
    static let comb = Polygon(
        outer: ring([
            (0, 0), (10, 0), (10, 8), (8, 8), (8, 2), (6, 2), (6, 8), (4, 8), (4, 2), (2, 2), (2, 8), (0, 8),
        ]))

    /// A square with two holes, one of them triangular, and a spike of an outer vertex.
    static let withHoles = Polygon(
        outer: ring([(20, 0), (28, 0), (28, 4), (32, 6), (28, 6), (28, 8), (20, 8)]),
        holes: [ring([(21, 1), (21, 3), (23, 3), (23, 1)]), ring([(24, 2), (27, 2), (26, 6)])])

    /// Two polygons, one holding an island in its hole: a valid MultiPolygon.
    static let archipelago = MultiPolygon(polygons: [
        Polygon(
            outer: ring([(40, 0), (48, 0), (48, 8), (40, 8)]), holes: [ring([(42, 2), (46, 2), (46, 6), (42, 6)])]),
        Polygon(outer: ring([(43, 3), (45, 3), (44, 5)])),
        Polygon(outer: ring([(50, 0), (54, 4), (50, 8), (52, 4)])),
    ])

    /// A star-shaped polygon around `centre` with `count` vertices at random radii in
    /// `radius`, counterclockwise, optionally with a hole of a quarter of the smallest radius.
    static func star(
        centre: GeoPoint, count: Int, radius: ClosedRange<Double>, hole: Bool, using random: inout SplitMix64
    ) -> Polygon {
        func ring(_ count: Int, _ radius: ClosedRange<Double>, _ random: inout SplitMix64) -> [GeoPoint] {
            let points = (0..<count).map { step in
                let angle = (Double(step) + Double.random(in: 0..<0.8, using: &random)) * 2 * .pi / Double(count)
                let length = Double.random(in: radius, using: &random)
                return GeoPoint(
                    latitude: centre.latitude + length * sin(angle), longitude: centre.longitude + length * cos(angle))
            }
            return points + [points[0]]
        }
        let outer = ring(count, radius, &random)
        guard hole else { return Polygon(outer: outer) }
        let inner = radius.lowerBound / 4
        return Polygon(outer: outer, holes: [ring(max(3, count / 4), inner * 0.5...inner, &random)])
    }

    /// Points on the boundary for sure: every vertex, and the points at eighths of every edge
    /// (exact in whole-number coordinates).
    static func boundaryPoints(of shape: MultiPolygon) -> [GeoPoint] {
        var points: [GeoPoint] = []
        for polygon in shape.polygons {
            for ring in polygon.rings {
                for (start, end) in zip(ring, ring.dropFirst()) {
                    for step in 0..<8 {
                        let t = Double(step) / 8
                        points.append(
                            GeoPoint(
                                latitude: start.latitude + (end.latitude - start.latitude) * t,
                                longitude: start.longitude + (end.longitude - start.longitude) * t))
                    }
                }
            }
        }
        return points
    }

    /// The first region holding `point`, by testing every region in order (those whose bounds
    /// hold the point: a debug build is slow).
    static func bruteForceRegion(of point: GeoPoint, in regions: [MultiPolygon], bounds: [GeoBounds?]) -> Int? {
        regions.indices.first { bounds[$0]?.contains(point) == true && regions[$0].contains(point) }
    }
}
