import Foundation

/// A deploy that cannot go on: names the file or object and what went wrong, as the store said it.
public struct DeployError: Error, LocalizedError, Equatable {
    /// The local file, the object's key or the target the error is about.
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var errorDescription: String? { "\(file): \(reason)" }
}
