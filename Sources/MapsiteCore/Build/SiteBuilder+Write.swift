import Foundation

extension SiteBuilder {
    /// The write stage: the static files of the theme and the content, the rendered pages, the
    /// browser's files, the installable app's, then the item pages, rendered on every core as they
    /// are written.
    /// Forgets the last build's record first, so that a build that stops half way never leaves
    /// one that claims the output is complete.
    /// - Throws: `OutputError` for a file that cannot be read or written.
    func write(
        _ site: RenderedSite, _ browser: BrowserFiles, _ app: [OutputFile], assets: [OutputFile], precompress: Bool,
        invalidating upToDate: UpToDateCheck<BuildReport>,
        clock: StageClock
    ) throws -> OutputWriter.Summary {
        upToDate.invalidate()
        let writer = try SiteWriter(
            directory: options.outputDirectory, deferred: site.itemPages,
            count: (assets.count + site.files.count + browser.files.count + app.count) * (precompress ? 2 : 1),
            progress: options.progress)
        defer { writer.close() }
        for files in [assets, site.files, browser.files, app] {
            try writer.write(files)
            if precompress { try writer.write(GzipSiblings.files(of: files)) }
        }
        for set in site.itemPages { try writer.write(set, precompress: precompress) }
        clock.finish("Rendered \(NumberText.grouped(site.itemPages.reduce(0) { $0 + $1.count })) item pages")
        let output = try writer.finish()
        clock.finish(
            "Wrote \(NumberText.grouped(output.written)) files, \(NumberText.grouped(output.unchanged)) unchanged, \(NumberText.grouped(output.removed)) removed"
        )
        return output
    }
}
