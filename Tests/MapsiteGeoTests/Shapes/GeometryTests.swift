import MapsiteGeo
import Testing

@Suite("Geometry")
struct GeometryTests {
    private func point(_ longitude: Double, _ latitude: Double) -> GeoPoint {
        GeoPoint(latitude: latitude, longitude: longitude)
    }

    @Test("a point stands for itself, a multipoint for its first point") func points() {
        #expect(Geometry.point(point(3, 4)).representativePoint == point(3, 4))
        #expect(Geometry.multiPoint([point(5, 6), point(1, 2)]).representativePoint == point(5, 6))
        #expect(Geometry.multiPoint([point(5, 6)]).length == nil)
        #expect(Geometry.multiPoint([point(5, 6)]).area == nil)
    }

    @Test("a multiline's middle is halfway along all its lines in order") func multiLine() {
        // Along the equator, 1° and 3°: the middle is 1° into the second line.
        let shape = Geometry.multiLineString([[point(0, 0), point(1, 0)], [point(10, 0), point(13, 0)]])
        let middle = shape.representativePoint
        #expect(abs(middle.longitude - 11) < 1e-9 && abs(middle.latitude) < 1e-9)
    }

    @Test("a line of one repeated position stands at it") func zeroLength() {
        #expect(Geometry.lineString([point(2, 2), point(2, 2)]).representativePoint == point(2, 2))
        #expect(Geometry.lineString([point(2, 2), point(2, 2)]).length == 0)
    }

    @Test("a comb's point lies in a tooth, not in the gaps its centroid falls in") func comb() {
        let shape = Geometry.polygon(PolygonFixtures.comb)
        let inside = shape.representativePoint
        #expect(PolygonFixtures.comb.contains(inside))
        // The middle latitude (4) crosses the three teeth, each 2° wide: the first is the widest found.
        #expect(inside == point(1, 4))
    }

    @Test("a hole across the middle latitude is left out") func hole() {
        let square = PolygonFixtures.ring([(0, 0), (10, 0), (10, 10), (0, 10)])
        let hole = PolygonFixtures.ring([(2, 2), (2, 8), (9, 8), (9, 2)])
        let inside = Geometry.polygon(Polygon(outer: square, holes: [hole])).representativePoint
        #expect(inside == point(1, 5))
    }

    @Test("a multipolygon's point lies in its largest polygon") func largest() {
        let small = Polygon(outer: PolygonFixtures.ring([(0, 0), (1, 0), (1, 1), (0, 1)]))
        let large = Polygon(outer: PolygonFixtures.ring([(5, 0), (9, 0), (9, 4), (5, 4)]))
        #expect(Geometry.multiPolygon(MultiPolygon(polygons: [small, large])).representativePoint == point(7, 2))
    }

    @Test("rewinding makes outer rings counter-clockwise and holes clockwise") func rewinding() {
        let clockwise = PolygonFixtures.ring([(0, 0), (0, 10), (10, 10), (10, 0)])
        let counter = PolygonFixtures.ring([(2, 2), (4, 2), (4, 4), (2, 4)])
        guard case .polygon(let rewound) = Geometry.polygon(Polygon(outer: clockwise, holes: [counter])).rewound
        else {
            Issue.record("a polygon rewound is a polygon")
            return
        }
        #expect(rewound.outer == Array(clockwise.reversed()))
        #expect(rewound.rings[1] == Array(counter.reversed()))
        #expect(Geometry.lineString([point(0, 0), point(1, 1)]).rewound == .lineString([point(0, 0), point(1, 1)]))
    }

    @Test("a degree of meridian at the equator, and an equator's degree, on WGS 84") func knownLengths() {
        // Well known: 110,574.4 m and 111,319.5 m.
        #expect(abs(Geodesic.distance(point(0, 0), point(0, 1)) - 110_574.4) < 0.1)
        #expect(abs(Geodesic.distance(point(0, 0), point(1, 0)) - 111_319.5) < 0.1)
    }
}
