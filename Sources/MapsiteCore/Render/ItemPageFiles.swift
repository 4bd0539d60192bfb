import Foundation
import MapsiteGeo

/// The item pages of one dataset, rendered only when the writer asks for them, in Web Mercator
/// Z-order (`SpatialOrder`: near places one after another, so that the neighbours a page shows
/// are mostly still in the cache from the pages before it).
struct ItemPageFiles: DeferredFiles {
    let page: ItemPage
    let templates: TemplateLibrary
    /// Positions of the dataset's items, in the order their pages are made.
    let order: [Int32]
    /// The site path of each page, in that order.
    private let paths: [String]
    /// A fingerprint of what every page shares (`SiteFingerprint`).
    private let site: UInt64
    /// Every item page lies two folders down, so they share one view, unless the menu links to
    /// the page (then the view marks it as the current entry).
    private let shared: SharedView
    private let ownViews: [Int: SharedView]

    init(page: ItemPage, templates: TemplateLibrary) {
        let (context, dataset) = (page.context, page.dataset)
        self.page = page
        self.templates = templates
        order = SpatialOrder.positions(of: dataset.items.map(\.point))
        let folders = order.map { ItemPage.path(dataset: dataset.name, slug: dataset.items[Int($0)].slug) }
        paths = folders.map { $0 + "index.html" }
        site = SiteFingerprint.make(templates: templates, context: context)
        shared = context.shared(at: ItemPage.path(dataset: dataset.name, slug: "item"))
        let menuPaths = Set(context.menu.map(\.path))
        ownViews = Dictionary(
            uniqueKeysWithValues: folders.indices.filter { menuPaths.contains(folders[$0]) }.map {
                ($0, context.shared(at: folders[$0]))
            })
    }

    var name: String { page.dataset.name + " items" }
    var count: Int { order.count }

    func path(_ number: Int) -> String { paths[number] }

    func inputs(_ number: Int) -> UInt64 { page.fingerprint(Int(order[number]), site: site) }

    func bytes(_ number: Int) throws -> [UInt8] {
        try templates.renderPage(
            page.view(for: Int(order[number])), over: ownViews[number] ?? shared,
            withTemplate: "item")
    }
}
