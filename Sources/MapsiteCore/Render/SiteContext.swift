import Foundation

/// What every page's view shares: site settings, menu, datasets, asset URLs.
///
/// The shared part depends only on the page's way back to the root (`../../`), so it is built
/// once per depth and reused by every page at that depth; each page adds a small view of its
/// own on top (`page(at:title:description:)`).
public struct SiteContext: Sendable {
    public struct MenuEntry: Sendable {
        public var title: String
        public var path: String
    }

    public struct DatasetEntry: Sendable {
        public var name: String
        public var title: String
        public var description: String
        public var count: Int
        /// The colour of its markers on maps, `#rrggbb`.
        public var color: String
    }

    public var config: SiteConfig
    public var menu: [MenuEntry]
    public var datasets: [DatasetEntry]
    /// The fingerprinted names of the files under `assets/`.
    public var assets: AssetNames
    private let cache = SharedViewCache()

    public init(config: SiteConfig, menu: [MenuEntry], datasets: [DatasetEntry], assets: AssetNames = AssetNames()) {
        self.config = config
        self.menu = menu
        self.datasets = datasets
        self.assets = assets
    }

    /// The view key of a file of the theme's `assets/`: `assets/page/group-map.js` is `page_group_map_js`.
    static func assetKey(_ path: String) -> String {
        String(path.dropFirst(AssetNames.folder.count).map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The shared view for a page at site path `path`, with links relative to it.
    public func shared(at path: String) -> SharedView {
        let current = menu.contains { $0.path == path } ? path : nil
        return shared(root: SitePath.root(from: path), current: current)
    }

    /// The shared view with every link starting with `root` (relative `../`, or a base path such
    /// as `/demo/` for the 404 page); `current` marks a menu entry.
    public func shared(root: String, current: String?) -> SharedView {
        let key = root + "\n" + (current ?? "")
        if let cached = cache.value(for: key) { return SharedView(key: key, value: cached) }
        let value = makeShared(root: root, current: current)
        cache.store(value, for: key)
        return SharedView(key: key, value: value)
    }

    /// The part of a page's view that is its own: titles, description, canonical URL.
    public func page(at path: String, title: String?, description: String? = nil) -> TemplateObject {
        var view = FlatView()
        addPage(at: path, title: title, description: description, to: &view)
        view.finish()
        return view.object
    }

    /// Adds what `page(at:title:description:)` gives to a view built flat.
    func addPage(at path: String, title: String?, description: String?, to view: inout FlatView) {
        view.text(.title) { appendTitle(title, to: &$0) }
        view.text(.heading, title ?? config.title)
        view.optional(.description, self.description(description))  // false when neither has one
        if config.absoluteBase != nil { view.text(.canonical) { appendCanonical(path, to: &$0) } }
    }

    /// A page's title: its own, then the site's (`Boxes · Places`).
    func appendTitle(_ title: String?, to bytes: inout [UInt8]) {
        if let title {
            bytes += title.utf8
            bytes += " · ".utf8
        }
        bytes += config.title.utf8
    }

    /// A page's description, or else the site's (empty when it has none).
    func description(_ description: String?) -> String {
        if let description, !description.isEmpty { description } else { config.description }
    }

    /// The page's address on the web, when the site's is known (`absoluteBase`).
    func appendCanonical(_ path: String, to bytes: inout [UInt8]) {
        guard let absolute = config.absoluteBase else { return }
        bytes += absolute.utf8
        bytes += path.utf8
    }

    private func makeShared(root: String, current: String?) -> TemplateValue {
        let link: (String) -> String = { target in
            let url = root + target
            return url.isEmpty ? "./" : url
        }
        var site: TemplateObject = [
            "title": .text(config.title), "description": .optional(config.description),
        ]
        site["color"] = .text(config.color)
        site["touchIcon"] = .text(root + AppFiles.iconFolder + (config.icon == nil ? "icon-192.png" : "icon.png"))
        site["contact"] = .optional(config.contact.flatMap { SafeURL.sanitize($0, allowing: ["mailto"]) })
        // Leaflet's files: the minified builds, fingerprinted, when copied from Debian; the names
        // Leaflet's own dist has in a URL's folder.
        let local = config.leaflet == "local"
        let folder = config.leaflet.hasSuffix("/") ? config.leaflet : config.leaflet + "/"
        let leaflet: (String, String) -> TemplateValue = { name, minified in
            .text(local ? root + assets.path(of: "assets/leaflet/" + minified) : folder + name)
        }
        var files: TemplateObject = [
            "css": .text(root + assets.path(of: "assets/mapsite.css")),
            "leafletCSS": leaflet("leaflet.css", "leaflet.css"),
            "leafletJS": leaflet("leaflet.js", "leaflet.min.js"),
            "clusterCSS": leaflet("MarkerCluster.css", "MarkerCluster.css"),
            "clusterDefaultCSS": leaflet("MarkerCluster.Default.css", "MarkerCluster.Default.css"),
            "clusterJS": leaflet("leaflet.markercluster.js", "leaflet.markercluster.min.js"),
        ]
        // Each module's imports, for `<link rel="modulepreload">`: `{{#assets.preload.page_map_js}}{{url}}…`
        // lists what page/map.js loads by static imports, `assets.preloadAll` by `import()` too.
        var preload: TemplateObject = [:]
        var preloadAll: TemplateObject = [:]
        for (path, renamed) in assets.paths.sorted(by: { $0.key < $1.key })
        where !path.hasPrefix(AssetNames.folder + "leaflet/") {
            files[Self.assetKey(path)] = .text(root + renamed)
            guard AssetNames.isModule(path) else { continue }
            let urls: (Bool) -> TemplateValue = { dynamic in
                .list(
                    assets.moduleClosure(of: path, dynamic: dynamic).map { ["url": .text(root + assets.path(of: $0))] })
            }
            preload[Self.assetKey(path)] = urls(false)
            preloadAll[Self.assetKey(path)] = urls(true)
        }
        files["preload"] = .object(preload)
        // The bundles a page carries inline: `{{{assets.inline.page_filter_preload_js}}}`.
        files["inline"] = .object(
            TemplateObject(assets.inline.sorted { $0.key < $1.key }.map { (Self.assetKey($0.key), .text($0.value)) }))
        files["preloadAll"] = .object(preloadAll)
        return .object([
            "root": .text(root.isEmpty ? "./" : root),
            "language": .text(config.language),
            "site": .object(site),
            "menu": .list(
                menu.map { entry in
                    [
                        "title": .text(entry.title), "url": .text(link(entry.path)),
                        "current": .bool(entry.path == current),
                    ]
                }),
            "datasets": .list(
                datasets.map { entry in
                    [
                        "name": .text(entry.name), "title": .text(entry.title),
                        "description": .optional(entry.description),
                        "count": .text(NumberText.grouped(entry.count)), "url": .text(link(entry.name + "/")),
                        "color": .text(entry.color),
                        "mapURL": .text(link(entry.name + "/map/")),
                        "geojsonURL": .text(link("downloads/\(entry.name).geojson")),
                        "csvURL": .text(link("downloads/\(entry.name).csv")),
                    ]
                }),
            "assets": .object(files),
            "basemap": [
                "url": .text(config.basemap.url), "attribution": .text(config.basemap.attribution),
                "maxZoom": .text(String(config.basemap.maxZoom)),
            ],
        ])
    }
}

/// Shared views by root and current page, filled as pages ask for them; safe across threads.
final class SharedViewCache: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: TemplateValue] = [:]

    func value(for key: String) -> TemplateValue? { lock.withLock { values[key] } }
    func store(_ value: TemplateValue, for key: String) { lock.withLock { values[key] = value } }
}
