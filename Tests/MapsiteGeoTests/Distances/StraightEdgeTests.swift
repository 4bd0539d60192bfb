import Foundation
import MapsiteTestSupport
import Testing

@testable import MapsiteGeo

/// One point, one answer (#32 point 1): every edge is the straight line in longitude/latitude
/// between its vertices (`StraightEdge`), for the nearest lists' distances and containment
/// (`SphericalShape`), for regions (`RegionIndex`) and for near me (`core/geo.js`). A border
/// along 49°N 28° long, as Natural Earth draws the United States and Canada, with points on it,
/// beside it and 55 km from it where the great circle through its ends bows 94 km north; lines
/// along a diagonal and across the antimeridian; a polygon at 80°N; a hole.
///
/// The distances are checked against a brute force over each edge sampled in longitude/latitude
/// (`Tests/Support/straight_edge_oracle.py`), containment against shapely's `covers`, the region
/// each point gets against both. The cases and the build's answers are written to
/// `Tests/Fixtures/browser/shapes/edges.json` (`MAPSITE_RECORD=1` records it again), which
/// `Tests/Node/straight-edges.test.mjs` gives to the browser's `shapeDistance`.
@Suite("Edges straight in longitude/latitude: build, regions and oracle agree")
struct StraightEdgeTests {
    static var recording: Bool { ProcessInfo.processInfo.environment["MAPSITE_RECORD"] == "1" }
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/browser/shapes/edges.json").standardized

    static func point(_ longitude: Double, _ latitude: Double) -> GeoPoint {
        GeoPoint(latitude: latitude, longitude: longitude)
    }

    static func ring(_ corners: [(Double, Double)]) -> [GeoPoint] {
        let points = corners.map { point($0.0, $0.1) }
        return points + [points[0]]
    }

    static let canada = Polygon(outer: ring([(-123, 49), (-95, 49), (-95, 55), (-123, 55)]))
    static let unitedStates = Polygon(outer: ring([(-123, 45), (-123, 49), (-95, 49), (-95, 45)]))

    /// The shapes, by name.
    static let shapes: [(name: String, geometry: Geometry)] = [
        ("Canada", .polygon(canada)),
        ("United States", .polygon(unitedStates)),
        ("a diagonal line", .lineString([point(-150, 60), point(-120, 70)])),
        ("a line across the antimeridian", .lineString([point(170, 65), point(-170, 66)])),
        ("a polygon at 80°N", .polygon(Polygon(outer: ring([(0, 80), (40, 80), (40, 82), (0, 82)])))),
        (
            "a polygon with a hole",
            .polygon(
                Polygon(
                    outer: ring([(10, -40), (40, -40), (40, -30), (10, -30)]),
                    holes: [ring([(20, -37), (30, -37), (30, -33), (20, -33)])]))
        ),
    ]

    /// The points: hand-picked ones first (the first is CEP4 Ross International's position, on
    /// the border; the second 55 km north of the border, half way along it), then places
    /// scattered over the border's country, on it, and within a metre of it.
    static func points() -> [GeoPoint] {
        var list = [
            point(-111.967, 49), point(-109, 49.5), point(-111.967, 49.00001), point(-100, 48.99999),
            point(-109, 49.85), point(-109, 48.5), point(-100, 55.2), point(-123.1, 44.9), point(-95, 52),
            point(-135, 65), point(-135, 65.3), point(-140, 64.5), point(-119, 71),
            point(179.5, 65.6), point(-179, 65.4), point(-170.5, 66.2),
            point(20, 82.05), point(20, 79.9), point(20, 81), point(20, 80),
            point(25, -35), point(25, -37), point(25, -38), point(25, -29.9),
        ]
        var random = SplitMix64(seed: 3201)
        for index in 0..<100 {
            let longitude = Double.random(in: -125 ... -93, using: &random)
            let latitude: Double
            switch index % 4 {
            case 0: latitude = 49
            case 1: latitude = 49 + Double.random(in: -1e-5...1e-5, using: &random)
            default: latitude = Double.random(in: 44...56, using: &random)
            }
            // Six decimals, as the browser's whole files and most data write them.
            list.append(point((longitude * 1e6).rounded() / 1e6, (latitude * 1e6).rounded() / 1e6))
        }
        return list
    }

    private struct Oracle: Decodable {
        var distances: [[Double]]
        var covers: [[Bool]]
    }

    private static func oracle(_ points: [GeoPoint]) throws -> Oracle {
        let input =
            "{\"shapes\":[" + shapes.map { DistanceOracle.json($0.geometry) }.joined(separator: ",")
            + "],\"points\":[" + points.map { "[\($0.longitude),\($0.latitude)]" }.joined(separator: ",") + "]}"
        let answer = try PythonOracle.run(
            PythonOracle.script("straight_edge_oracle.py"), input: input, needs: "numpy, scipy and shapely")
        return try JSONDecoder().decode(Oracle.self, from: answer)
    }

    @Test("a 28° border along 49°N: 55 km from it is 55 km, not inside the other side")
    func longEdge() {
        let (canada, states) = (SphericalShape(.polygon(Self.canada)), SphericalShape(.polygon(Self.unitedStates)))
        let north = Self.point(-109, 49.5)
        let vector = SphereVector(north)
        #expect(canada.contains(vector, latitude: 49.5, longitude: -109))
        #expect(!states.contains(vector, latitude: 49.5, longitude: -109))
        // Straight south to the parallel: half a degree of a meridian.
        let expected = 0.5 * .pi / 180 * GreatCircle.earthRadius
        let measured = states.distance(to: SphericalShape(point: north))
        #expect(abs(measured - expected) < 0.01, "\(measured) m, expected \(expected) m")
        let border = Self.point(-111.967, 49)
        #expect(states.distance(to: SphericalShape(point: border)) == 0)
        #expect(canada.distance(to: SphericalShape(point: border)) == 0)
        #expect(
            RegionIndex(regions: [MultiPolygon(Self.canada), MultiPolygon(Self.unitedStates)])
                .region(containing: border) == 0)
    }

    @Test("cuts: an edge along 49°N 28° long is cut into thousands of pieces, meridians and the equator not at all")
    func pieces() {
        let border = StraightEdge.pieces(from: Self.point(-123, 49), to: Self.point(-95, 49))
        #expect((2_500...5_000).contains(border), "\(border)")
        #expect(StraightEdge.pieces(from: Self.point(-95, 49), to: Self.point(-95, 55)) == 1)
        #expect(StraightEdge.pieces(from: Self.point(-10, 0), to: Self.point(30, 0)) == 1)
        // A kilometre along a parallel at 45° bows 2 cm off it: a few pieces.
        #expect((2...4).contains(StraightEdge.pieces(from: Self.point(0, 45), to: Self.point(0.0127, 45))))
        // Across the antimeridian the short way: 2° of longitude, not 358°.
        let across = StraightEdge.cut([Self.point(179, 60), Self.point(-179, 60)]).points
        #expect(across.allSatisfy { abs($0.longitude) >= 179 }, "\(across.prefix(3))")
    }

    @Test("distances and containment: the build against the brute force and shapely, regions agree")
    func againstOracle() throws {
        let points = Self.points()
        let oracle = try Self.oracle(points)
        let shapes = Self.shapes.map { SphericalShape($0.geometry) }
        let regions = RegionIndex(regions: [MultiPolygon(Self.canada), MultiPolygon(Self.unitedStates)])
        var worst = 0.0
        var answers: [[Double]] = []
        var inside: [[Bool]] = []
        for (s, shape) in shapes.enumerated() {
            var row: [Double] = []
            var holds: [Bool] = []
            for (p, point) in points.enumerated() {
                let distance = shape.distance(to: SphericalShape(point: point))
                let contains = shape.contains(
                    SphereVector(point), latitude: point.latitude, longitude: point.longitude)
                let name = "\(Self.shapes[s].name), point \(p) \(point)"
                #expect(contains == oracle.covers[s][p], "\(name): containment")
                #expect(!contains || distance == 0, "\(name): inside but \(distance) m")
                let error = abs(distance - oracle.distances[s][p])
                worst = max(worst, error)
                #expect(error <= 0.0101, "\(name): \(distance) m, the brute force \(oracle.distances[s][p]) m")
                row.append(distance)
                holds.append(contains)
            }
            answers.append(row)
            inside.append(holds)
        }
        // The region each point gets is a shape 0 m from it that holds it, and only a point held by
        // neither gets none.
        for (p, point) in points.enumerated() {
            let region = regions.region(containing: point)
            if let region {
                #expect(inside[region][p] && answers[region][p] == 0, "point \(p) \(point): region \(region)")
            } else {
                #expect(!inside[0][p] && !inside[1][p], "point \(p) \(point): no region")
            }
        }
        print("straight edges: \(points.count) points × \(shapes.count) shapes, worst difference \(worst) m")
        try record(points, answers, inside)
    }

    /// Writes the cases and the build's answers for the browser's test, or compares them.
    private func record(_ points: [GeoPoint], _ distances: [[Double]], _ inside: [[Bool]]) throws {
        func position(_ point: GeoPoint) -> String { "[\(point.latitude),\(point.longitude)]" }
        func line(_ points: [GeoPoint]) -> String { "[" + points.map(position).joined(separator: ",") + "]" }
        func coordinates(_ geometry: Geometry) -> String {
            switch geometry {
            case .lineString(let points): return "[1,[\(line(points))]]"
            case .polygon(let polygon): return "[3,[[" + polygon.rings.map(line).joined(separator: ",") + "]]]"
            default: return "null"
            }
        }
        let shapeLines = zip(Self.shapes, zip(distances, inside)).map { shape, answers in
            "    {\"name\": \"\(shape.name)\", \"shape\": \(coordinates(shape.geometry)),\n"
                + "     \"distances\": [" + answers.0.map { String(format: "%.3f", $0) }.joined(separator: ",")
                + "],\n     \"inside\": [" + answers.1.map { $0 ? "1" : "0" }.joined(separator: ",") + "]}"
        }
        let made = """
            {
              "tolerance": \(StraightEdge.tolerance),
              "points": [\(points.map(position).joined(separator: ","))],
              "shapes": [
            \(shapeLines.joined(separator: ",\n"))
              ]
            }

            """
        if Self.recording {
            try FileManager.default.createDirectory(
                at: Self.file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try made.write(to: Self.file, atomically: true, encoding: .utf8)
            Issue.record("Recorded \(Self.file.path): review it with git diff, then run without MAPSITE_RECORD=1.")
            return
        }
        let recorded = try? String(contentsOf: Self.file, encoding: .utf8)
        #expect(
            recorded == made,
            "\(Self.file.path) differs from the build's answers: if intended, record it again with MAPSITE_RECORD=1 and review the diff"
        )
    }
}
