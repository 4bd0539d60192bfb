import Foundation

/// Paths of the repository, found from this file's path so tests run from any working folder and
/// need no bundle resources.
public enum Fixtures {
    /// `Tests/MapsiteTestSupport/Fixtures.swift` → the repository root.
    public static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MapsiteTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    public static let directory = repository.appendingPathComponent("Tests/Fixtures")
    public static let theme = repository.appendingPathComponent("templates").path

    /// A valid fixture site: `Tests/Fixtures/sites/<name>`.
    public static func site(_ name: String) -> String {
        directory.appendingPathComponent("sites/\(name)").path
    }

    /// A fixture site that fails to build in one way: `Tests/Fixtures/invalid/<name>`.
    public static func invalid(_ name: String) -> String {
        directory.appendingPathComponent("invalid/\(name)").path
    }

    /// Golden output of a fixture site: `Tests/Fixtures/golden/<name>`.
    public static func golden(_ name: String) -> String {
        directory.appendingPathComponent("golden/\(name)").path
    }
}
