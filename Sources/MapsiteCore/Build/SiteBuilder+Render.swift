import Foundation

/// What the render stage made: every page and file but the item pages, made whole, and the
/// item pages of each dataset, made when they are written.
struct RenderedSite {
    var files: [OutputFile]
    var itemPages: [ItemPageFiles]
    /// Links of Markdown pages that lead nowhere.
    var warnings: [String]
}

extension SiteBuilder {
    /// The render stage: lists, maps, groups, tours, the home and Markdown pages, 404, the
    /// sitemap; the item pages are set up, and the first of each dataset rendered, so that a
    /// template that fails stops the build before anything is written.
    /// `firstViews`: what each dataset's map page carries for its first view (`MapFirstView`);
    /// `carriedFilters`, what it carries of its filters (`CarriedFilters`).
    /// - Throws: `TemplateError` for a template that does not render.
    func render(
        _ content: SiteContent, _ indexes: [String: DatasetIndex], _ derived: DerivedSite,
        firstViews: [String: String], carriedFilters: [String: CarriedFilters] = [:], clock: StageClock
    ) throws -> RenderedSite {
        let (datasets, context, templates) = (content.datasets, derived.context, content.templates)
        var pages = PageSet(context: context, templates: templates)
        for dataset in datasets {
            let lists = ListPages(
                context: context, dataset: dataset, pageSize: dataset.config.pageSize ?? context.config.pageSize)
            for number in 1...lists.pageCount {
                try pages.addPage(lists.view(page: number), at: lists.path(page: number), template: "list")
            }
        }
        let maps = MapPages(
            context: context, datasets: datasets, firstViews: firstViews, carriedFilters: carriedFilters)
        try maps.render(into: &pages)
        for dataset in datasets {
            guard let groups = derived.groups[dataset.name], !groups.indexes.isEmpty else { continue }
            var rank = [Int](repeating: 0, count: dataset.items.count)
            for (position, index) in ListPages.titleOrder(dataset.items).enumerated() { rank[index] = position }
            try GroupPages(
                context: context, dataset: dataset, groups: groups, regions: content.regions[dataset.name],
                listRank: rank, pageSize: dataset.config.pageSize ?? context.config.pageSize
            ).render(into: &pages)
        }
        try TourPages(
            context: context, tours: derived.tours,
            datasets: Dictionary(uniqueKeysWithValues: datasets.map { ($0.name, $0) })
        ).render(into: &pages)
        let sitePages = SitePages(context: context, pages: content.pages, itemPath: Self.itemPath(in: datasets))
        let warnings = try sitePages.render(into: &pages)

        let targets = ItemPage.LinkTargets.of(datasets)
        let itemPages = datasets.map { dataset in
            ItemPageFiles(
                page: ItemPage(
                    context: context, dataset: dataset, index: indexes[dataset.name]!,
                    groupLinks: derived.groups[dataset.name].map { GroupPages.links(dataset, $0) } ?? [:],
                    targets: targets, tours: derived.tours),
                templates: templates)
        }
        for set in itemPages where set.count > 0 { _ = try set.bytes(0) }

        let itemPaths = itemPages.flatMap { set in (0..<set.count).map { SitePath.parent(of: set.path($0)) + "/" } }
        var files = pages.files
        files.append(try sitePages.notFound(templates: templates))
        let (siteFiles, sitemapWarning) = sitePages.sitemapAndRobots(pagePaths: itemPaths + pages.pagePaths)
        files += siteFiles
        files.append(
            OutputFile(
                SearchPages.path,
                SearchPages.json(
                    SearchPages.entries(
                        datasets: datasets, tours: derived.tours, pages: content.pages.pages, groups: derived.groups,
                        regions: content.regions))))
        clock.finish("Rendered lists and pages")
        return RenderedSite(files: files, itemPages: itemPages, warnings: warnings + [sitemapWarning].compactMap { $0 })
    }

    /// The site path of a place's page from `dataset/id` (dataset names have no slash, ids may),
    /// for `item:` links of Markdown pages.
    private static func itemPath(in datasets: [Dataset]) -> (String) -> String? {
        let byName = Dictionary(uniqueKeysWithValues: datasets.map { ($0.name, $0) })
        return { key in
            guard let slash = key.firstIndex(of: "/"), let dataset = byName[String(key[..<slash])],
                let position = dataset.position(ofID: String(key[key.index(after: slash)...]))
            else { return nil }
            return ItemPage.path(dataset: dataset.name, slug: dataset.items[position].slug)
        }
    }
}
