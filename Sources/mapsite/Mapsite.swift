import ArgumentParser

@main
struct Mapsite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapsite",
        abstract: "Build a static website from datasets of places.",
        version: MapsiteVersion.number,
        subcommands: [BuildCommand.self, ServeCommand.self, NewCommand.self, DeployCommand.self],
        defaultSubcommand: BuildCommand.self
    )
}
