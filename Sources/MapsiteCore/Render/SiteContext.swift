import Foundation

/// What every page's view shares: site settings, menu, datasets, asset URLs. Built once per build;
/// `view(at:title:)` makes the part of a page's view that depends on where the page is.
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
    }

    public var config: SiteConfig
    public var menu: [MenuEntry]
    public var datasets: [DatasetEntry]
    public var generator = "mapsite"

    /// The common part of the view of the page at site path `path`.
    public func view(at path: String, title: String?, description: String? = nil) -> [String: Any] {
        let root = SitePath.root(from: path)
        let base = root.isEmpty ? "./" : root
        var view: [String: Any] = [
            "root": base,
            "site": siteView,
            "title": title.map { "\($0) · \(config.title)" } ?? config.title,
            "heading": title ?? config.title,
            "description": [description, config.description].compactMap { $0 }.first { !$0.isEmpty } ?? false,
            "language": config.language,
            "menu": menu.map { entry in
                ["title": entry.title, "url": SitePath.link(from: path, to: entry.path), "current": entry.path == path]
            },
            "datasets": datasets.map { entry in
                [
                    "name": entry.name, "title": entry.title,
                    "description": entry.description.isEmpty ? false : entry.description,
                    "count": NumberText.grouped(entry.count), "url": SitePath.link(from: path, to: entry.name + "/"),
                    "mapURL": SitePath.link(from: path, to: entry.name + "/map/"),
                    "geojsonURL": SitePath.link(from: path, to: "downloads/\(entry.name).geojson"),
                    "csvURL": SitePath.link(from: path, to: "downloads/\(entry.name).csv"),
                ] as [String: Any]
            },
            "assets": assets(root: root),
            "basemap": [
                "url": config.basemap.url, "attribution": config.basemap.attribution,
                "maxZoom": config.basemap.maxZoom,
            ] as [String: Any],
        ]
        if let absolute = config.absoluteBase { view["canonical"] = absolute + path }
        return view
    }

    private var siteView: [String: Any] {
        var site: [String: Any] = ["title": config.title, "description": config.description]
        if let contact = config.contact.flatMap({ SafeURL.sanitize($0, allowing: ["mailto"]) }) {
            site["contact"] = contact
        }
        return site
    }

    private func assets(root: String) -> [String: Any] {
        let leaflet =
            config.leaflet == "local"
            ? root + "assets/leaflet/" : config.leaflet.hasSuffix("/") ? config.leaflet : config.leaflet + "/"
        return [
            "css": root + "assets/mapsite.css",
            "js": root + "assets/mapsite.js",
            "leafletCSS": leaflet + "leaflet.css",
            "leafletJS": leaflet + "leaflet.js",
            "clusterCSS": leaflet + "MarkerCluster.css",
            "clusterDefaultCSS": leaflet + "MarkerCluster.Default.css",
            "clusterJS": leaflet + "leaflet.markercluster.js",
        ]
    }
}

/// Numbers as people read them.
public enum NumberText {
    /// `1204` → `1,204`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }

    /// Seconds with two decimals: `0.05 s`.
    public static func seconds(_ value: Double) -> String {
        String(format: "%.2f s", value)
    }
}
