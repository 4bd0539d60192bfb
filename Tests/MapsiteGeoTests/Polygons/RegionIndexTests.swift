import Foundation
import Testing

@testable import MapsiteGeo

private func point(_ longitude: Double, _ latitude: Double) -> GeoPoint {
    GeoPoint(latitude: latitude, longitude: longitude)
}

private func square(_ x: Double, _ y: Double, size: Double = 2) -> MultiPolygon {
    MultiPolygon(Polygon(outer: PolygonFixtures.ring([(0, 0), (size, 0), (size, size), (0, size)], x: x, y: y)))
}

@Suite("RegionIndex")
struct RegionIndexTests {
    @Test("where regions overlap, the first in the list wins") func overlapFirstWins() {
        let (a, b) = (square(0, 0, size: 4), square(2, 2, size: 4))
        #expect(RegionIndex(regions: [a, b]).region(containing: point(3, 3)) == 0)
        #expect(RegionIndex(regions: [b, a]).region(containing: point(3, 3)) == 0)
        #expect(RegionIndex(regions: [a, b]).region(containing: point(5, 5)) == 1)
        #expect(RegionIndex(regions: [b, a]).region(containing: point(1, 1)) == 1)
    }

    @Test("a point on a shared border or corner goes to the first region") func sharedBorder() {
        let regions = [square(0, 0), square(2, 0), square(0, 2), square(2, 2)]
        let index = RegionIndex(regions: regions)
        #expect(index.region(containing: point(2, 1)) == 0)
        #expect(index.region(containing: point(3, 2)) == 1)
        #expect(index.region(containing: point(2, 2)) == 0)
        #expect(index.region(containing: point(2, 3)) == 2)
        #expect(RegionIndex(regions: regions.reversed()).region(containing: point(2, 2)) == 0)
        #expect(index.region(containing: point(2.5, 2.5)) == 3)
    }

    @Test("a region's hole leaves its points to the next region, or to none") func holes() {
        let park = square(1, 1)
        let withPark = MultiPolygon(
            Polygon(
                outer: PolygonFixtures.ring([(0, 0), (4, 0), (4, 4), (0, 4)]),
                holes: [PolygonFixtures.ring([(1, 1), (3, 1), (3, 3), (1, 3)])]))
        #expect(RegionIndex(regions: [withPark]).region(containing: point(2, 2)) == nil)
        #expect(RegionIndex(regions: [withPark, park]).region(containing: point(2, 2)) == 1)
        // The hole's edge belongs to the region with the hole, which comes first.
        #expect(RegionIndex(regions: [withPark, park]).region(containing: point(1, 2)) == 0)
        #expect(RegionIndex(regions: [park, withPark]).region(containing: point(1, 2)) == 0)
    }

    @Test("no regions, points outside them all, coordinates that are not numbers") func nothing() {
        #expect(RegionIndex(regions: []).region(containing: point(0, 0)) == nil)
        #expect(RegionIndex(regions: []).regions(of: [point(0, 0)]) == [-1])
        let index = RegionIndex(regions: [square(0, 0)])
        #expect(index.count == 1)
        #expect(index.region(containing: point(5, 5)) == nil)
        #expect(index.region(containing: point(.nan, 1)) == nil)
        #expect(index.region(containing: point(1, .infinity)) == nil)
        #expect(index.regions(of: []) == [])
        #expect(RegionIndex(regions: [MultiPolygon(polygons: []), square(0, 0)]).region(containing: point(1, 1)) == 1)
    }

    @Test("the same answers as testing every region in order, for 10,000 points")
    func equalsBruteForce() {
        var random = SplitMix64(seed: 11)
        var regions: [MultiPolygon] = []
        for index in 0..<160 {
            let centre = point(Double.random(in: 0...20, using: &random), Double.random(in: 0...10, using: &random))
            let count = index % 16 == 0 ? 2_000 : Int.random(in: 3...200, using: &random)
            var polygons = [
                PolygonFixtures.star(
                    centre: centre, count: count, radius: 0.3...Double.random(in: 0.4...2, using: &random),
                    hole: index % 3 == 0, using: &random)
            ]
            if index % 5 == 0 {
                let island = point(centre.longitude + 3, centre.latitude - 2)
                polygons.append(
                    PolygonFixtures.star(centre: island, count: 9, radius: 0.1...0.5, hole: false, using: &random))
            }
            regions.append(MultiPolygon(polygons: polygons))
        }
        // Random points, and points on a grid of tenths, where rays meet vertices of the squares.
        regions += (0..<40).map { square(Double($0 % 10) * 2, Double($0 / 10) * 2.5, size: 1.5) }
        let scattered = PointFixtures.box(8_000, latitude: -2...12, longitude: -2...22, seed: 12)
        let snapped = PointFixtures.box(2_000, latitude: -2...12, longitude: -2...22, seed: 13).map {
            point(($0.longitude * 10).rounded() / 10, ($0.latitude * 10).rounded() / 10)
        }
        let points = scattered + snapped
        let index = RegionIndex(regions: regions)
        let batch = index.regions(of: points)
        let bounds = regions.map(\.bounds)
        var mismatches: [String] = []
        var found = 0
        for (position, point) in points.enumerated() {
            let expected = PolygonFixtures.bruteForceRegion(of: point, in: regions, bounds: bounds)
            if expected != nil { found += 1 }
            let single = index.region(containing: point)
            if single != expected || batch[position] != Int32(expected ?? -1) {
                mismatches.append(
                    "\(point): \(String(describing: single)), \(batch[position]), expected \(String(describing: expected))"
                )
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(5))")
        #expect(found > points.count / 4 && found < points.count * 9 / 10)
    }
}
