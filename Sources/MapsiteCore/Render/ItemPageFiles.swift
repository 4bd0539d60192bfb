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
    /// Every item page lies two folders down, so they share one view, unless the menu links to
    /// the page (then the view marks it as the current entry); each with the seed of the
    /// fingerprints of the pages rendered over it (`ItemPageFingerprint`).
    private let shared: (view: SharedView, seed: UInt64)
    private let ownViews: [Int: (view: SharedView, seed: UInt64)]
    /// Tells this set's views from another's in `LastView`.
    private let token = Token()

    init(page: ItemPage, templates: TemplateLibrary) {
        let (context, dataset) = (page.context, page.dataset)
        self.page = page
        self.templates = templates
        order = SpatialOrder.positions(of: dataset.items.map(\.point))
        let folders = order.map { ItemPage.path(dataset: dataset.name, slug: dataset.items[Int($0)].slug) }
        paths = folders.map { $0 + "index.html" }
        let sharedView = context.shared(at: ItemPage.path(dataset: dataset.name, slug: "item"))
        shared = (sharedView, ItemPageFingerprint.seed(templates: templates, shared: sharedView))
        let menuPaths = Set(context.menu.map(\.path))
        ownViews = Dictionary(
            uniqueKeysWithValues: folders.indices.filter { menuPaths.contains(folders[$0]) }.map {
                let view = context.shared(at: folders[$0])
                return ($0, (view, ItemPageFingerprint.seed(templates: templates, shared: view)))
            })
    }

    var name: String { page.dataset.name + " items" }
    var count: Int { order.count }

    func path(_ number: Int) -> String { paths[number] }

    /// A hash of the page's view and of what it is rendered over: the view is made here and kept
    /// for `bytes(_:)`, which the writer calls next on the same thread unless it keeps the page.
    func inputs(_ number: Int) -> UInt64 {
        let view = page.view(for: Int(order[number]))
        LastView.onThisThread.keep(view, of: number, in: token)
        return view.fingerprint(seed: (ownViews[number] ?? shared).seed)
    }

    func bytes(_ number: Int) throws -> [UInt8] {
        let view = LastView.onThisThread.take(number, in: token) ?? page.view(for: Int(order[number]))
        return try templates.renderPage(view, over: (ownViews[number] ?? shared).view, withTemplate: "item")
    }

    final class Token: Sendable {}
}

/// The item page view a thread made last, for its fingerprint, kept until the page is rendered.
final class LastView {
    private var token: ItemPageFiles.Token?
    private var number = -1
    private var view: FlatView?

    func keep(_ view: FlatView, of number: Int, in token: ItemPageFiles.Token) {
        (self.view, self.number, self.token) = (view, number, token)
    }

    /// The view of page `number` of the set of `token`, if it is the one kept; it is kept no more.
    func take(_ number: Int, in token: ItemPageFiles.Token) -> FlatView? {
        guard number == self.number, token === self.token, let view else { return nil }
        (self.view, self.number, self.token) = (nil, -1, nil)
        return view
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<LastView>.fromOpaque(pointer).release() }
        }
        return key
    }()

    /// This thread's own, made the first time it asks.
    static var onThisThread: LastView {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<LastView>.fromOpaque(pointer).takeUnretainedValue()
        }
        let made = LastView()
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return made
    }
}
