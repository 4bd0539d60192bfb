import Foundation

/// What the load stage read and checked: the settings, every dataset with its regions joined,
/// the Markdown pages and the templates.
struct SiteContent {
    var config: SiteConfig
    var datasets: [Dataset]
    /// The regions of each dataset with `regions:`, by dataset name.
    var regions: [String: RegionSet]
    var pages: PageLoader.Pages
    var templates: TemplateLibrary
    /// The static files of the theme and the content (`AssetCopier`), to be written as they are
    /// but for the fingerprints in the names of those under `assets/`.
    var assets: [OutputFile]
    /// The fingerprinted names of the files under `assets/`, for the pages to link to.
    var assetNames: AssetNames
    /// What an author should read: places in no region, files that lead outside the content
    /// folder.
    var warnings: [String]
    var itemCount: Int { datasets.reduce(0) { $0 + $1.items.count } }
}

extension SiteBuilder {
    /// Reads `site.yml`, with the options' base URL in place of its own.
    func loadConfig() throws -> SiteConfig {
        var config = try ConfigLoader.load(contentDirectory: options.contentDirectory)
        if let baseURL = options.baseURL { config.baseURL = baseURL }
        return config
    }

    /// The load stage: reads every dataset, joins regions, reads the pages and the templates.
    /// - Throws: `InputErrors` listing every bad row of every dataset, `InputError` for a page
    ///   or setting, `TemplateError` for a template that does not parse.
    func load(_ config: SiteConfig, clock: StageClock) throws -> SiteContent {
        let loaded = try loadDatasets(config)
        clock.finish(
            "Loaded \(loaded.count) datasets (\(NumberText.grouped(loaded.reduce(0) { $0 + $1.items.count })) items)")
        let (datasets, regions, warnings) = try joinRegions(loaded)
        if !regions.isEmpty {
            clock.finish(
                "Placed items in \(NumberText.grouped(regions.values.reduce(0) { $0 + $1.regions.count })) regions")
        }
        let pages = try PageLoader.load(contentDirectory: options.contentDirectory, config: config)
        try SiteLayout.check(
            datasets: config.datasets, pages: pages.pages,
            configFile: (options.contentDirectory as NSString).appendingPathComponent(ConfigLoader.fileName),
            contentDirectory: options.contentDirectory)
        let templates = try TemplateLibrary(directories: [
            options.themeDirectory, (options.contentDirectory as NSString).appendingPathComponent("templates"),
        ])
        try templates.validate()
        let (copied, assetWarnings) = try AssetCopier(
            themeDirectory: options.themeDirectory, contentDirectory: options.contentDirectory,
            copiesLeaflet: config.leaflet == "local"
        ).files()
        let (assets, assetNames) = try AssetNames.fingerprint(copied)
        clock.finish("Loaded \(pages.pages.count) pages and \(templates.names.count) templates")
        return SiteContent(
            config: config, datasets: datasets, regions: regions, pages: pages, templates: templates, assets: assets,
            assetNames: assetNames,
            warnings: warnings + datasets.flatMap(\.warnings) + datasets.flatMap(HoursCheck.warnings)
                + datasets.flatMap(ShownText.warnings) + pages.warnings
                + assetWarnings)
    }

    /// Every dataset of `config`; the errors of all of them at once.
    private func loadDatasets(_ config: SiteConfig) throws -> [Dataset] {
        var datasets: [Dataset] = []
        var errors: [InputError] = []
        var total = 0
        for datasetConfig in config.datasets {
            do {
                datasets.append(try DatasetLoader.load(datasetConfig, contentDirectory: options.contentDirectory))
            } catch let failure as InputErrors {
                errors += failure.errors
                total += failure.total
            }
        }
        if total > 0 { throw InputErrors(errors: errors, total: total) }
        return datasets
    }

    /// Gives each item of a dataset with `regions:` the name of the region it lies in.
    private func joinRegions(_ datasets: [Dataset]) throws -> ([Dataset], [String: RegionSet], [String]) {
        var joined: [Dataset] = []
        var sets: [String: RegionSet] = [:]
        var warnings: [String] = []
        for dataset in datasets {
            guard let config = dataset.config.regions else {
                joined.append(dataset)
                continue
            }
            let regions = try RegionSet.load(config, contentDirectory: options.contentDirectory)
            let join = RegionJoin.join(dataset, with: regions)
            if let warning = join.warning(for: dataset, regions: regions) { warnings.append(warning) }
            joined.append(join.applied(to: dataset, regions: regions))
            sets[dataset.name] = regions
        }
        return (joined, sets, warnings)
    }
}

extension BuildReport {
    /// The counts of what was loaded, and its warnings and skipped rows.
    init(_ content: SiteContent) {
        self.init()
        for dataset in content.datasets {
            datasets[dataset.name] = dataset.items.count
            items += dataset.items.count
            skipped += dataset.skipped
        }
        warnings = content.warnings
    }
}
