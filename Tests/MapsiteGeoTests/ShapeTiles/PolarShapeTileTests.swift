import Foundation
import MapsiteTestSupport
import Testing

@testable import MapsiteGeo

/// Polygons cut along the antimeridian down to a pole, and rings around a pole, in the shape
/// tiles: what the tiles draw at zoom 4 beside shapely's cut of the shape to Web Mercator's
/// latitudes, projected by pyproj (`Tests/Support/pole_oracle.py`).
@Suite("Shape tiles at the poles")
struct PolarShapeTileTests {
    static func point(_ longitude: Double, _ latitude: Double) -> GeoPoint {
        GeoPoint(latitude: latitude, longitude: longitude)
    }

    /// A ring's vertices every 4° of longitude from 180°W to 180°E, at `latitude(longitude)`.
    static func coastline(_ latitude: (Double) -> Double) -> [GeoPoint] {
        stride(from: -180.0, through: 180, by: 4).map { point($0, latitude($0)) }
    }

    /// Antarctica as Natural Earth writes it: from 84.71338°S on 180°E down the antimeridian to
    /// the pole, back along it to 180°W, up to 84.71338°S and along the coast eastwards; the coast
    /// dips past the map's edge (85.68°S near 164°W), so the map draws two parts of it.
    static let antarctica: [[GeoPoint]] = {
        let coast = coastline { longitude in
            let x: Double = longitude / 180
            let dip: Double = 3 * max(0, 1 - abs(longitude + 164) / 8)
            return -72 - 12.71338 * x * x - dip
        }
        return [[coast[coast.count - 1], point(180, -90), point(-180, -90)] + coast]
    }()

    /// A north polar cap written the same way, westwards, between 70°N and 80°N.
    static let northCap: [[GeoPoint]] = {
        let coast = Array(coastline { 75 + 5 * cos($0 * .pi / 45 + 0.3) }.reversed())
        return [coast + [point(-180, 90), point(180, 90), coast[0]]]
    }()

    /// A north cap less than 7° across, from 83°N: the middle of its latitudes (86.6°N) is
    /// beyond the map's edge.
    static let smallNorthCap: [[GeoPoint]] = {
        let coast = coastline { 83.4 + 0.4 * sin($0 * .pi / 30) }
        return [[coast[coast.count - 1], point(180, 90), point(-180, 90)] + coast]
    }()

    /// A ring around the south pole that does not reach it (vertices from 180°W to 176°E, about
    /// 60°S to 70°S), with a hole; and the same ground as shapely reads it: cut at the
    /// antimeridian and closed along the pole.
    static let (southRing, southRingCut): ([[GeoPoint]], [[GeoPoint]]) = {
        let latitude = { (longitude: Double) in -65 + 5 * sin(longitude * .pi / 90) }
        let ring = Array(coastline(latitude).dropLast())
        let hole = [point(10, -75), point(20, -75), point(20, -78), point(10, -78), point(10, -75)]
        return (
            [ring + [ring[0]], hole],
            [ring + [point(180, latitude(180)), point(180, -90), point(-180, -90), ring[0]], hole]
        )
    }()

    struct Result: Decodable {
        var expectedArea: Double
        var drawnArea: Double
        var missing: Double
        var extra: Double
        var missingBeyondPixel: Double
        var extraBeyondPixel: Double
        var stripArea: Double
        var stripMissing: Double
        var pinInside: Bool
        var pinDepth: Double
        var valid: Bool
        var reason: String
    }

    static let zoom = 4
    /// A budget small enough that the tiles at zoom 4 are simplified ones, as for a detailed coast.
    static let options = ShapePyramid.Options(byteBudget: 700, maxZoom: 6, tileOverhead: 24)

    @Test("Antarctica to 85.05°S and polar caps filled at zoom 4, pins inside, as shapely and pyproj draw them")
    func polarShapesAtZoomFour() throws {
        let shapes: [(rings: [[GeoPoint]], source: [[GeoPoint]], strip: (Double, Double)?)] = [
            (Self.antarctica, Self.antarctica, (-90, -84.71338)), (Self.northCap, Self.northCap, nil),
            (Self.smallNorthCap, Self.smallNorthCap, nil), (Self.southRing, Self.southRingCut, nil),
        ]
        let geometries = shapes.map { shape in
            Geometry.polygon(Polygon(outer: shape.rings[0], holes: Array(shape.rings.dropFirst())))
        }
        let pyramid = ShapePyramid(
            shapes: geometries, headerSizes: [Int](repeating: 40, count: shapes.count), options: Self.options)
        // What a map shows at zoom 4: the simplified tiles of zoom 4, and the leaves above them.
        let shown = pyramid.tiles.filter { $0.key.z == Self.zoom } + pyramid.leaves.filter { $0.key.z <= Self.zoom }
        #expect(pyramid.tiles.contains { $0.key.z == Self.zoom && !$0.pieces.isEmpty }, "no simplified tile at zoom 4")
        let scale = 256 * pow(2, Double(Self.zoom))

        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        func ring(_ points: [GeoPoint]) -> String { list(points.map { "[\($0.longitude),\($0.latitude)]" }) }
        func world(_ points: [WorldPoint]) -> String { list(points.map { "[\($0.x * scale),\($0.y * scale)]" }) }
        var texts: [String] = []
        for (index, shape) in shapes.enumerated() {
            let pieces = shown.flatMap { tile in tile.pieces.filter { $0.item == index } }
            let pin = geometries[index].representativePoint
            let strip = shape.strip.map { "[\($0.0),\($0.1)]" } ?? "null"
            texts.append(
                "{\"source\":[\(list(shape.source.map(ring)))],"
                    + "\"pieces\":\(list(pieces.map { list($0.parts.map { list($0.map(world)) }) })),"
                    + "\"pin\":[\(pin.longitude),\(pin.latitude)],\"strip\":\(strip)}")
        }
        let script = ShapelyOracle.repository.appendingPathComponent("Tests/Support/pole_oracle.py").path
        let answer = try PythonOracle.run(
            script, input: "{\"zoom\":\(Self.zoom),\"shapes\":\(list(texts))}", needs: "shapely and pyproj")
        struct Answer: Decodable { var results: [Result] }
        let results = try JSONDecoder().decode(Answer.self, from: answer).results
        try #require(results.count == shapes.count)
        let names = ["Antarctica", "north cap", "small north cap", "ring around the south pole"]
        for (name, result) in zip(names, results) {
            let figures =
                "\(name): expected \(result.expectedArea) px², drawn \(result.drawnArea), missing \(result.missing), "
                + "extra \(result.extra), beyond a pixel \(result.missingBeyondPixel) / \(result.extraBeyondPixel), "
                + "strip \(result.stripArea) missing \(result.stripMissing), pin \(result.pinDepth) px inside"
            print(figures)
            #expect(result.valid, "\(name): \(result.reason)")
            #expect(result.expectedArea > 1000, "\(figures)")
            // Within a pixel: nothing of the expected more than a pixel inside its outline is
            // left undrawn, nothing more than a pixel outside it drawn.
            #expect(result.missingBeyondPixel < 0.01, "\(figures)")
            #expect(result.extraBeyondPixel < 0.01, "\(figures)")
            #expect(result.missing + result.extra < 0.002 * result.expectedArea, "\(figures)")
            #expect(result.pinInside && result.pinDepth > 1, "\(figures)")
        }
        // The strip from 84.71338°S to the map's edge, the 43 pixels at zoom 4 along the
        // antimeridian that the tiles left out, is drawn.
        #expect(results[0].stripArea > 1000, "\(results[0].stripArea) px² in the strip")
        #expect(results[0].stripMissing < 0.01 * results[0].stripArea, "\(results[0].stripMissing) px² of the strip")
        let pin = geometries[2].representativePoint
        #expect(abs(pin.latitude) < WebMercator.maxLatitude, "the small cap's pin at \(pin.latitude)°")
    }

    @Test(
        "rings around a pole not reaching it, cut at ±180° in degrees as a page's map draws them, as shapely reads the cap"
    )
    func drawnInDegrees() throws {
        // The south ring with its hole; a ring at 80°N through every 30° from 15°E, whose cut at
        // ±180° falls between two vertices.
        let north = stride(from: 15.0, to: 375, by: 30).map { Self.point($0 > 180 ? $0 - 360 : $0, 80) }
        let northCut = [Self.point(-180, 80), Self.point(180, 80), Self.point(180, 90), Self.point(-180, 90)]
        let cases: [([[GeoPoint]], [[GeoPoint]])] = [
            (Self.southRing, Self.southRingCut), ([north + [north[0]]], [northCut + [northCut[0]]]),
        ]
        let zoom = 2
        let scale = 256 * pow(2, Double(zoom))
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        func ring(_ points: [GeoPoint]) -> String { list(points.map { "[\($0.longitude),\($0.latitude)]" }) }
        func pixels(_ points: [GeoPoint]) -> String {
            list(
                points.dropLast().map {
                    "[\(WebMercator.x(longitude: $0.longitude) * scale),\(WebMercator.y(latitude: $0.latitude) * scale)]"
                })
        }
        var texts: [String] = []
        for (rings, cut) in cases {
            let polygon = Polygon(outer: rings[0], holes: Array(rings.dropFirst()))
            #expect(polygon.circlesPole)
            let drawn = polygon.drawnInDegrees
            #expect(drawn.allSatisfy { $0.rings.joined().allSatisfy { abs($0.longitude) <= 180 } })
            #expect(drawn.allSatisfy { $0.outer.first == $0.outer.last && !$0.circlesPole })
            let pin = Geometry.polygon(polygon).representativePoint
            let pieces = list(drawn.map { list([list($0.rings.map(pixels))]) })
            texts.append(
                "{\"source\":[\(list(cut.map(ring)))],\"pieces\":\(pieces),"
                    + "\"pin\":[\(pin.longitude),\(pin.latitude)],\"strip\":null}")
        }
        let script = ShapelyOracle.repository.appendingPathComponent("Tests/Support/pole_oracle.py").path
        let answer = try PythonOracle.run(
            script, input: "{\"zoom\":\(zoom),\"shapes\":\(list(texts))}", needs: "shapely and pyproj")
        struct Answer: Decodable { var results: [Result] }
        let results = try JSONDecoder().decode(Answer.self, from: answer).results
        try #require(results.count == cases.count)
        for result in results {
            let figures = "expected \(result.expectedArea) px², missing \(result.missing), extra \(result.extra)"
            #expect(result.valid, "\(result.reason)")
            #expect(result.expectedArea > 1000, "\(figures)")
            #expect(result.missing + result.extra < 1e-6 * result.expectedArea, "\(figures)")
            #expect(result.pinInside && result.pinDepth > 1, "\(figures), pin \(result.pinDepth) px inside")
        }
        // Drawn down to its pole, a polygon is drawn as written.
        let antarctica = Polygon(outer: Self.antarctica[0])
        #expect(!antarctica.circlesPole && antarctica.drawnInDegrees == [antarctica])
    }

    @Test("a polygon wholly beyond the map's latitudes has no piece; one within them is as before")
    func beyondTheMap() {
        let beyond = Polygon(outer: [Self.point(0, 86), Self.point(10, 86), Self.point(10, 88), Self.point(0, 86)])
        #expect(ShapePiece.pieces(of: .polygon(beyond), item: 0).isEmpty)
        let corners = [(10.0, 10.0), (20, 10), (20, 20), (10, 20), (10, 10)]
        let square = Polygon(outer: corners.map { Self.point($0.0, $0.1) })
        #expect(!square.needsMercatorCut)
        let pieces = ShapePiece.pieces(of: .polygon(square), item: 0)
        #expect(pieces.count == 1 && pieces[0].parts == [ShapePiece.worldRings(square)])
    }
}
