import Foundation
import MapsiteGeo

/// The view and the embedded data of one item's page.
struct ItemPage: Sendable {
    let context: SiteContext
    let dataset: Dataset
    let index: DatasetIndex
    /// Group pages by field and value, so the item's values link to their groups.
    let groupLinks: [String: [String: String]]
    /// What pages show of the items of every dataset, by name: of this one for its own
    /// neighbours, of others for cross-dataset lists.
    let targets: [String: LinkTargets]
    /// The fields of `groupLinks` in name order, with their columns among the item's values.
    let groupColumns: [(field: String, column: Int)]

    init(
        context: SiteContext, dataset: Dataset, index: DatasetIndex, groupLinks: [String: [String: String]],
        targets: [String: LinkTargets]
    ) {
        self.context = context
        self.dataset = dataset
        self.index = index
        self.groupLinks = groupLinks
        self.targets = targets
        groupColumns = groupLinks.keys.sorted().compactMap { field in
            dataset.config.keptFields.firstIndex(of: field).map { (field, $0) }
        }
    }

    static func path(dataset: String, slug: String) -> String { "\(dataset)/\(slug)/" }

    /// What an item page shows of the items it links to, by position, made once per dataset
    /// rather than once per link.
    struct LinkTargets: Sendable {
        let ids: [String]
        let titles: [String]
        let slugs: [String]
        /// Item pages all lie two folders down (`dataset/slug/`), so the link from one to
        /// another is the same from every item page: `../../dataset/slug/`.
        let urls: [String]
        /// A hash of each title and slug, for the fingerprints of the pages that link to them.
        let fingerprints: [UInt64]
        /// Each id as JSON (quoted and escaped), for the item data of the pages that list them.
        let idsJSON: [[UInt8]]

        init(_ dataset: Dataset) {
            ids = dataset.items.map(\.id)
            titles = dataset.items.map(\.title)
            slugs = dataset.items.map(\.slug)
            urls = slugs.map { "../../" + ItemPage.path(dataset: dataset.name, slug: $0) }
            idsJSON = ids.map { id in
                var bytes: [UInt8] = []
                JSONWriter.appendString(id, to: &bytes)
                return bytes
            }
            fingerprints = zip(titles, slugs).map { title, slug in
                var hasher = StableHasher()
                hasher.add(title)
                hasher.add(slug)
                return hasher.value
            }
        }

        static func of(_ datasets: [Dataset]) -> [String: LinkTargets] {
            Dictionary(uniqueKeysWithValues: datasets.map { ($0.name, LinkTargets($0)) })
        }
    }

    /// The page's own view; render it on top of `context.shared(at: path)`.
    func view(for position: Int) -> TemplateObject {
        let item = dataset.items[position]
        let config = dataset.config
        let path = Self.path(dataset: config.name, slug: item.slug)
        let root = SitePath.root(from: path)
        var view = context.page(
            at: path, title: item.title,
            description: item.description ?? "\(item.title): one of \(config.title.lowercased()).")
        let lat = JSONWriter.format(item.point.latitude, decimals: 6)
        let lon = JSONWriter.format(item.point.longitude, decimals: 6)
        var fields: [TemplateValue] = []
        for (index, field) in config.fields.enumerated() where !item.values[index].isEmpty {
            let value = item.values[index]
            fields.append([
                "label": .text(field.label), "value": .text(field.format.format(value)),
                "url": .optional(groupLinks[field.name]?[value].map { root + $0 }),
            ])
        }
        var groups: [TemplateValue] = []
        for field in config.groupBy where !config.fields.contains(where: { $0.name == field }) {
            guard let position = config.keptFields.firstIndex(of: field), !item.values[position].isEmpty,
                let link = groupLinks[field]?[item.values[position]]
            else { continue }
            groups.append([
                "label": .text(Label.from(field)), "value": .text(item.values[position]), "url": .text(root + link),
            ])
        }
        let own = targets[config.name]!
        let neighbours = links(to: own, index.neighbours[position])
        let samePlace = index.samePlace(as: position).map { other -> TemplateValue in
            ["title": .text(own.titles[Int(other)]), "url": .text(own.urls[Int(other)])]
        }
        view["item"] = .object([
            "id": .text(item.id), "title": .text(item.title), "lat": .text(lat), "lon": .text(lon),
            "fields": .list(fields + groups), "hasFields": .bool(!fields.isEmpty || !groups.isEmpty),
            "directions": .list(Directions.links(lat: lat, lon: lon, label: item.title)),
            "jsonld": .text(jsonLD(for: item, path: path)),
            "data": .text(itemData(position)),
            "neighbours": .list(neighbours), "hasNeighbours": .bool(!neighbours.isEmpty),
            "cross": .list(
                index.cross.compactMap { list in
                    guard let other = targets[list.dataset] else { return nil }
                    return [
                        "title": .text(list.title), "places": .list(links(to: other, list.table[position])),
                    ]
                }),
            "samePlace": .list(samePlace), "hasSamePlace": .bool(!samePlace.isEmpty),
            "description": .optional(item.description),
            "image": .optional(item.image.flatMap { Self.resolve($0, root: root) }),
            "thumbnail": .optional(item.thumbnail.flatMap { Self.resolve($0, root: root) }),
        ])
        view["dataset"] = [
            "name": .text(config.name), "title": .text(config.title), "url": .text(root + config.name + "/"),
            "mapURL": .text(root + config.name + "/map/"),
        ]
        view["nearURL"] = .text(root + "near/?dataset=\(config.name)&lat=\(lat)&lon=\(lon)")
        view["geoMeta"] = ["position": .text("\(lat);\(lon)"), "icbm": .text("\(lat), \(lon)")]
        view["bodyClass"] = "item"
        return view
    }

    private func links(to target: LinkTargets, _ row: ArraySlice<Neighbour>) -> [TemplateValue] {
        row.map { neighbour in
            let position = Int(neighbour.index)
            return [
                "title": .text(target.titles[position]),
                "url": .text(target.urls[position]),
                "distance": .text(DistanceText.format(neighbour.distance)),
                "bearing": .text(DistanceText.compass(neighbour.bearing)),
                "degrees": .text(DistanceText.degrees(neighbour.bearing)),
            ]
        }
    }

    /// The item as JSON inside the page: id, position and neighbour ids with distances in metres.
    /// Written byte by byte: it is made once per page, with a dozen or more neighbours.
    func itemData(_ position: Int) -> String {
        let item = dataset.items[position]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(640)
        func list(_ target: LinkTargets, _ row: ArraySlice<Neighbour>) {
            bytes.append(UInt8(ascii: "["))
            for (index, neighbour) in zip(row.indices, row) {
                if index != row.startIndex { bytes.append(UInt8(ascii: ",")) }
                bytes += #"{"id":"#.utf8
                bytes += target.idsJSON[Int(neighbour.index)]
                bytes += #","distance":"#.utf8
                JSONWriter.appendNumber(neighbour.distance, decimals: 1, to: &bytes)
                bytes += #","bearing":"#.utf8
                JSONWriter.appendNumber(neighbour.bearing, decimals: 1, to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes += #"{"dataset":"#.utf8
        JSONWriter.appendString(dataset.name, to: &bytes)
        bytes += #","id":"#.utf8
        JSONWriter.appendString(item.id, to: &bytes)
        bytes += #","lat":"#.utf8
        JSONWriter.appendNumber(item.point.latitude, decimals: 7, to: &bytes)
        bytes += #","lon":"#.utf8
        JSONWriter.appendNumber(item.point.longitude, decimals: 7, to: &bytes)
        bytes += #","neighbours":"#.utf8
        list(targets[dataset.name]!, index.neighbours[position])
        for cross in index.cross {
            guard let other = targets[cross.dataset] else { continue }
            bytes.append(UInt8(ascii: ","))
            JSONWriter.appendString("nearest_" + cross.dataset, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            list(other, cross.table[position])
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Safe image URLs: http(s) as they are; relative ones are relative to the site root.
    static func resolve(_ url: String, root: String) -> String? {
        guard let safe = SafeURL.sanitize(url) else { return nil }
        if SafeURL.isSiteRelative(safe) { return root + safe }
        return safe
    }

    /// schema.org Place with GeoCoordinates, safe inside `<script>`.
    func jsonLD(for item: Item, path: String) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("@context")
        json.string("https://schema.org")
        json.key("@type")
        json.string("Place")
        json.key("name")
        json.string(item.title)
        json.key("identifier")
        json.string(item.id)
        let absolute = context.config.absoluteBase
        if let absolute {
            json.key("url")
            json.string(absolute + path)
        }
        if let description = item.description {
            json.key("description")
            json.string(description)
        }
        if let image = item.image.flatMap({ SafeURL.sanitize($0) }) {
            if !SafeURL.isSiteRelative(image) {
                json.key("image")
                json.string(image)
            } else if let absolute {
                json.key("image")
                json.string(absolute + image)
            }
        }
        json.key("geo")
        json.beginObject()
        json.key("@type")
        json.string("GeoCoordinates")
        json.key("latitude")
        json.number(item.point.latitude, decimals: 7)
        json.key("longitude")
        json.number(item.point.longitude, decimals: 7)
        json.endObject()
        json.endObject()
        return json.text
    }
}

/// Links that open a place in map and navigation apps.
enum Directions {
    /// - Parameters: lat, lon: the coordinates as the page shows them (six decimals at most).
    static func links(lat: String, lon: String, label: String) -> [TemplateValue] {
        let name = Escape.urlComponent(label)
        return [
            ["label": "Open in a maps app", "url": "geo:\(lat),\(lon)?q=\(lat),\(lon)(\(name))", "kind": "geo"],
            [
                "label": "OpenStreetMap", "kind": "osm",
                "url": "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=18/\(lat)/\(lon)",
            ],
            [
                "label": "Google Maps directions", "kind": "google",
                "url": "https://www.google.com/maps/dir/?api=1&destination=\(lat)%2C\(lon)",
            ],
            [
                "label": "Apple Maps directions", "kind": "apple",
                "url": "https://maps.apple.com/?daddr=\(lat),\(lon)&q=\(name)",
            ],
        ]
    }
}
