import ArgumentParser
import Foundation
import MapsiteCore

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a content folder with a sample dataset that builds at once.",
        discussion: "DIR must be new or empty: nothing is ever overwritten.")

    @Argument(help: ArgumentHelp("The content folder to create.", valueName: "dir"))
    var directory: String

    func run() throws {
        try Scaffold.write(to: directory)
        print("Created \(directory)/ with \(Scaffold.files.map(\.path).joined(separator: ", ")).")
        print("Preview it: mapsite serve --content \(directory); build it: mapsite build --content \(directory)")
    }
}
