import Foundation
import Testing

@testable import MapsiteGeo

@Suite("GreatCircle.minimumDistanceLowerBound")
struct TileDistanceTests {
    /// Points spread over the tile's rectangle: a grid over its interior and its edges.
    private func samples(in tile: TileKey, steps: Int) -> [GeoPoint] {
        var bounds = tile.bounds
        if tile.y == 0 { bounds.maxLatitude = 90 }
        if tile.y == (1 << tile.z) - 1 { bounds.minLatitude = -90 }
        return (0...steps).flatMap { i in
            (0...steps).map { j in
                GeoPoint(
                    latitude: bounds.minLatitude + (bounds.maxLatitude - bounds.minLatitude) * Double(i)
                        / Double(steps),
                    longitude: bounds.minLongitude + (bounds.maxLongitude - bounds.minLongitude) * Double(j)
                        / Double(steps))
            }
        }
    }

    @Test("never exceeds the distance to any point in the tile, and is 0 inside")
    func isALowerBound() {
        var random = SplitMix64(seed: 41)
        let queries =
            PointFixtures.global(150, seed: 42) + PointFixtures.box(50, latitude: 50...52, longitude: -1...1, seed: 43)
        for query in queries {
            for _ in 0..<12 {
                let zoom = Int.random(in: 0...12, using: &random)
                let near = TileKey(containing: query, zoom: zoom)
                let tile = TileKey(
                    z: zoom, x: (near.x + Int.random(in: -3...3, using: &random) + (1 << zoom) * 4) % (1 << zoom),
                    y: min((1 << zoom) - 1, max(0, near.y + Int.random(in: -3...3, using: &random))))
                let bound = GreatCircle.minimumDistanceLowerBound(from: query, to: tile)
                let points = samples(in: tile, steps: 60)
                let sampled = points.map { GreatCircle.distance(query, $0) }.min()!
                #expect(bound <= sampled, "\(query) → \(tile)")
                // Tight: within one grid cell's diagonal of the sampled minimum.
                let step = (0..<60).map { GreatCircle.distance(points[61 * $0], points[61 * ($0 + 1) + 1]) }.max()!
                #expect(bound >= sampled - step - 1, "\(query) → \(tile): bound \(bound), sampled \(sampled)")
                if tile == near { #expect(bound == 0) }
            }
        }
    }

    @Test("tiles across the antimeridian are near, not a world away")
    func antimeridian() {
        let query = GeoPoint(latitude: 10, longitude: 179.95)
        let across = GeoPoint(latitude: 10, longitude: -179.95)
        let tile = TileKey(containing: across, zoom: 8)
        let bound = GreatCircle.minimumDistanceLowerBound(from: query, to: tile)
        #expect(bound <= GreatCircle.distance(query, across))
        #expect(bound > 0 && bound < 6_000)
        let back = GreatCircle.minimumDistanceLowerBound(from: across, to: TileKey(containing: query, zoom: 8))
        #expect(back > 0 && back < 6_000)
    }

    @Test("points beyond the Mercator limit are covered by the top and bottom rows")
    func polarRows() {
        let north = GeoPoint(latitude: 89.5, longitude: 20)
        let tile = TileKey(containing: north, zoom: 6)
        #expect(tile.y == 0)
        #expect(GreatCircle.minimumDistanceLowerBound(from: north, to: tile) == 0)
        let query = GeoPoint(latitude: 80, longitude: 20)
        #expect(GreatCircle.minimumDistanceLowerBound(from: query, to: tile) <= GreatCircle.distance(query, north))
        let south = GeoPoint(latitude: -90, longitude: 0)
        #expect(
            GreatCircle.minimumDistanceLowerBound(
                from: GeoPoint(latitude: -70, longitude: 100), to: TileKey(containing: south, zoom: 3))
                <= GreatCircle.distance(GeoPoint(latitude: -70, longitude: 100), south))
    }

    @Test("every pyramid point is no nearer than its leaf's bound")
    func boundsCoverPyramidPoints() {
        let points = PointFixtures.clustered(3000, seed: 44) + PointFixtures.global(300, seed: 45)
        let pyramid = TilePyramid(
            points: points, pointSizes: Array(repeating: 50, count: points.count), options: .init(byteBudget: 5000))
        for query in PointFixtures.global(40, seed: 46) + PointFixtures.clustered(40, seed: 47) {
            for leaf in pyramid.leaves {
                let bound = GreatCircle.minimumDistanceLowerBound(from: query, to: leaf.key)
                #expect(leaf.points.allSatisfy { GreatCircle.distance(query, points[Int($0)]) >= bound })
            }
        }
    }
}
