import Foundation
import Testing

@testable import MapsiteGeo

private func point(_ longitude: Double, _ latitude: Double) -> GeoPoint {
    GeoPoint(latitude: latitude, longitude: longitude)
}

/// A 10 × 10 square at the origin with a 2 × 2 hole in the middle (a park).
private let square = Polygon(
    outer: PolygonFixtures.ring([(0, 0), (10, 0), (10, 10), (0, 10)]),
    holes: [PolygonFixtures.ring([(4, 4), (6, 4), (6, 6), (4, 6)])])

@Suite("Polygon")
struct PolygonTests {
    @Test("inside, outside, and in the hole") func insideAndOutside() {
        #expect(square.contains(point(1, 1)))
        #expect(square.contains(point(7, 5)))
        #expect(!square.contains(point(5, 5)))
        #expect(!square.contains(point(-1, 5)))
        #expect(!square.contains(point(11, 5)))
        #expect(!square.contains(point(5, 10.000001)))
    }

    @Test("the boundary of the outer ring is inside: edges and vertices") func outerBoundary() {
        for boundary in [point(0, 5), point(10, 5), point(5, 0), point(5, 10), point(0, 0), point(10, 10)] {
            #expect(square.contains(boundary), "\(boundary)")
        }
    }

    @Test("the boundary of a hole belongs to the polygon") func holeBoundary() {
        for boundary in [point(4, 5), point(6, 5), point(5, 4), point(5, 6), point(4, 4), point(6, 6)] {
            #expect(square.contains(boundary), "\(boundary)")
        }
    }

    @Test("a point on a sloping edge, found exactly") func slopingEdge() {
        let triangle = Polygon(outer: PolygonFixtures.ring([(0, 0), (3, 1), (0, 2)]))
        #expect(triangle.contains(point(1.5, 0.5)))
        #expect(triangle.contains(point(0.3, 0.1)))
        #expect(!triangle.contains(point(1.5, 0.5.nextDown)))
        #expect(triangle.contains(point(1.5, 0.5.nextUp)))
    }

    @Test("a concave notch is outside; rays through vertices count once") func concave() {
        let comb = PolygonFixtures.comb
        #expect(!comb.contains(point(3, 5)))
        #expect(comb.contains(point(1, 5)))
        #expect(comb.contains(point(5, 5)))
        // The ray at latitude 2 runs along the comb's horizontal edges and through its vertices.
        #expect(comb.contains(point(1, 2)))
        #expect(comb.contains(point(3, 2)))
        #expect(comb.contains(point(3, 1.999)))
        #expect(!comb.contains(point(3, 2.001)))
        #expect(!comb.contains(point(-1, 2)))
        // The ray at latitude 8 touches the tops of the teeth.
        #expect(!comb.contains(point(3, 8)))
        #expect(comb.contains(point(8, 8)))
        #expect(!comb.contains(point(-1, 8)))
    }

    @Test("orientation and the closing vertex do not matter") func ringForms() {
        let clockwise = Polygon(outer: [point(0, 0), point(0, 4), point(4, 4), point(4, 0)])
        let counterclockwise = Polygon(outer: PolygonFixtures.ring([(0, 0), (4, 0), (4, 4), (0, 4)]))
        for candidate in [point(2, 2), point(4, 2), point(5, 2), point(0, 4), point(2, -1)] {
            #expect(clockwise.contains(candidate) == counterclockwise.contains(candidate))
        }
        #expect(clockwise.contains(point(2, 2)))
    }

    @Test("a MultiPolygon holds the points of each part, an island in a hole included") func multiPolygon() {
        let shape = PolygonFixtures.archipelago
        #expect(shape.contains(point(41, 1)))
        #expect(!shape.contains(point(42.5, 5)))
        #expect(shape.contains(point(44, 4)))
        #expect(shape.contains(point(53, 4.5)))
        #expect(!shape.contains(point(51, 4.5)))
        #expect(!shape.contains(point(49, 4)))
        #expect(shape.bounds == GeoBounds(minLatitude: 0, minLongitude: 40, maxLatitude: 8, maxLongitude: 54))
    }

    @Test("the exact side test decides what rounding cannot") func orientation() {
        #expect(Orientation.sign(0, 0, 1, 1, 0.5, 0.5) == 0)
        #expect(Orientation.sign(0, 0, 1, 1, 0.5, 0.5.nextUp) == 1)
        #expect(Orientation.sign(0, 0, 1, 1, 0.5, 0.5.nextDown) == -1)
        // Shewchuk's classic: points near the line through (12, 12) and (24, 24), offset by ulps.
        let x = 0.5 + 0x1p-52
        #expect(Orientation.sign(12, 12, 24, 24, x, 0.5) == -1)
        #expect(Orientation.sign(12, 12, 24, 24, 0.5, x) == 1)
    }

    @Test("the side test is exact for points within a few units in the last place of a line")
    func orientationExact() {
        // In [1, 2) every double is a whole multiple of 2⁻⁵², so 128-bit integers give the truth.
        func exact(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) -> Int {
            func units(_ value: Double) -> Int64 { Int64(value * 0x1p52) }
            let left = (units(x1) - units(x)).multipliedFullWidth(by: units(y2) - units(y))
            let right = (units(y1) - units(y)).multipliedFullWidth(by: units(x2) - units(x))
            return (left.high, left.low) > (right.high, right.low) ? 1 : (left == right ? 0 : -1)
        }
        var random = SplitMix64(seed: 3)
        var naiveWrong = 0
        for _ in 0..<20_000 {
            let (x1, y1, x2, y2) = (
                Double.random(in: 1..<2, using: &random), Double.random(in: 1..<2, using: &random),
                Double.random(in: 1..<2, using: &random), Double.random(in: 1..<2, using: &random)
            )
            let t = Double.random(in: 0...1, using: &random)
            var x = x1 + (x2 - x1) * t
            var y = y1 + (y2 - y1) * t
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                x = Bool.random(using: &random) ? x.nextUp : x.nextDown
            }
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                y = Bool.random(using: &random) ? y.nextUp : y.nextDown
            }
            guard (1..<2).contains(x), (1..<2).contains(y) else { continue }
            let truth = exact(x1, y1, x2, y2, x, y)
            let naive = (x1 - x) * (y2 - y) - (y1 - y) * (x2 - x)
            if (naive > 0 ? 1 : (naive < 0 ? -1 : 0)) != truth { naiveWrong += 1 }
            #expect(Orientation.sign(x1, y1, x2, y2, x, y) == truth, "\([x1, y1, x2, y2, x, y])")
        }
        // The cases are hard: plain floating point gets many of them wrong.
        #expect(naiveWrong > 100)
    }
}
