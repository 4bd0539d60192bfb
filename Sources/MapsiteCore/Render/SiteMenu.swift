import Foundation

/// The site's menu: the map, near-me, tours and favourites pages, the Markdown pages with a
/// `menu` number in that order, then the About page.
enum SiteMenu {
    static func entries(_ pages: [Page], datasets: [Dataset], tours: Bool = false) -> [SiteContext.MenuEntry] {
        var fixed: [SiteContext.MenuEntry] = []
        if !datasets.isEmpty {
            fixed.append(.init(title: "Map", path: datasets.count == 1 ? "\(datasets[0].name)/map/" : "map/"))
            fixed.append(.init(title: "Near me", path: "near/"))
        }
        if tours { fixed.append(.init(title: "Tours", path: TourPages.indexPath)) }
        if !datasets.isEmpty { fixed.append(.init(title: "Favourites", path: MapPages.favouritesPath)) }
        var entries = pages.filter { $0.frontMatter.menu != nil }
            .sorted { ($0.frontMatter.menu!, $0.path) < ($1.frontMatter.menu!, $1.path) }
        if let about = pages.first(where: { $0.source == "README.md" }), !entries.contains(about) {
            entries.append(about)
        }
        return fixed + entries.map { .init(title: $0.source == "README.md" ? "About" : $0.title, path: $0.path) }
    }
}
