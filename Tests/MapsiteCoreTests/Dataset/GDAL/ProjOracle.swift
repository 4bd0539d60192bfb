import Foundation
import MapsiteGeo
import MapsiteTestSupport

/// Asks pyproj (through `Tests/Support/proj_oracle.py` and the repository's `.venv`) where points
/// of a coordinate system lie in WGS 84: the independent answer the reprojection tests compare
/// with. Without that Python or pyproj in it, `lonLat` throws, and the tests that ask it fail.
enum ProjOracle {
    /// Each `(x, y)` of `crs` as a WGS 84 point.
    static func lonLat(_ points: [(x: Double, y: Double)], crs: String) throws -> [GeoPoint] {
        let input =
            #"{"crs": "\#(crs)", "points": ["# + points.map { "[\($0.x), \($0.y)]" }.joined(separator: ",") + "]}"
        let answer = try PythonOracle.run(PythonOracle.script("proj_oracle.py"), input: input, needs: "pyproj")
        struct Answer: Decodable { var points: [[Double]] }
        return try JSONDecoder().decode(Answer.self, from: answer).points.map {
            GeoPoint(latitude: $0[1], longitude: $0[0])
        }
    }

    /// How far apart two points are, in metres: exact enough at centimetres (the local
    /// metres per degree of WGS 84 at their latitude).
    static func metres(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let latitude = a.latitude * .pi / 180
        let north = (a.latitude - b.latitude) * (111_132.954 - 559.822 * cos(2 * latitude))
        let east = (a.longitude - b.longitude) * 111_412.84 * cos(latitude)
        return (north * north + east * east).squareRoot()
    }
}
