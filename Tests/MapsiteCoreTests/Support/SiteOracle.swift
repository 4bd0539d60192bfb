import Foundation
import MapsiteTestSupport

/// Runs `Tests/Support/site_oracle.py` (shapely, pyproj) with the repository's `.venv` on a
/// built site's files. Without that Python or its packages it throws, and the test fails.
enum SiteOracle {
    struct Answer: Decodable {
        var rings: [[Bool]]
        var same: [Bool]
        var differences: [String]
        var distances: [Double]
    }

    static func answer(_ input: String) throws -> Answer {
        let answer = try PythonOracle.run(
            PythonOracle.script("site_oracle.py"), input: input, needs: "shapely and pyproj")
        return try JSONDecoder().decode(Answer.self, from: answer)
    }
}
