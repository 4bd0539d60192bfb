import Foundation
import MapsiteGeo

/// Builds a site from a content folder. Read `build()` top to bottom: load → index → derive →
/// render → write. Each stage takes values and returns values; only `OutputWriter` touches the
/// output folder.
public struct SiteBuilder {
    public let options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    /// Runs every stage and returns what was done.
    /// - Throws: `InputErrors`/`InputError` for bad content, `OutputError` for files it cannot write.
    public func build() throws -> BuildReport {
        var report = BuildReport()
        let clock = StageClock(log: options.log, showsMemory: options.showsMemory)

        // Load
        var config = try ConfigLoader.load(contentDirectory: options.contentDirectory)
        if let baseURL = options.baseURL { config.baseURL = baseURL }
        let upToDate = UpToDateCheck(
            outputDirectory: options.outputDirectory, stamp: BuildStamp(options: options, config: config))
        if let previous = upToDate.previousReport() {
            clock.finish(
                "Nothing changed since the last build: \(NumberText.grouped(previous.output.files)) files checked")
            return previous
        }
        upToDate.invalidate()
        let loaded = try loadDatasets(config, report: &report)
        clock.finish("Loaded \(loaded.count) datasets (\(NumberText.grouped(report.items)) items)")
        let (datasets, regions) = try joinRegions(loaded, report: &report)
        if !regions.isEmpty {
            clock.finish(
                "Placed items in \(NumberText.grouped(regions.values.reduce(0) { $0 + $1.regions.count })) regions")
        }
        let pages = try PageLoader.load(contentDirectory: options.contentDirectory)
        try SiteLayout.check(
            datasets: config.datasets, pages: pages.pages,
            configFile: (options.contentDirectory as NSString).appendingPathComponent(ConfigLoader.fileName),
            contentDirectory: options.contentDirectory)
        let templates = try TemplateLibrary(directories: [
            options.themeDirectory, (options.contentDirectory as NSString).appendingPathComponent("templates"),
        ])
        try templates.validate()
        clock.finish("Loaded \(pages.pages.count) pages and \(templates.names.count) templates")

        // Index
        let indexes = SpatialIndexer.index(datasets)
        clock.finish("Indexed neighbours of \(NumberText.grouped(report.items)) items")

        // The input is valid: from here on the output folder changes. Item pages render in Web
        // Mercator Z-order (near places one after another, so their neighbours stay in cache), and
        // their folders are made in that order from now on, beside the stages below. (Not beside
        // the neighbour search, which has both cores to itself.)
        let renderOrder = datasets.map { SpatialOrder.positions(of: $0.items.map(\.point)) }
        // Every file goes through one queue to a writing thread, which creates files while the
        // other threads render; the thread making folders writes files too once they are made.
        let writer = try OutputWriter(directory: options.outputDirectory)
        writer.expect(files: report.items + 1024)
        let files = WriteQueue(writer: writer)
        let folders = writer.makeFolders(
            zip(datasets, renderOrder).flatMap { dataset, order in
                order.map { ItemPage.path(dataset: dataset.name, slug: dataset.items[Int($0)].slug) }
            }, then: files.help)
        defer {
            files.close()
            folders.stop()
        }
        // Tiles, the search index and the downloads are made on threads of their own, beside the pages.
        let sideOutputs = SideOutputs(datasets: datasets)

        // Derive
        let groups = Dictionary(uniqueKeysWithValues: datasets.map { ($0.name, DatasetGroups($0)) })
        let groupCount = groups.values.reduce(0) { $0 + $1.indexes.reduce(0) { $0 + $1.groups.count } }
        clock.finish("Grouped items into \(NumberText.grouped(groupCount)) groups")
        let tours = try TourPlans.plan(config.tours, datasets: datasets)
        if !tours.isEmpty {
            clock.finish(
                "Planned \(tours.count) \(tours.count == 1 ? "tour" : "tours") (\(NumberText.grouped(tours.reduce(0) { $0 + $1.stops.count })) stops)"
            )
        }
        let context = SiteContext(
            config: config,
            menu: Self.menu(pages.pages, datasets: datasets, tours: !tours.isEmpty),
            datasets: datasets.map {
                .init(
                    name: $0.name, title: $0.config.title, description: $0.config.description, count: $0.items.count,
                    color: $0.config.color)
            })

        // Render and write
        let renderer = PageRenderer(
            context: context, templates: templates, datasets: datasets, indexes: indexes, groups: groups,
            regions: regions, pages: pages, tours: tours, writer: writer, files: files,
            progress: options.progress)
        // The few other pages first, while the side outputs have just started on the other core;
        // then the item pages on every core.
        try renderer.renderLists()
        try renderer.renderMapPages()
        try renderer.renderGroups()
        try renderer.renderTours()
        try renderer.renderSitePages()
        report.warnings += renderer.warnings
        try writeAssets(config: config, files: files)
        clock.finish("Rendered lists and pages")
        try renderer.renderItems(in: renderOrder)
        clock.finish("Rendered \(NumberText.grouped(report.items)) item pages")
        try sideOutputs.write(to: files, warnings: &report.warnings, clock: clock)
        try files.finish()
        folders.wait()
        report.output = try writer.finish()
        report.pages = report.output.files
        let output = report.output
        clock.finish(
            "Wrote \(NumberText.grouped(output.written)) files, \(NumberText.grouped(output.unchanged)) unchanged, \(NumberText.grouped(output.removed)) removed"
        )
        try upToDate.record(report)
        if options.keepsDataUntilExit {
            _ = Unmanaged.passRetained(Leftovers(values: [datasets, indexes, groups, renderer, writer, sideOutputs]))
        }
        return report
    }

    /// What a build keeps alive past its end (`BuildOptions.keepsDataUntilExit`).
    private final class Leftovers {
        let values: [Any]
        init(values: [Any]) { self.values = values }
    }

    private func loadDatasets(_ config: SiteConfig, report: inout BuildReport) throws -> [Dataset] {
        var datasets: [Dataset] = []
        var errors: [InputError] = []
        var total = 0
        for datasetConfig in config.datasets {
            do {
                let dataset = try DatasetLoader.load(datasetConfig, contentDirectory: options.contentDirectory)
                report.datasets[dataset.name] = dataset.items.count
                report.items += dataset.items.count
                report.skipped += dataset.skipped
                datasets.append(dataset)
            } catch let failure as InputErrors {
                errors += failure.errors
                total += failure.total
            }
        }
        if total > 0 { throw InputErrors(errors: Array(errors.prefix(DatasetLoader.errorLimit)), total: total) }
        return datasets
    }

    /// Gives each item of a dataset with `regions:` the name of the region it lies in.
    private func joinRegions(_ datasets: [Dataset], report: inout BuildReport) throws -> (
        [Dataset], [String: RegionSet]
    ) {
        var joined: [Dataset] = []
        var sets: [String: RegionSet] = [:]
        for dataset in datasets {
            guard let config = dataset.config.regions else {
                joined.append(dataset)
                continue
            }
            let regions = try RegionSet.load(config, contentDirectory: options.contentDirectory)
            let join = RegionJoin.join(dataset, with: regions)
            if let warning = join.warning(for: dataset, regions: regions) { report.warnings.append(warning) }
            joined.append(join.applied(to: dataset, regions: regions))
            sets[dataset.name] = regions
        }
        return (joined, sets)
    }

    private func writeAssets(config: SiteConfig, files: any FileSink) throws {
        let copier = AssetCopier(writer: files)
        try copier.copyTree((options.themeDirectory as NSString).appendingPathComponent("assets"), to: "assets/")
        if config.leaflet == "local" { try copier.copyLeaflet() }
        let content = options.contentDirectory as NSString
        try copier.copyTree(content.appendingPathComponent("static"), to: "")
        try copier.copyTree(content.appendingPathComponent("images"), to: "images/")
    }

    /// The map, near-me, tours and favourites pages, pages with a `menu` number in that order,
    /// then the About page.
    static func menu(_ pages: [Page], datasets: [Dataset], tours: Bool = false) -> [SiteContext.MenuEntry] {
        var fixed: [SiteContext.MenuEntry] = []
        if !datasets.isEmpty {
            fixed.append(.init(title: "Map", path: datasets.count == 1 ? "\(datasets[0].name)/map/" : "map/"))
            fixed.append(.init(title: "Near me", path: "near/"))
        }
        if tours { fixed.append(.init(title: "Tours", path: TourPages.indexPath)) }
        if !datasets.isEmpty { fixed.append(.init(title: "Favourites", path: PageRenderer.favouritesPath)) }
        var entries = pages.filter { $0.frontMatter.menu != nil }
            .sorted { ($0.frontMatter.menu!, $0.path) < ($1.frontMatter.menu!, $1.path) }
        if let about = pages.first(where: { $0.source == "README.md" }), !entries.contains(about) {
            entries.append(about)
        }
        return fixed + entries.map { .init(title: $0.source == "README.md" ? "About" : $0.title, path: $0.path) }
    }
}

/// Times the stages of a build and logs each as it ends: "Loaded 1 datasets (7 items) in 0.01 s",
/// and with `showsMemory` the peak memory so far: "… in 0.01 s (peak 12 MiB)".
final class StageClock {
    private var start = DispatchTime.now()
    private let log: (String) -> Void
    private let showsMemory: Bool

    init(log: @escaping (String) -> Void, showsMemory: Bool = false) {
        self.log = log
        self.showsMemory = showsMemory
    }

    /// Logs the stage that ends now, timed from the end of the one before.
    func finish(_ message: String) {
        let now = DispatchTime.now()
        report(
            message, seconds: Double(now.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9,
            peak: showsMemory ? PeakMemory.bytes() : nil)
        start = now
    }

    /// Logs work timed elsewhere (on a thread of its own), with the peak memory when it ended.
    func report(_ message: String, seconds: Double, peak: Int?) {
        var line = "\(message) in \(NumberText.seconds(seconds))"
        if showsMemory, let peak { line += " (peak \(PeakMemory.text(peak)))" }
        log(line)
    }
}
