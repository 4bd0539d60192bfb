import Foundation
import MapsiteCore

extension BuildReport {
    /// Prints the warnings and the skipped rows of a build on standard error.
    func printProblems() {
        for warning in warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
        if !skipped.isEmpty {
            FileHandle.standardError.write(Data("Skipped \(skipped.count) invalid rows:\n".utf8))
            for error in skipped { FileHandle.standardError.write(Data("  \(error.description)\n".utf8)) }
        }
    }
}
