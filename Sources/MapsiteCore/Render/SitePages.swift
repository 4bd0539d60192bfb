import Foundation

/// The pages every site has besides its datasets': the home page, the Markdown pages, 404,
/// and the files that list pages (`sitemap.xml`, `robots.txt`, the search index's page list).
struct SitePages {
    let context: SiteContext
    let pages: PageLoader.Pages
    let markdown: MarkdownPages

    /// - Parameter itemPath: the site path of a place's page from `dataset/id`, for `item:` links.
    init(context: SiteContext, pages: PageLoader.Pages, itemPath: @escaping (String) -> String?) {
        self.context = context
        self.pages = pages
        markdown = MarkdownPages(
            renderer: MarkdownRenderer(unsafeHTML: context.config.unsafeHTML), pages: pages.pages,
            itemPaths: itemPath, downloads: pages.downloads)
    }

    /// The home page and the Markdown pages; returns a warning for each link that leads nowhere
    /// and each link to a data file that is in no dataset.
    func render(into set: inout PageSet) throws -> [String] {
        var warnings: [String] = []
        func html(_ page: Page, at path: String) -> String {
            let (html, broken, dataFiles) = markdown.html(for: page, at: path)
            for link in broken { warnings.append("\(page.source): link \"\(link)\" leads to no page or item") }
            for link in dataFiles {
                warnings.append(
                    "\(page.source): link \"\(ControlCharacters.escaped(link))\" leads to a data file that no dataset "
                        + "of site.yml reads, so it is not in the site: add it to datasets: to link to its download, "
                        + "or put it in static/ (and link to it there) to publish it as it is")
            }
            return html
        }
        var home = context.page(at: "", title: nil)
        if let readme = pages.readme { home["readme"] = .text(html(readme, at: "")) }
        home["bodyClass"] = "home"
        try set.addPage(home, at: "", template: "home")
        for page in pages.pages {
            let title = page.source == "README.md" ? page.frontMatter.title ?? "About" : page.title
            var view = context.page(at: page.path, title: title, description: page.frontMatter.description)
            view["content"] = .text(html(page, at: page.path))
            view["bodyClass"] = "page"
            try set.addPage(view, at: page.path, template: "page")
        }
        return warnings
    }

    /// `404.html`, which a server shows at any depth, so its links start from the base path
    /// instead of being relative.
    func notFound(templates: TemplateLibrary) throws -> OutputFile {
        var view = context.page(at: "", title: "Page not found")
        view["canonical"] = nil
        view["bodyClass"] = "not-found"
        let shared = context.shared(root: context.config.basePath, current: nil)
        return OutputFile("404.html", try templates.renderPage(view, over: shared, withTemplate: "404"))
    }

    /// The sitemap of `pagePaths` (site paths of every HTML page) and `robots.txt`; without an
    /// absolute base URL, no sitemap, and a warning that says why when the base URL is a path
    /// (`/maps/`). `/`, the default, which a new site has until its address is known, says
    /// nothing of where the site will be, so it gets none.
    func sitemapAndRobots(pagePaths: [String]) -> (files: [OutputFile], warning: String?) {
        let robots = OutputFile("robots.txt", SiteFiles.robots(config: context.config))
        let sorted = UTF8Order.sortedPositions(of: pagePaths).map { pagePaths[$0] }
        guard let sitemaps = SiteFiles.sitemaps(paths: sorted, config: context.config) else {
            let warning = context.config.baseURL == "/" ? nil : SiteFiles.noSitemapWarning(config: context.config)
            return ([robots], warning)
        }
        return (sitemaps + [robots], nil)
    }
}
