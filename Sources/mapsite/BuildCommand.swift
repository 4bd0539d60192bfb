import ArgumentParser
import Foundation
import MapsiteCore

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build", abstract: "Build the site from a content folder.")

    @OptionGroup var site: SiteOptions

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "Add the peak memory so far to each stage's line.")
    var memory = false

    @Flag(help: "Run each stage alone, so that its time is its own (for benchmarks; the build takes longer).")
    var stagesAlone = false

    func run() throws {
        let theme = try site.theme()
        let quiet = self.quiet
        let terminal = isatty(STDOUT_FILENO) == 1 && !quiet
        let progress = terminal ? ProgressLine() : nil
        let log: @Sendable (String) -> Void = { line in
            guard !quiet else { return }
            progress?.clear()
            print(line)
        }
        var showProgress: (@Sendable (String, Int, Int) -> Void)?
        if let progress {
            showProgress = { stage, done, total in progress.show(stage, done, total) }
        }
        var options = BuildOptions(
            contentDirectory: site.content, outputDirectory: site.output, themeDirectory: theme, baseURL: site.baseURL,
            log: log,
            progress: showProgress)
        options.showsMemory = memory
        options.stagesAlone = stagesAlone
        let build: FinishedBuild
        do {
            build = try SiteBuilder(options: options).run()
        } catch let errors as InputErrors {
            throw errors.listedInFull()
        }
        build.report.printProblems()
        // The process ends with this build: exit while its data is still held, rather than
        // free 150,000 items one by one first.
        withExtendedLifetime(build) { Foundation.exit(0) }
    }
}

/// One line that shows the progress of a long stage on a terminal, rewritten in place.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private var lastShown = DispatchTime.now()
    private var visible = false

    func show(_ stage: String, _ done: Int, _ total: Int) {
        lock.withLock {
            let now = DispatchTime.now()
            guard now.uptimeNanoseconds - lastShown.uptimeNanoseconds > 100_000_000 || done >= total else { return }
            lastShown = now
            let percent = total > 0 ? min(100, done * 100 / total) : 100
            FileHandle.standardOutput.write(Data("\r\(stage): \(min(done, total))/\(total) (\(percent)%)\u{1B}[K".utf8))
            visible = true
        }
    }

    func clear() {
        lock.withLock {
            if visible { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
            visible = false
        }
    }
}
