import Foundation

/// `mapsite new` was given a folder it will not write into.
public struct ScaffoldError: Error, LocalizedError, Equatable {
    public enum Problem: Equatable, Sendable {
        case notAFolder
        /// The folder holds this many files or folders.
        case notEmpty(Int)
    }

    public var directory: String
    public var problem: Problem

    public var errorDescription: String? {
        switch problem {
        case .notAFolder:
            return "\(directory): expected a new or empty folder, found a file"
        case .notEmpty(let count):
            let entries = count == 1 ? "1 file or folder" : "\(count) files or folders"
            return "\(directory): expected a new or empty folder, found \(entries); "
                + "mapsite new never overwrites anything"
        }
    }
}
