import Foundation
import MapsiteGeo
import MapsiteTestSupport

/// Asks pyproj and shapely (through `Tests/Support/geometry_oracle.py` and the repository's
/// `.venv`) for lines' geodesic lengths, how far along each line a point lies, polygons' geodesic
/// areas and perimeters, and whether each polygon contains a point. Without that Python, pyproj
/// or shapely, `answer` throws, and the tests that ask it fail.
enum GeometryOracle {
    static let script = ShapelyOracle.repository.appendingPathComponent("Tests/Support/geometry_oracle.py").path

    struct Answer: Decodable {
        var lengths: [Double]
        var along: [Double]
        var areas: [Double]
        var perimeters: [Double]
        var contains: [Bool]
    }

    /// The oracle's answer for `lines` with a point on each (`midpoints`) and `polygons` with a
    /// point for each (`points`).
    static func answer(
        lines: [[GeoPoint]], midpoints: [GeoPoint], polygons: [Polygon], points: [GeoPoint]
    ) throws -> Answer {
        let answer = try PythonOracle.run(
            script, input: json(lines, midpoints, polygons, points), needs: "pyproj and shapely")
        return try JSONDecoder().decode(Answer.self, from: answer)
    }

    /// The oracle's input, written by hand with `Double.description`, which reads back as the
    /// same double, so both sides see bit-identical coordinates.
    private static func json(
        _ lines: [[GeoPoint]], _ midpoints: [GeoPoint], _ polygons: [Polygon], _ points: [GeoPoint]
    ) -> String {
        func position(_ point: GeoPoint) -> String { "[\(point.longitude),\(point.latitude)]" }
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        func line(_ points: [GeoPoint]) -> String { list(points.map(position)) }
        return "{\"lines\":\(list(lines.map(line))),\"midpoints\":\(line(midpoints)),"
            + "\"polygons\":\(list(polygons.map { list($0.rings.map(line)) })),\"points\":\(line(points))}"
    }
}
