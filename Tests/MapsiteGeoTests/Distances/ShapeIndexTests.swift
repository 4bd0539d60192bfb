import Foundation
import MapsiteGeo
import Testing

/// `ShapeIndex` against a brute force over every pair by `SphericalShape.distance(to:)` (which
/// `ShapeDistanceOracleTests` checks against shapely): the same neighbours, in the same order.
@Suite("Shape index against brute force")
struct ShapeIndexTests {
    /// Clusters of shapes at several scales, plus shapes scattered over the globe.
    static func shapes(seed: UInt64) -> [Geometry] {
        var random = SplitMix64(seed: seed)
        var shapes: [Geometry] = []
        for (size, spread) in [(0.0003, 0.002), (0.01, 0.05), (0.5, 3), (0.05, 0.3)] {
            for _ in 0..<2 {
                let centre = GeoPoint(
                    latitude: Double.random(in: -80...80, using: &random),
                    longitude: Double.random(in: -180...180, using: &random))
                shapes += ShapeFixtures.cluster(count: 40, centre: centre, size: size, spread: spread, using: &random)
            }
        }
        shapes += ShapeFixtures.cluster(
            count: 60, centre: GeoPoint(latitude: 0, longitude: 180), size: 1, spread: 90, using: &random)
        return shapes
    }

    static func bruteForce(
        _ query: SphericalShape, from origin: GeoPoint, in shapes: [SphericalShape], points: [GeoPoint], k: Int,
        excluding: Int
    ) -> [Neighbour] {
        let ranked = shapes.indices.filter { $0 != excluding }
            .map { (distance: query.distance(to: shapes[$0]), index: $0) }
            .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
        return ranked.prefix(k).map {
            Neighbour(
                index: Int32($0.index), distance: $0.distance,
                bearing: GreatCircle.bearing(from: origin, to: points[$0.index]))
        }
    }

    @Test("each shape's nearest other shapes, and the nearest shapes to other shapes")
    func nearest() {
        let geometries = Self.shapes(seed: 7)
        let shapes = geometries.map(EdgeTreeDistanceTests.prepared)
        let points = geometries.map(\.representativePoint)
        let index = ShapeIndex(shapes: shapes, points: points)
        let table = index.allNearest(k: 6)
        #expect(table.stride == 6 && table.rowCount == shapes.count)
        var zeros = 0
        for row in shapes.indices {
            let expected = Self.bruteForce(
                shapes[row], from: points[row], in: shapes, points: points, k: 6, excluding: row)
            #expect(Array(table[row]) == expected, "shape \(row)")
            zeros += expected.filter { $0.distance == 0 }.count
        }
        #expect(zeros > 30, "only \(zeros) neighbours touch")

        let queries = Array(Self.shapes(seed: 8).prefix(150))
        let queryShapes = queries.map(EdgeTreeDistanceTests.prepared)
        let queryPoints = queries.map(\.representativePoint)
        let cross = index.nearest(to: queryShapes, at: queryPoints, k: 4)
        for row in queries.indices {
            let expected = Self.bruteForce(
                queryShapes[row], from: queryPoints[row], in: shapes, points: points, k: 4, excluding: -1)
            #expect(Array(cross[row]) == expected, "query \(row)")
        }
    }

    @Test("for points alone, the same neighbours as NeighbourIndex")
    func pointsAgree() {
        let points = PointFixtures.clustered(3000, seed: 12)
        let shapes = ShapeIndex(shapes: points.map { SphericalShape(point: $0) }, points: points).allNearest(k: 8)
        let tree = NeighbourIndex(points: points).allNearest(k: 8)
        for row in points.indices {
            #expect(shapes[row].map(\.index) == tree[row].map(\.index), "point \(row)")
            for (a, b) in zip(shapes[row], tree[row]) { #expect(abs(a.distance - b.distance) < 1e-6) }
        }
    }

    @Test("an empty index and k larger than the index")
    func edges() {
        let empty = ShapeIndex(shapes: [], points: [])
        #expect(empty.allNearest(k: 3).stride == 0)
        let point = GeoPoint(latitude: 1, longitude: 2)
        let one = ShapeIndex(shapes: [SphericalShape(point: point)], points: [point])
        #expect(one.allNearest(k: 3).stride == 0)
        let table = one.nearest(to: [SphericalShape(point: point)], at: [point], k: 3)
        #expect(table.stride == 1 && table[0].first?.distance == 0)
    }
}
