import Foundation
import MapsiteGeo
import MapsiteTestSupport
import Testing

/// Asks shapely (through `Tests/Support/polygon_oracle.py` and the repository's `.venv`) whether
/// shapes cover points: the independent answer the point-in-polygon tests compare with. Without
/// that Python or shapely in it, `covers` throws, and the tests that ask it fail.
enum ShapelyOracle {
    /// `Tests/MapsiteGeoTests/Support/ShapelyOracle.swift` → the repository root.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // MapsiteGeoTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let script = repository.appendingPathComponent("Tests/Support/polygon_oracle.py").path

    /// `covers[s][p]`: whether shape `s` covers point `p`, boundary included.
    static func covers(_ shapes: [MultiPolygon], _ points: [GeoPoint]) throws -> [[Bool]] {
        let answer = try PythonOracle.run(script, input: json(shapes, points), needs: "shapely")
        struct Answer: Decodable { var covers: [[Bool]] }
        return try JSONDecoder().decode(Answer.self, from: answer).covers
    }

    /// The oracle's input, written by hand: `Double.description` is the shortest text that reads
    /// back as the same double, so both sides see bit-identical coordinates.
    private static func json(_ shapes: [MultiPolygon], _ points: [GeoPoint]) -> String {
        func position(_ point: GeoPoint) -> String { "[\(point.longitude),\(point.latitude)]" }
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        let shapes = shapes.map { shape in
            list(shape.polygons.map { polygon in list(polygon.rings.map { ring in list(ring.map(position)) }) })
        }
        return "{\"shapes\":\(list(shapes)),\"points\":\(list(points.map(position)))}"
    }
}
