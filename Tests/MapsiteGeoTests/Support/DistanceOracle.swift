import Foundation
import MapsiteGeo
import MapsiteTestSupport

/// Asks shapely in local azimuthal-equidistant projections (`Tests/Support/distance_oracle.py`,
/// through the repository's `.venv`) for the shortest great-circle distance between shapes.
/// Without that Python, pyproj or shapely, `distances` throws, and the tests that ask it fail.
enum DistanceOracle {
    static let script = ShapelyOracle.repository.appendingPathComponent("Tests/Support/distance_oracle.py").path

    private struct Answer: Decodable {
        var distances: [Double]
    }

    /// The distance in metres between `shapes[i]` and `shapes[j]` for each pair `(i, j)`.
    static func distances(_ shapes: [Geometry], pairs: [(Int, Int)]) throws -> [Double] {
        let input =
            "{\"shapes\":[" + shapes.map(json).joined(separator: ",") + "],\"pairs\":["
            + pairs.map { "[\($0.0),\($0.1)]" }.joined(separator: ",") + "]}"
        let answer = try PythonOracle.run(script, input: input, needs: "pyproj and shapely")
        return try JSONDecoder().decode(Answer.self, from: answer).distances
    }

    /// A geometry as GeoJSON, written with `Double.description`, which reads back bit-identical.
    static func json(_ geometry: Geometry) -> String {
        func position(_ point: GeoPoint) -> String { "[\(point.longitude),\(point.latitude)]" }
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        func line(_ points: [GeoPoint]) -> String { list(points.map(position)) }
        func polygon(_ polygon: Polygon) -> String { list(polygon.rings.map(line)) }
        let coordinates =
            switch geometry {
            case .point(let point): position(point)
            case .multiPoint(let points), .lineString(let points): line(points)
            case .multiLineString(let lines): list(lines.map(line))
            case .polygon(let shape): polygon(shape)
            case .multiPolygon(let shape): list(shape.polygons.map(polygon))
            }
        return "{\"type\":\"\(geometry.typeName)\",\"coordinates\":\(coordinates)}"
    }
}
