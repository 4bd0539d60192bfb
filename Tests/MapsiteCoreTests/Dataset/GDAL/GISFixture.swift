import Foundation
import MapsiteTestSupport
import Testing

@testable import MapsiteCore

/// Makes GIS sources for the tests with GDAL's own command-line tools (`ogr2ogr` from Debian's
/// `gdal-bin`, which `make test-deps` installs), from text files written first: no binary file
/// is committed. Without `ogr2ogr` the tests that use it fail, saying so.
enum GISFixture {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `tool` (found on the PATH) with `arguments` in `directory`.
    static func run(_ tool: String, _ arguments: [String], in directory: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let missing = process.terminationStatus == 127 ? " (missing: `make test-deps` installs gdal-bin)" : ""
            throw Failure(
                description: "\(tool) \(arguments.joined(separator: " ")) failed\(missing): "
                    + String(decoding: message, as: UTF8.self))
        }
    }

    /// Writes `files`, runs each of `commands` (`["ogr2ogr", …]`) in that folder, then loads the
    /// dataset `yaml` describes from it; messages name the folder `content`.
    static func load(files: [String: String], commands: [[String]], _ yaml: String) throws -> Dataset {
        let config = try TestDataset.config(yaml)
        return try withTemporaryDirectory { directory in
            try make(files: files, commands: commands, in: directory)
            return try DatasetLoader.load(config, contentDirectory: directory, displayDirectory: "content")
        }
    }

    static func make(files: [String: String], commands: [[String]], in directory: String) throws {
        try writeFiles(files, in: directory)
        for command in commands { try run(command[0], Array(command.dropFirst()), in: directory) }
    }

    /// The messages of the errors loading throws; records an issue when it loads.
    static func errors(
        files: [String: String], commands: [[String]], _ yaml: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [String] {
        do {
            let dataset = try load(files: files, commands: commands, yaml)
            Issue.record("loaded \(dataset.items.count) items, expected errors", sourceLocation: sourceLocation)
        } catch let failure as InputErrors {
            return failure.errors.map(\.description)
        } catch {
            Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
        }
        return []
    }

    /// A GeoJSON FeatureCollection of `features`, each `(properties, geometry)` as JSON text.
    static func featureCollection(_ features: [(String, String)]) -> String {
        let list = features.map { #"{"type": "Feature", "properties": \#($0.0), "geometry": \#($0.1)}"# }
        return #"{"type": "FeatureCollection", "features": ["# + list.joined(separator: ",\n") + "]}"
    }
}
