import ArgumentParser

@main
struct Mapsite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapsite",
        abstract: "Build a static website from datasets of places.",
        version: "0.1.0",
        subcommands: [BuildCommand.self],
        defaultSubcommand: BuildCommand.self
    )
}
