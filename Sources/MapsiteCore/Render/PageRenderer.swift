import Foundation

/// Renders every page of the site with the templates and hands it to the writer.
final class PageRenderer {
    let context: SiteContext
    let templates: TemplateLibrary
    let datasets: [Dataset]
    let indexes: [String: DatasetIndex]
    let pages: PageLoader.Pages
    let writer: OutputWriter
    let progress: (@Sendable (String, Int, Int) -> Void)?
    let markdown: MarkdownPages
    private(set) var warnings: [String] = []
    /// Site paths of every HTML page, for the sitemap.
    private(set) var pagePaths: [String] = []

    init(
        context: SiteContext, templates: TemplateLibrary, datasets: [Dataset], indexes: [String: DatasetIndex],
        pages: PageLoader.Pages, writer: OutputWriter, progress: (@Sendable (String, Int, Int) -> Void)?
    ) {
        self.context = context
        self.templates = templates
        self.datasets = datasets
        self.indexes = indexes
        self.pages = pages
        self.writer = writer
        self.progress = progress
        var itemPaths: [String: String] = [:]
        for dataset in datasets {
            for item in dataset.items {
                itemPaths["\(dataset.name)/\(item.id)"] = ItemPage.path(dataset: dataset.name, slug: item.slug)
            }
        }
        markdown = MarkdownPages(
            renderer: MarkdownRenderer(unsafeHTML: context.config.unsafeHTML), pages: pages.pages,
            itemPaths: { itemPaths[$0] })
    }

    /// Item pages, rendered in parallel in chunks.
    func renderItems() throws {
        for dataset in datasets {
            let page = ItemPage(
                context: context, dataset: dataset, index: indexes[dataset.name]!,
                datasets: Dictionary(uniqueKeysWithValues: datasets.map { ($0.name, $0) }))
            let (templates, writer, progress) = (self.templates, self.writer, self.progress)
            let items = dataset.items
            let chunk = 256
            let chunks = (items.count + chunk - 1) / chunk
            let failure = FirstError()
            let done = Counter()
            DispatchQueue.concurrentPerform(iterations: chunks) { index in
                guard !failure.isSet else { return }
                for position in (index * chunk)..<min(items.count, (index + 1) * chunk) {
                    let item = items[position]
                    do {
                        let html = try templates.render(page.view(for: position), withTemplate: "item")
                        try writer.write(ItemPage.path(dataset: dataset.name, slug: item.slug) + "index.html", html)
                    } catch {
                        failure.set(error)
                        return
                    }
                }
                progress?("Rendering \(dataset.name) items", done.add(chunk), items.count)
            }
            if let error = failure.error { throw error }
            pagePaths += items.map { ItemPage.path(dataset: dataset.name, slug: $0.slug) }
        }
    }

    func renderLists() throws {
        for dataset in datasets {
            let lists = ListPages(
                context: context, dataset: dataset, pageSize: dataset.config.pageSize ?? context.config.pageSize)
            for number in 1...lists.pageCount {
                let path = ListPages.path(dataset: dataset.name, page: number)
                try writer.write(
                    path + "index.html", try templates.render(lists.view(page: number), withTemplate: "list"))
                pagePaths.append(path)
            }
        }
    }

    /// A full-screen map per dataset, one of all datasets as layers (`map/`), and the near-me page.
    func renderMapPages() throws {
        var maps = datasets.map { ([$0], "\($0.name)/map/", $0.config.title) }
        if datasets.count > 1 { maps.append((datasets, "map/", "All places")) }
        for (shown, path, title) in maps {
            var view = context.view(at: path, title: "Map of \(title.prefix(1).lowercased() + title.dropFirst())")
            view["heading"] = title
            view["names"] = shown.map(\.name).joined(separator: " ")
            view["titlesJSON"] = JSONWriter.encode(.object(shown.map { ($0.name, .string($0.config.title)) }))
            view["count"] = NumberText.grouped(shown.reduce(0) { $0 + $1.items.count })
            view["listURL"] = SitePath.link(from: path, to: shown.count == 1 ? shown[0].name + "/" : "")
            view["nearURL"] =
                SitePath.link(from: path, to: "near/") + (shown.count == 1 ? "?dataset=\(shown[0].name)" : "")
            view["bodyClass"] = "map"
            try writer.write(path + "index.html", try templates.render(view, withTemplate: "map"))
            pagePaths.append(path)
        }
        var near = context.view(at: "near/", title: "Near me")
        near["bodyClass"] = "near"
        try writer.write("near/index.html", try templates.render(near, withTemplate: "near"))
        pagePaths.append("near/")
    }

    /// The home page, Markdown pages, 404, sitemap and robots.txt.
    func renderSitePages() throws {
        var home = context.view(at: "", title: nil)
        if let readme = pages.readme { home["readme"] = renderMarkdown(readme, at: "") }
        home["bodyClass"] = "home"
        try writer.write("index.html", try templates.render(home, withTemplate: "home"))
        pagePaths.append("")
        for page in pages.pages {
            let title = page.source == "README.md" ? page.frontMatter.title ?? "About" : page.title
            var view = context.view(at: page.path, title: title, description: page.frontMatter.description)
            view["content"] = renderMarkdown(page, at: page.path)
            view["bodyClass"] = "page"
            try writer.write(page.path + "index.html", try templates.render(view, withTemplate: "page"))
            pagePaths.append(page.path)
        }
        try writer.write("404.html", try templates.render(notFoundView(), withTemplate: "404"))
        try writer.write("sitemap.xml", SiteFiles.sitemap(paths: pagePaths.sorted(), config: context.config))
        try writer.write("robots.txt", SiteFiles.robots(config: context.config))
    }

    func writeDataFiles() throws {
        for dataset in datasets {
            try writer.write("downloads/\(dataset.name).geojson", Downloads.geoJSON(dataset))
            try writer.write("downloads/\(dataset.name).csv", Downloads.csv(dataset))
        }
    }

    /// The 404 page is served at any depth, so its links start from the base path, not relative.
    private func notFoundView() -> [String: Any] {
        var view = context.view(at: "", title: "Page not found")
        let base = context.config.basePath
        view["root"] = base
        let rebase: (Any) -> Any = { value in
            guard var entries = value as? [[String: Any]] else { return value }
            for index in entries.indices {
                for (key, link) in entries[index] where key.hasSuffix("URL") || key == "url" {
                    if let link = link as? String { entries[index][key] = base + (link == "./" ? "" : link) }
                }
            }
            return entries
        }
        view["menu"] = rebase(view["menu"]!)
        view["datasets"] = rebase(view["datasets"]!)
        view["assets"] = (view["assets"] as? [String: String])?.mapValues {
            SafeURL.isSiteRelative($0) ? base + $0 : $0
        }
        view["bodyClass"] = "not-found"
        view["canonical"] = nil
        return view
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
