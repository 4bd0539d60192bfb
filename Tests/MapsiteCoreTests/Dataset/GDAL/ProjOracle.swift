import Foundation
import MapsiteGeo
import MapsiteTestSupport

/// Asks pyproj (through `Tests/Support/proj_oracle.py` and the repository's `.venv`) where points
/// of a coordinate system lie in WGS 84: the independent answer the reprojection tests compare
/// with. Without that Python or pyproj in it, `lonLat` throws, and the tests that ask it fail.
enum ProjOracle {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let python = Fixtures.repository.appendingPathComponent(".venv/bin/python").path
    static let script = Fixtures.repository.appendingPathComponent("Tests/Support/proj_oracle.py").path

    /// Each `(x, y)` of `crs` as a WGS 84 point.
    static func lonLat(_ points: [(x: Double, y: Double)], crs: String) throws -> [GeoPoint] {
        let input =
            #"{"crs": "\#(crs)", "points": ["# + points.map { "[\($0.x), \($0.y)]" }.joined(separator: ",") + "]}"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mapsite-proj-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(input.utf8).write(to: file)
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Failure(description: "\(python) is missing: `make test-deps` makes it, with pyproj")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "proj_oracle.py failed: " + String(decoding: problem, as: UTF8.self))
        }
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
