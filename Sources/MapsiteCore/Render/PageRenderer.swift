import Foundation
import MapsiteGeo

/// Renders every page of the site with the templates and hands it to the writer.
final class PageRenderer {
    let context: SiteContext
    let templates: TemplateLibrary
    let datasets: [Dataset]
    let indexes: [String: DatasetIndex]
    let groups: [String: DatasetGroups]
    let regions: [String: RegionSet]
    let pages: PageLoader.Pages
    /// Tours, so that the pages of their stops link to them.
    let tours: [PlannedTour]
    /// Asked whether a page made from the same inputs is already in the output folder.
    let writer: OutputWriter
    /// Where rendered files go: a queue in front of `writer`.
    let files: any FileSink
    let progress: (@Sendable (String, Int, Int) -> Void)?
    let markdown: MarkdownPages
    private(set) var warnings: [String] = []
    /// Site paths of every HTML page, for the sitemap: the item pages' from the start, the
    /// others' as they are rendered.
    private(set) var pagePaths: [String]

    init(
        context: SiteContext, templates: TemplateLibrary, datasets: [Dataset], indexes: [String: DatasetIndex],
        groups: [String: DatasetGroups], regions: [String: RegionSet], pages: PageLoader.Pages,
        tours: [PlannedTour] = [], writer: OutputWriter, files: any FileSink,
        progress: (@Sendable (String, Int, Int) -> Void)?
    ) {
        self.groups = groups
        self.regions = regions
        self.context = context
        self.templates = templates
        self.datasets = datasets
        self.indexes = indexes
        self.pages = pages
        self.tours = tours
        self.writer = writer
        self.files = files
        self.progress = progress
        pagePaths = datasets.flatMap { dataset in
            dataset.items.map { ItemPage.path(dataset: dataset.name, slug: $0.slug) }
        }
        let byName = Dictionary(uniqueKeysWithValues: datasets.map { ($0.name, $0) })
        markdown = MarkdownPages(
            renderer: MarkdownRenderer(unsafeHTML: context.config.unsafeHTML), pages: pages.pages,
            itemPaths: { key in
                // `dataset/id`: dataset names have no slash, ids may
                guard let slash = key.firstIndex(of: "/"), let dataset = byName[String(key[..<slash])],
                    let position = dataset.position(ofID: String(key[key.index(after: slash)...]))
                else { return nil }
                return ItemPage.path(dataset: dataset.name, slug: dataset.items[position].slug)
            })
    }

    /// Item pages, rendered in parallel in chunks, each dataset's in the order given (positions
    /// of its items; `SpatialOrder`, so that the neighbours a page shows are mostly still in the
    /// cache from the pages before it).
    func renderItems(in orders: [[Int32]]) throws {
        let targets = ItemPage.LinkTargets.of(datasets)
        for (dataset, order) in zip(datasets, orders) {
            let page = ItemPage(
                context: context, dataset: dataset, index: indexes[dataset.name]!,
                groupLinks: groups[dataset.name].map { GroupPages.links(dataset, $0) } ?? [:],
                targets: targets, tours: tours)
            let (templates, writer, files, progress, context) = (
                self.templates, self.writer, self.files, self.progress, self.context
            )
            let site = SiteFingerprint.make(templates: templates, context: context)
            let items = dataset.items
            // Every item page lies two folders down, so they share one view, unless the menu
            // links to the page (then the view marks it as the current entry).
            let shared = context.shared(at: ItemPage.path(dataset: dataset.name, slug: "item"))
            let menuPaths = Set(context.menu.map(\.path))
            let chunk = 256
            let chunks = (items.count + chunk - 1) / chunk
            let failure = FirstError()
            let done = Counter()
            DispatchQueue.concurrentPerform(iterations: chunks) { index in
                guard !failure.isSet else { return }
                for position in order[(index * chunk)..<min(items.count, (index + 1) * chunk)].lazy.map(Int.init) {
                    do {
                        let folder = ItemPage.path(dataset: dataset.name, slug: items[position].slug)
                        let inputs = page.fingerprint(position, site: site)
                        if writer.reuse(folder + "index.html", inputs: inputs) { continue }
                        let html = try templates.renderPage(
                            page.view(for: position),
                            over: menuPaths.contains(folder) ? context.shared(at: folder) : shared,
                            withTemplate: "item")
                        try files.write(folder + "index.html", html, inputs: inputs)
                    } catch {
                        failure.set(error)
                        return
                    }
                }
                progress?("Rendering \(dataset.name) items", done.add(chunk), items.count)
            }
            if let error = failure.error { throw error }
        }
    }

    func renderLists() throws {
        for dataset in datasets {
            let lists = ListPages(
                context: context, dataset: dataset, pageSize: dataset.config.pageSize ?? context.config.pageSize)
            for number in 1...lists.pageCount {
                try write(
                    lists.view(page: number), at: lists.path(page: number), with: "list")
            }
        }
    }

    /// Group index pages and group pages, with their points files.
    func renderGroups() throws {
        for dataset in datasets {
            guard let groups = groups[dataset.name], !groups.indexes.isEmpty else { continue }
            var rank = [Int](repeating: 0, count: dataset.items.count)
            for (position, index) in ListPages.titleOrder(dataset.items).enumerated() { rank[index] = position }
            let pages = GroupPages(
                context: context, dataset: dataset, groups: groups, regions: regions[dataset.name], listRank: rank,
                pageSize: dataset.config.pageSize ?? context.config.pageSize)
            try pages.render(
                page: { view, path, template in try write(view, at: path, with: template) },
                file: { path, json in try files.write(path, json) })
        }
    }

    /// The tours' index, pages and GPX files.
    func renderTours() throws {
        let pages = TourPages(
            context: context, tours: tours,
            datasets: Dictionary(uniqueKeysWithValues: datasets.map { ($0.name, $0) }))
        try pages.render(
            page: { view, path, template in try write(view, at: path, with: template) },
            file: { path, text in try files.write(path, text) })
    }

    static let favouritesPath = "favourites/"

    /// A full-screen map per dataset, one of all datasets as layers (`map/`), the near-me page and
    /// the favourites page.
    func renderMapPages() throws {
        var maps = datasets.map { ([$0], "\($0.name)/map/", $0.config.title) }
        if datasets.count > 1 { maps.append((datasets, "map/", "All places")) }
        for (shown, path, title) in maps {
            var view = context.page(at: path, title: "Map of \(title.prefix(1).lowercased() + title.dropFirst())")
            let root = SitePath.root(from: path)
            view["heading"] = .text(title)
            view["names"] = .text(shown.map(\.name).joined(separator: " "))
            Self.addTitlesAndColors(of: shown, to: &view)
            view["count"] = .text(NumberText.grouped(shown.reduce(0) { $0 + $1.items.count }))
            view["listURL"] = .text(shown.count == 1 ? root + shown[0].name + "/" : SitePath.link(from: path, to: ""))
            view["nearURL"] = .text(root + "near/" + (shown.count == 1 ? "?dataset=\(shown[0].name)" : ""))
            view["bodyClass"] = "map"
            try write(view, at: path, with: "map")
        }
        var near = context.page(at: "near/", title: "Near me")
        near["bodyClass"] = "near"
        try write(near, at: "near/", with: "near")
        // The places a visitor saved: the page is the same for everyone, its script fills it in.
        var favourites = context.page(at: Self.favouritesPath, title: "Favourites")
        Self.addTitlesAndColors(of: datasets, to: &favourites)
        favourites["bodyClass"] = "favourites"
        try write(favourites, at: Self.favouritesPath, with: "favourites")
    }

    /// `titlesJSON` and `colorsJSON`: each dataset's title and map colour by name, for the
    /// scripts of pages that draw several datasets.
    private static func addTitlesAndColors(of datasets: [Dataset], to view: inout TemplateObject) {
        view["titlesJSON"] = .text(JSONWriter.encode(.object(datasets.map { ($0.name, .string($0.config.title)) })))
        view["colorsJSON"] = .text(JSONWriter.encode(.object(datasets.map { ($0.name, .string($0.config.color)) })))
    }

    /// The home page, Markdown pages, 404, sitemap and robots.txt.
    func renderSitePages() throws {
        var home = context.page(at: "", title: nil)
        if let readme = pages.readme { home["readme"] = .text(renderMarkdown(readme, at: "")) }
        home["bodyClass"] = "home"
        try write(home, at: "", with: "home")
        for page in pages.pages {
            let title = page.source == "README.md" ? page.frontMatter.title ?? "About" : page.title
            var view = context.page(at: page.path, title: title, description: page.frontMatter.description)
            view["content"] = .text(renderMarkdown(page, at: page.path))
            view["bodyClass"] = "page"
            try write(view, at: page.path, with: "page")
        }
        // Served at any depth, so its links start from the base path instead of being relative.
        var notFound = context.page(at: "", title: "Page not found")
        notFound["canonical"] = nil
        notFound["bodyClass"] = "not-found"
        let shared = context.shared(root: context.config.basePath, current: nil)
        try files.write("404.html", try templates.renderPage(notFound, over: shared, withTemplate: "404"))
        try files.write(
            "sitemap.xml",
            SiteFiles.sitemap(
                paths: UTF8Order.sortedPositions(of: pagePaths).map { pagePaths[$0] }, config: context.config))
        try files.write("robots.txt", SiteFiles.robots(config: context.config))
        try files.write(
            SearchPages.path,
            SearchPages.json(
                SearchPages.entries(
                    datasets: datasets, tours: tours, pages: pages.pages, groups: groups, regions: regions)))
    }

    /// Renders a page's view over the shared view for its path, writes `path/index.html`.
    private func write(_ view: TemplateObject, at path: String, with template: String) throws {
        let html = try templates.renderPage(view, over: context.shared(at: path), withTemplate: template)
        try files.write(path + "index.html", html)
        pagePaths.append(path)
    }

    private func renderMarkdown(_ page: Page, at path: String) -> String {
        let (html, broken) = markdown.html(for: page, at: path)
        for link in broken { warnings.append("\(page.source): link \"\(link)\" leads to no page or item") }
        return html
    }
}

/// The first error thrown by any of several threads.
final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?

    var isSet: Bool { lock.withLock { stored != nil } }
    var error: Error? { lock.withLock { stored } }

    func set(_ error: Error) {
        lock.withLock { if stored == nil { stored = error } }
    }
}

/// A count shared by threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func add(_ amount: Int) -> Int {
        lock.withLock {
            value += amount
            return value
        }
    }
}
