import Foundation

/// Runs one of the repository's Python oracles (`Tests/Support/*.py`) with the `.venv` that
/// `make test-deps` makes: writes its input to a file, runs the script on it and returns what it
/// printed. Without that Python, or when the script fails (a package missing, say), it throws,
/// and the tests that ask it fail.
public enum PythonOracle {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The `.venv`'s Python, which has shapely, pyproj and scipy.
    public static let python = Fixtures.repository.appendingPathComponent(".venv/bin/python").path

    /// The path of `Tests/Support/<name>`.
    public static func script(_ name: String) -> String {
        Fixtures.repository.appendingPathComponent("Tests/Support/\(name)").path
    }

    /// What `script` printed for `input`.
    /// - Parameter needs: the packages to name when the venv is missing.
    public static func run(_ script: String, input: String, needs: String) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mapsite-oracle-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(input.utf8).write(to: file)
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Failure(
                description: "\(python) is missing: `make test-deps` (or `make test`) makes it, with \(needs)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read before waiting, so a full pipe cannot block the oracle.
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "\((script as NSString).lastPathComponent) failed (\(process.terminationStatus)): "
                    + String(decoding: problem, as: UTF8.self))
        }
        return answer
    }
}
