import ArgumentParser
import FlyingFox
import Foundation
import MapsiteCore

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it on this computer, and rebuild it when the content changes.",
        discussion: """
            Open pages reload after each rebuild. A build that fails prints its error and the last \
            good site stays in place. Press Ctrl-C to stop.
            """)

    @OptionGroup var site: SiteOptions

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: UInt16 = 8000

    @Option(help: "The address to listen on. Keep 127.0.0.1 unless others should see the preview.")
    var host = "127.0.0.1"

    func validate() throws {
        _ = try ListeningAddress(host: host, port: port)
    }

    func run() async throws {
        let theme = try site.theme()
        let address = try ListeningAddress(host: host, port: port)
        let builder = PreviewBuilder(
            options: BuildOptions(
                contentDirectory: site.content, outputDirectory: site.output, themeDirectory: theme,
                baseURL: site.baseURL,
                log: { Console.out($0) }))
        await builder.build()
        var routes = RoutedHTTPHandler()
        ReloadScript.addRoutes(to: &routes, builder: builder)
        routes.appendRoute("*", to: try SiteFileHandler(root: site.output, builder: builder))
        let server = try await PreviewServer(address: address, hostOption: host, handler: routes)
        let watcher = ContentWatcher(folders: [site.content, theme], ignoring: site.output)
        Console.out("Serving \(site.output) at \(address.url(port: server.listeningAddress)) (Ctrl-C to stop)")
        if !address.isLoopback {
            Console.error("warning: \(host) is not a loopback address: others can see the site")
        }

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            group.addTask { try await Self.rebuildOnChange(watcher: watcher, builder: builder) }
            group.addTask { await InterruptSignal.wait() }
            // The first task to end is Ctrl-C: stop the others.
            try await group.next()
            group.cancelAll()
        }
        Console.out("Stopped.")
    }

    /// Rebuilds after each change to the watched folders, until the task is cancelled.
    private static func rebuildOnChange(watcher: ContentWatcher, builder: PreviewBuilder) async throws {
        var seen = watcher.snapshot()
        while true {
            let change = try await watcher.nextChange(after: seen)
            seen = change.snapshot
            Console.out("Changed: \(change.description)")
            await builder.build()
        }
    }
}
