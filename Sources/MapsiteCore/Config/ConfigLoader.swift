import Foundation
import Yams

/// Reads `site.yml` into a `SiteConfig`, with defaults for everything but the datasets.
public enum ConfigLoader {
    public static let fileName = "site.yml"

    /// Loads the config of the content folder `contentDirectory`.
    /// - Throws: `InputError` naming the line and key of the first wrong setting.
    public static func load(contentDirectory: String) throws -> SiteConfig {
        let path = (contentDirectory as NSString).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, expected: "a readable UTF-8 YAML file", found: "no such file")
        }
        if let problem = TextCheck.firstProblem(in: [UInt8](data)) { throw InputError(file: path, problem) }
        let text = String(decoding: data, as: UTF8.self)
        return try parse(text, file: path)
    }

    /// Parses the text of a `site.yml`; `file` is only for messages.
    public static func parse(_ text: String, file: String) throws -> SiteConfig {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw InputError(file: file, expected: "a mapping of settings", found: "an empty file")
            }
            root = node
        } catch let error as InputError {
            throw error
        } catch {
            throw ConfigNode.syntaxError(error, file: file, expected: "valid YAML")
        }
        let site = ConfigNode(file: file, path: "", node: root)
        try site.checkKeys([
            "title", "description", "base_url", "language", "contact", "basemap", "leaflet", "unsafe_html",
            "page_size", "datasets", "tours", "color", "short_name", "icon", "precompress",
        ])
        var basemap = SiteConfig.defaultBasemap
        if let map = try site.mapping("basemap") {
            try map.checkKeys(["url", "attribution", "max_zoom"])
            basemap.url = try map.string("url", default: basemap.url)
            basemap.attribution = try map.string("attribution", default: basemap.attribution)
            basemap.maxZoom = try map.int("max_zoom", in: 0...24) ?? basemap.maxZoom
        }
        let pageSize = try site.int("page_size", in: 1...100_000) ?? 200
        let datasets = try (site.sequence("datasets") ?? []).enumerated().map { index, node in
            try DatasetConfigParser.parse(
                ConfigNode(file: file, path: "datasets[\(index)]", node: node), position: index, sitePageSize: pageSize)
        }
        try checkUniqueNames(datasets, file: file)
        try checkReferences(datasets, file: file)
        let tours = try (site.sequence("tours") ?? []).enumerated().map { index, node in
            try TourConfig.parse(ConfigNode(file: file, path: "tours[\(index)]", node: node))
        }
        try checkTours(tours, datasets: datasets, file: file)
        var config = SiteConfig(
            title: try site.string("title", default: "Map"),
            description: try site.string("description", default: ""),
            baseURL: try site.string("base_url", default: "/"),
            language: try site.string("language", default: "en"),
            contact: try site.string("contact"),
            basemap: basemap,
            leaflet: try site.string("leaflet", default: "local"),
            unsafeHTML: try site.bool("unsafe_html") ?? false,
            pageSize: pageSize,
            datasets: datasets,
            tours: tours
        )
        try readApp(site, into: &config)
        return config
    }

    /// The settings of the installed site and of precompression: `color`, `short_name`, `icon`,
    /// `precompress`.
    private static func readApp(_ site: ConfigNode, into config: inout SiteConfig) throws {
        if let text = try site.string("color") {
            guard let color = MapColor.parse(text) else {
                throw site.error("color", expected: "a colour as #rgb or #rrggbb", found: site.child("color"))
            }
            config.color = color
        }
        config.shortName = try site.string("short_name")
        if let icon = try site.string("icon") {
            guard icon.lowercased().hasSuffix(".png"), !icon.hasPrefix("/"), !icon.split(separator: "/").contains("..")
            else {
                throw site.error(
                    "icon", expected: "a PNG file inside the content folder, such as images/icon.png",
                    found: site.child("icon"))
            }
            config.icon = icon
        }
        config.precompress = try site.bool("precompress") ?? false
    }

    private static func checkReferences(_ datasets: [DatasetConfig], file: String) throws {
        let names = Set(datasets.map(\.name))
        for dataset in datasets {
            for cross in dataset.crossNeighbours where !names.contains(cross.dataset) {
                throw InputError(
                    file: file, field: "key \"datasets.\(dataset.name).nearest\"",
                    expected: "the name of a dataset (\(names.sorted().joined(separator: ", ")))", found: cross.dataset)
            }
        }
    }

    /// Each tour has a name of its own and visits a dataset that exists.
    private static func checkTours(_ tours: [TourConfig], datasets: [DatasetConfig], file: String) throws {
        let names = Set(datasets.map(\.name))
        var seen = Set<String>()
        for (index, tour) in tours.enumerated() {
            if !names.contains(tour.dataset) {
                throw tour.error(
                    "dataset", index: index,
                    expected: "the name of a dataset (\(names.sorted().joined(separator: ", ")))",
                    found: tour.dataset)
            }
            if !seen.insert(tour.name).inserted {
                throw tour.error("name", index: index, expected: "a different name for each tour", found: tour.name)
            }
        }
    }

    private static func checkUniqueNames(_ datasets: [DatasetConfig], file: String) throws {
        var seen = Set<String>()
        for dataset in datasets where !seen.insert(dataset.name).inserted {
            throw InputError(
                file: file, field: "key \"datasets\"", expected: "a different name for each dataset",
                found: dataset.name)
        }
    }
}
