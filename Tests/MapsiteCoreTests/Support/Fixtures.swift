import Foundation

/// Paths of the repository, found from this file's path so tests run from any working folder and
/// need no bundle resources.
enum Fixtures {
    /// `Tests/MapsiteCoreTests/Support/Fixtures.swift` → the repository root.
    static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // MapsiteCoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let directory = repository.appendingPathComponent("Tests/Fixtures")
    static let theme = repository.appendingPathComponent("templates").path

    /// A valid fixture site: `Tests/Fixtures/sites/<name>`.
    static func site(_ name: String) -> String {
        directory.appendingPathComponent("sites/\(name)").path
    }

    /// A fixture site that fails to build in one way: `Tests/Fixtures/invalid/<name>`.
    static func invalid(_ name: String) -> String {
        directory.appendingPathComponent("invalid/\(name)").path
    }

    /// Golden output of a fixture site: `Tests/Fixtures/golden/<name>`.
    static func golden(_ name: String) -> String {
        directory.appendingPathComponent("golden/\(name)").path
    }
}
