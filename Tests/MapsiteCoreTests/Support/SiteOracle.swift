import Foundation

/// Runs `Tests/Support/site_oracle.py` (shapely, pyproj) with the repository's `.venv` on a
/// built site's files. Without that Python or its packages it throws, and the test fails.
enum SiteOracle {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // MapsiteCoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Answer: Decodable {
        var rings: [[Bool]]
        var same: [Bool]
        var differences: [String]
        var distances: [Double]
    }

    static func answer(_ input: String) throws -> Answer {
        let python = repository.appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Failure(description: "\(python) is missing: `make test-deps` makes it, with shapely and pyproj")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mapsite-site-oracle-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(input.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [repository.appendingPathComponent("Tests/Support/site_oracle.py").path, file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "site_oracle.py failed: " + String(decoding: problem, as: UTF8.self))
        }
        return try JSONDecoder().decode(Answer.self, from: answer)
    }
}
