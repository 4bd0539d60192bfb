import Foundation
import MapsiteGeo

/// Builds a site from a content folder. `build()` lists the stages in the order they run; each
/// takes values, returns a value and has a file of its own (`SiteBuilder+Load.swift`, …).
/// Nothing touches the output folder before the last stage, so a build that stops on bad input
/// leaves it as it was.
public struct SiteBuilder {
    public let options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    /// Runs every stage and returns what was done.
    /// - Throws: `InputErrors`/`InputError` for bad content, `TemplateError` for a theme that does
    ///   not render, `OutputError` for files it cannot write.
    public func build() throws -> BuildReport {
        try run().report
    }

    /// Runs every stage and returns the report with the data the site was made from.
    public func run() throws -> FinishedBuild {
        let clock = StageClock(log: options.log, showsMemory: options.showsMemory)
        let config = try loadConfig()
        let stamp = BuildStamp(options: options, config: config).value
        let upToDate = UpToDateCheck<BuildReport>(outputDirectory: options.outputDirectory, stamp: stamp)
        if var previous = upToDate.previousReport() {
            clock.finish(
                "Nothing changed since the last build: \(NumberText.grouped(previous.output.files)) files checked")
            previous.output = .init(
                files: previous.output.files, unchanged: previous.output.files, bytes: previous.output.bytes)
            return FinishedBuild(report: previous, data: [])
        }
        let content = try load(config, clock: clock)
        let browserWork = options.stagesAlone ? nil : startBrowserFiles(content)
        let indexes = index(content, clock: clock)
        let derived = try derive(content, indexes, clock: clock)
        let browserFiles = (browserWork ?? startBrowserFiles(content)).finish(clock: clock)
        let pages = try render(
            content, indexes, derived, firstViews: browserFiles.firstViews,
            carriedFilters: browserFiles.carriedFilters, clock: clock)
        let app = try makeAppFiles(content, derived, besides: content.assets + pages.files + browserFiles.files)
        let output = try write(
            pages, browserFiles, app, assets: content.assets, precompress: config.precompress,
            invalidating: upToDate, clock: clock)

        var report = BuildReport(content)
        report.warnings += pages.warnings + browserFiles.warnings
        report.output = output
        report.pages = output.files
        try upToDate.record(report, files: output.files)
        return FinishedBuild(report: report, data: [content, indexes, derived, browserFiles, pages])
    }
}

/// A finished build: its report, and the data its stages made, for a process that exits right
/// after the build and need not free it (freeing 150,000 items one by one takes a tenth of a
/// second that the exit does at once).
public struct FinishedBuild {
    public let report: BuildReport
    let data: [Any]
}
