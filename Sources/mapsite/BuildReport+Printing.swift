import Foundation
import MapsiteCore

extension BuildReport {
    /// Prints the warnings and the skipped rows of a build on standard error, with the control
    /// characters of any value they quote escaped.
    func printProblems() {
        for warning in warnings {
            Console.error("warning: " + ControlCharacters.escaped(warning, keepingNewlines: true))
        }
        if !skipped.isEmpty {
            Console.error("Skipped \(skipped.count) invalid rows:")
            for error in skipped { Console.error("  \(error.description)") }
        }
    }
}
