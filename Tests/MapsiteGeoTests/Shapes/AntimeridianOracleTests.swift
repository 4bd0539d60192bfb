import Foundation
import MapsiteGeo
import MapsiteTestSupport
import Testing

/// Shapes across the antimeridian and around the poles, measured by mapsite and by pyproj.Geod,
/// their points checked inside by shapely (`Tests/Support/geod_oracle.py`).
@Suite("The antimeridian and the poles against pyproj")
struct AntimeridianOracleTests {
    struct Answer: Decodable {
        var lengths: [Double]
        var areas: [Double]
        var perimeters: [Double]
        var inside: [Bool]
    }

    static func point(_ longitude: Double, _ latitude: Double) -> GeoPoint {
        GeoPoint(latitude: latitude, longitude: longitude)
    }

    static let lines: [[GeoPoint]] = [
        [point(179.9, 10), point(-179.9, 10.1), point(-179.5, 10.3)],
        [point(-179.99, -40), point(179.99, -40.001)],
        [point(170, 60), point(-170, 61), point(175, 62)],
    ]

    /// Fiji-like squares across the antimeridian (one with a hole), a south polar cap cut along
    /// the antimeridian and drawn down to the pole (as Natural Earth's Antarctica), a north one,
    /// and a ring around the north pole that does not reach it.
    static let polygons: [Polygon] = {
        let fiji = PolygonFixtures.ring([(179.5, -17), (-179.5, -17), (-179.5, -16), (179.5, -16)])
        let hole = PolygonFixtures.ring([(179.9, -16.6), (179.9, -16.4), (-179.9, -16.4), (-179.9, -16.6)])
        let steps = stride(from: -180.0, through: 180, by: 7.5).map { $0 }
        let southCoast = steps.map { point($0, -68 - 4 * sin($0 * .pi / 60)) }
        let south = southCoast + [point(180, -90), point(-180, -90), southCoast[0]]
        let northCoast = steps.reversed().map { point($0, 75 + 5 * cos($0 * .pi / 45 + 0.3)) }
        let north = northCoast + [point(-180, 90), point(180, 90), northCoast[0]]
        let ring = stride(from: -180.0, to: 180, by: 10).map { point($0, 80) }
        return [
            Polygon(outer: fiji), Polygon(outer: fiji, holes: [hole]), Polygon(outer: south), Polygon(outer: north),
            Polygon(outer: ring + [ring[0]]),
        ]
    }()

    @Test("lengths, areas, perimeters and points inside agree with pyproj and shapely")
    func measures() throws {
        let points = Self.polygons.map { Geometry.polygon($0).representativePoint }
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        func line(_ points: [GeoPoint]) -> String { list(points.map { "[\($0.longitude),\($0.latitude)]" }) }
        let input =
            "{\"lines\":\(list(Self.lines.map(line))),\"polygons\":\(list(Self.polygons.map { list($0.rings.map(line)) })),"
            + "\"points\":\(line(points))}"
        let script = ShapelyOracle.repository.appendingPathComponent("Tests/Support/geod_oracle.py").path
        let oracle = try JSONDecoder().decode(
            Answer.self, from: try PythonOracle.run(script, input: input, needs: "pyproj and shapely"))
        for (index, line) in Self.lines.enumerated() {
            let length = try #require(Geometry.lineString(line).length)
            #expect(
                abs(length - oracle.lengths[index]) <= 1e-6 * oracle.lengths[index],
                "line \(index): \(length) m, pyproj \(oracle.lengths[index]) m")
            // The long way round, through 0°, would be ten thousand kilometres or more.
            #expect(length < 2_000_000)
        }
        for (index, polygon) in Self.polygons.enumerated() {
            let shape = Geometry.polygon(polygon)
            let area = try #require(shape.area)
            let perimeter = try #require(shape.perimeter)
            #expect(
                abs(area - oracle.areas[index]) <= 1e-3 * oracle.areas[index],
                "polygon \(index): \(area) m², pyproj \(oracle.areas[index]) m²")
            #expect(
                abs(perimeter - oracle.perimeters[index]) <= 1e-3 * oracle.perimeters[index],
                "polygon \(index): \(perimeter) m, pyproj \(oracle.perimeters[index]) m")
            #expect(oracle.inside[index], "polygon \(index): \(points[index]) is not inside")
        }
    }

    @Test("bounds across the antimeridian have west greater than east; around a pole, every longitude")
    func bounds() throws {
        let fiji = try #require(Geometry.polygon(Self.polygons[0]).geographicBounds)
        #expect(fiji.minLongitude == 179.5 && fiji.maxLongitude == -179.5)
        #expect(fiji.minLatitude == -17 && fiji.maxLatitude == -16)
        let line = try #require(Geometry.lineString(Self.lines[0]).geographicBounds)
        #expect(line.minLongitude == 179.9 && line.maxLongitude == -179.5)
        let south = try #require(Geometry.polygon(Self.polygons[2]).geographicBounds)
        #expect(south.minLongitude == -180 && south.maxLongitude == 180 && south.minLatitude == -90)
        let north = try #require(Geometry.polygon(Self.polygons[4]).geographicBounds)
        #expect(north.maxLatitude == 90 && north.minLatitude == 80)
        let plain = try #require(Geometry.lineString([Self.point(10, 1), Self.point(12, 2)]).geographicBounds)
        #expect(plain.minLongitude == 10 && plain.maxLongitude == 12)
    }

    @Test("distances across the antimeridian and inside polar caps")
    func distances() {
        let fiji = SphericalShape(.polygon(Self.polygons[0]))
        #expect(fiji.distance(to: SphericalShape(point: Self.point(-179.9, -16.5))) == 0)
        #expect(fiji.distance(to: SphericalShape(point: Self.point(179.9, -16.5))) == 0)
        // 0.1° of longitude east of its eastern edge at latitude 16.5° S.
        let east = fiji.distance(to: SphericalShape(point: Self.point(-179.4, -16.5)))
        let expected = GreatCircle.distance(Self.point(-179.5, -16.5), Self.point(-179.4, -16.5))
        #expect(abs(east - expected) < 1, "\(east) m, expected about \(expected) m")
        let withHole = SphericalShape(.polygon(Self.polygons[1]))
        #expect(withHole.distance(to: SphericalShape(point: Self.point(180, -16.5))) > 5000)
        let south = SphericalShape(.polygon(Self.polygons[2]))
        #expect(south.distance(to: SphericalShape(point: Self.point(45, -89))) == 0)
        #expect(south.distance(to: SphericalShape(point: Self.point(45, -60))) > 500_000)
        let north = SphericalShape(.polygon(Self.polygons[3]))
        #expect(north.distance(to: SphericalShape(point: Self.point(-100, 89.5))) == 0)
        #expect(north.distance(to: SphericalShape(point: Self.point(-100, 60))) > 500_000)
    }
}
