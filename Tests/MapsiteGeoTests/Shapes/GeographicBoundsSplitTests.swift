import Testing

@testable import MapsiteGeo

/// Shapes split along the antimeridian, as RFC 7946 asks and Natural Earth writes Fiji and Russia:
/// parts that touch -180 and 180 exactly. Their box is the narrow one across the line, checked
/// against a brute force over every vertex's longitude as the western edge.
@Suite("Geographic bounds of shapes split at ±180")
struct GeographicBoundsSplitTests {
    private static func point(_ longitude: Double, _ latitude: Double) -> GeoPoint {
        GeoPoint(latitude: latitude, longitude: longitude)
    }

    private static func box(_ west: Double, _ south: Double, _ east: Double, _ north: Double) -> Polygon {
        Polygon(outer: [
            point(west, south), point(east, south), point(east, north), point(west, north), point(west, south),
        ])
    }

    /// The narrowest span eastward from one vertex's longitude that reaches every other: each
    /// longitude tried as the western edge, the eastern edge the furthest longitude east of it.
    private static func bruteForce(_ longitudes: [Double]) -> (west: Double, span: Double) {
        var best = (west: 0.0, span: Double.infinity)
        for west in longitudes {
            let span = longitudes.map { ($0 - west + 720).truncatingRemainder(dividingBy: 360) }.max()!
            if span < best.span { best = (west, span) }
        }
        return best
    }

    @Test("Fiji-like: parts at 177…180 and -180…-178 give 177 to -178, 5° wide, not the whole world")
    func fiji() throws {
        let shape = Geometry.multiPolygon(
            MultiPolygon(polygons: [Self.box(177, -19, 180, -16), Self.box(-180, -17, -178, -15.5)]))
        let bounds = try #require(shape.geographicBounds)
        #expect(bounds.minLongitude == 177 && bounds.maxLongitude == -178)
        #expect(bounds.minLatitude == -19 && bounds.maxLatitude == -15.5)
        let oracle = Self.bruteForce(shape.allPoints.map(\.longitude))
        #expect(oracle.west == bounds.minLongitude && oracle.span == 5)
    }

    @Test("Russia-like: a wide part ending at 180 and a small one from -180 match the brute force")
    func russia() throws {
        let shape = Geometry.multiPolygon(
            MultiPolygon(polygons: [
                Self.box(27, 41, 180, 77), Self.box(-180, 64, -169, 71), Self.box(19.6, 54.3, 22.9, 55.3),
            ]))
        let bounds = try #require(shape.geographicBounds)
        let oracle = Self.bruteForce(shape.allPoints.map(\.longitude))
        #expect(bounds.minLongitude == oracle.west && bounds.minLongitude == 19.6)
        #expect(bounds.maxLongitude == -169)
        #expect(abs(oracle.span - (360 - 169 - 19.6)) < 1e-9)
    }

    @Test("a line along the whole antimeridian, -180 and 180 only: no longitude between them")
    func alongTheLine() throws {
        let shape = Geometry.multiLineString([
            [Self.point(180, -10), Self.point(180, 10)], [Self.point(-180, 10), Self.point(-180, 20)],
        ])
        let bounds = try #require(shape.geographicBounds)
        #expect(
            (bounds.minLongitude + 360).truncatingRemainder(dividingBy: 360)
                == (bounds.maxLongitude + 360).truncatingRemainder(dividingBy: 360))
        #expect(bounds.minLatitude == -10 && bounds.maxLatitude == 20)
    }

    @Test("a polygon around a pole still spans every longitude")
    func pole() throws {
        let cap = Polygon(outer: [
            Self.point(-180, 80), Self.point(-90, 80), Self.point(0, 80), Self.point(90, 80), Self.point(180, 80),
            Self.point(180, 90), Self.point(-180, 90), Self.point(-180, 80),
        ])
        let bounds = try #require(Geometry.polygon(cap).geographicBounds)
        #expect(bounds.minLongitude == -180 && bounds.maxLongitude == 180 && bounds.maxLatitude == 90)
    }
}
