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
    /// The end of the description of an item that has none: `: one of boxes.`
    let descriptionEnd: String
    /// This dataset's link targets, and those of each of `index.cross` (nil: not a dataset).
    let own: LinkTargets
    let crossTargets: [LinkTargets?]
    /// The tours each item is a stop of, by position; most items are on none.
    let tourStops: [Int: [TourStop]]

    /// An item's place on a tour, as its page shows it: "Stop 3 of 30 on Saturday route".
    struct TourStop: Sendable {
        let title: String
        /// The tour's page, from the item's page.
        let url: String
        let number: Int
        let count: Int
    }

    init(
        context: SiteContext, dataset: Dataset, index: DatasetIndex, groupLinks: [String: [String: String]],
        targets: [String: LinkTargets], tours: [PlannedTour] = []
    ) {
        var tourStops: [Int: [TourStop]] = [:]
        for tour in tours where tour.config.dataset == dataset.name {
            for (number, position) in tour.stops.enumerated() {
                tourStops[position, default: []].append(
                    TourStop(
                        title: tour.config.title, url: "../../" + TourPages.path(tour.config), number: number + 1,
                        count: tour.stops.count))
            }
        }
        self.tourStops = tourStops
        self.context = context
        self.dataset = dataset
        self.index = index
        self.groupLinks = groupLinks
        self.targets = targets
        own = targets[dataset.name]!
        crossTargets = index.cross.map { targets[$0.dataset] }
        descriptionEnd = ": one of \(dataset.config.title.lowercased())."
        groupColumns = groupLinks.keys.sorted().compactMap { field in
            dataset.config.keptFields.firstIndex(of: field).map { (field, $0) }
        }
    }

    static func path(dataset: String, slug: String) -> String { "\(dataset)/\(slug)/" }

    /// What an item page shows of the items it links to, by position, made once per dataset
    /// rather than once per link, in tables every rendering thread reads (`TextTable`).
    struct LinkTargets: Sendable {
        let titles: TextTable
        /// Item pages all lie two folders down (`dataset/slug/`), so the link from one to
        /// another is the same from every item page: `../../dataset/slug/`.
        let urls: TextTable
        /// Each id as JSON (quoted and escaped), for the item data of the pages that list them.
        let idsJSON: TextTable
        /// A hash of each title and slug, for the fingerprints of the pages that link to them.
        let fingerprints: [UInt64]

        init(_ dataset: Dataset) {
            let name = dataset.name
            // Titles and links on one thread, ids on another; items are read in place, not copied out.
            ((titles, urls), idsJSON) = dataset.items.withUnsafeBufferPointer { items in
                TwoHalves.both(
                    {
                        (
                            TextTable(count: items.count) { $1 += items[$0].title.utf8 },
                            TextTable(count: items.count) { position, bytes in
                                bytes += "../../".utf8
                                bytes += name.utf8
                                bytes.append(UInt8(ascii: "/"))
                                bytes += items[position].slug.utf8
                                bytes.append(UInt8(ascii: "/"))
                            }
                        )
                    }, { TextTable(count: items.count) { JSONWriter.appendString(items[$0].id, to: &$1) } })
            }
            fingerprints = dataset.items.withUnsafeBufferPointer { items in
                TwoHalves.map(count: items.count) { position in
                    var hasher = StableHasher()
                    hasher.add(items[position].title)
                    hasher.add(items[position].slug)
                    return hasher.value
                }
            }
        }

        static func of(_ datasets: [Dataset]) -> [String: LinkTargets] {
            Dictionary(uniqueKeysWithValues: datasets.map { ($0.name, LinkTargets($0)) })
        }
    }

    /// The page's own view, finished; render it on top of `context.shared(at: path)`. It is
    /// built flat, straight into bytes: every item of the site gets one.
    func view(for position: Int) -> FlatView {
        let item = dataset.items[position]
        let config = dataset.config
        let path = Self.path(dataset: config.name, slug: item.slug)
        let root = SitePath.root(from: path)
        var view = FlatView(capacity: 4096)
        context.addPage(
            at: path, title: item.title, description: item.description ?? "\(item.title)\(descriptionEnd)", to: &view)
        let lat = JSONWriter.format(item.point.latitude, decimals: 6)
        let lon = JSONWriter.format(item.point.longitude, decimals: 6)
        view.beginObject(.item)
        view.text(.id, item.id)
        view.text(.title, item.title)
        view.text(.lat, lat)
        view.text(.lon, lon)
        view.beginList(.fields)
        var hasFields = false
        for (index, field) in config.fields.enumerated() where !item.values[index].isEmpty {
            let value = item.values[index]
            view.beginObject()
            view.text(.label, field.label)
            view.text(.value, field.format.format(value))
            link(.url, root: root, to: groupLinks[field.name]?[value], in: &view)
            view.end()
            hasFields = true
        }
        for field in config.groupBy where !config.fields.contains(where: { $0.name == field }) {
            guard let position = config.keptFields.firstIndex(of: field), !item.values[position].isEmpty,
                let link = groupLinks[field]?[item.values[position]]
            else { continue }
            view.beginObject()
            view.text(.label, Label.from(field))
            view.text(.value, item.values[position])
            self.link(.url, root: root, to: link, in: &view)
            view.end()
            hasFields = true
        }
        view.end()
        view.flag(.hasFields, hasFields)
        Directions.add(lat: lat, lon: lon, label: item.title, to: &view)
        view.text(.jsonld) { appendJSONLD(for: item, path: path, to: &$0) }
        view.text(.data) { appendItemData(position, to: &$0) }
        let neighbours = index.neighbours[position]
        links(.neighbours, to: own, neighbours, in: &view)
        view.flag(.hasNeighbours, !neighbours.isEmpty)
        view.beginList(.cross)
        for (list, other) in zip(index.cross, crossTargets) {
            guard let other else { continue }
            view.beginObject()
            view.text(.title, list.title)
            links(.places, to: other, list.table[position], in: &view)
            view.end()
        }
        view.end()
        let samePlace = index.samePlace(as: position)
        view.beginList(.samePlace)
        for other in samePlace {
            view.beginObject()
            view.text(.title) { own.titles.append(Int(other), to: &$0) }
            view.text(.url) { own.urls.append(Int(other), to: &$0) }
            view.end()
        }
        view.end()
        view.flag(.hasSamePlace, !samePlace.isEmpty)
        if let stops = tourStops[position] {
            view.beginList(.tours)
            for stop in stops {
                view.beginObject()
                view.text(.title, stop.title)
                view.text(.url, stop.url)
                view.text(.number, String(stop.number))
                view.text(.count, String(stop.count))
                view.end()
            }
            view.end()
        }
        view.optional(.description, item.description)
        view.optional(.image, item.image.flatMap { Self.resolve($0, root: root) })
        view.optional(.thumbnail, item.thumbnail.flatMap { Self.resolve($0, root: root) })
        view.end()
        view.beginObject(.dataset)
        view.text(.name, config.name)
        view.text(.title, config.title)
        view.text(.color, config.color)
        view.text(.url) { $0.appendUTF8(root, config.name, "/") }
        view.text(.mapURL) { $0.appendUTF8(root, config.name, "/map/") }
        view.end()
        view.text(.nearURL) { $0.appendUTF8(root, "near/?dataset=", config.name, "&lat=", lat, "&lon=", lon) }
        view.beginObject(.geoMeta)
        view.text(.position) { $0.appendUTF8(lat, ";", lon) }
        view.text(.icbm) { $0.appendUTF8(lat, ", ", lon) }
        view.end()
        view.text(.bodyClass, "item")
        view.finish()
        return view
    }

    /// `root + target` when there is a target, else false (so sections hide it).
    private func link(_ name: ViewName, root: String, to target: String?, in view: inout FlatView) {
        guard let target else { return view.flag(name, false) }
        view.text(name) { $0.appendUTF8(root, target) }
    }

    /// A list of linked places with their distance and bearing.
    private func links(
        _ name: ViewName, to target: LinkTargets, _ row: ArraySlice<Neighbour>, in view: inout FlatView
    ) {
        view.beginList(name)
        for neighbour in row {
            let position = Int(neighbour.index)
            view.beginObject()
            view.text(.title) { target.titles.append(position, to: &$0) }
            view.text(.url) { target.urls.append(position, to: &$0) }
            view.text(.distance) { DistanceText.append(neighbour.distance, to: &$0) }
            view.text(.bearing, DistanceText.compass(neighbour.bearing))
            view.text(.degrees, DistanceText.degrees(neighbour.bearing))
            view.end()
        }
        view.end()
    }

    /// Appends the item as JSON inside the page: id, position, the thumbnail's URL when there is a
    /// safe one (http(s), or relative to the site root; the favourites list shows it) and neighbour
    /// ids with distances in metres. Written byte by byte: it is made once per page, with a dozen
    /// or more neighbours.
    func appendItemData(_ position: Int, to bytes: inout [UInt8]) {
        func list(_ target: LinkTargets, _ row: ArraySlice<Neighbour>) {
            bytes.append(UInt8(ascii: "["))
            for (index, neighbour) in zip(row.indices, row) {
                if index != row.startIndex { bytes.append(UInt8(ascii: ",")) }
                bytes += #"{"id":"#.utf8
                target.idsJSON.append(Int(neighbour.index), to: &bytes)
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
        own.idsJSON.append(position, to: &bytes)
        let point = dataset.items[position].point
        bytes += #","lat":"#.utf8
        JSONWriter.appendNumber(point.latitude, decimals: 7, to: &bytes)
        bytes += #","lon":"#.utf8
        JSONWriter.appendNumber(point.longitude, decimals: 7, to: &bytes)
        if let thumbnail = dataset.items[position].thumbnail.flatMap({ SafeURL.sanitize($0) }) {
            bytes += #","thumbnail":"#.utf8
            JSONWriter.appendString(thumbnail, to: &bytes)
        }
        bytes += #","neighbours":"#.utf8
        list(own, index.neighbours[position])
        for (cross, other) in zip(index.cross, crossTargets) {
            guard let other else { continue }
            bytes.append(UInt8(ascii: ","))
            JSONWriter.appendString("nearest_" + cross.dataset, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            list(other, cross.table[position])
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Safe image URLs: http(s) as they are; relative ones are relative to the site root.
    static func resolve(_ url: String, root: String) -> String? {
        guard let safe = SafeURL.sanitize(url) else { return nil }
        if SafeURL.isSiteRelative(safe) { return root + safe }
        return safe
    }

    /// Appends the item as a schema.org Place with GeoCoordinates, safe inside `<script>`.
    /// Written byte by byte, as `appendItemData`.
    func appendJSONLD(for item: Item, path: String, to bytes: inout [UInt8]) {
        func member(_ key: StaticString, _ value: String) {
            bytes.append(UInt8(ascii: ","))
            key.withUTF8Buffer { bytes.append(contentsOf: $0) }
            JSONWriter.appendString(value, to: &bytes)
        }
        bytes += #"{"@context":"https://schema.org","@type":"Place""#.utf8
        member(#""name":"#, item.title)
        member(#""identifier":"#, item.id)
        let absolute = context.config.absoluteBase
        if let absolute { member(#""url":"#, absolute + path) }
        if let description = item.description { member(#""description":"#, description) }
        if let image = item.image.flatMap({ SafeURL.sanitize($0) }) {
            if !SafeURL.isSiteRelative(image) {
                member(#""image":"#, image)
            } else if let absolute {
                member(#""image":"#, absolute + image)
            }
        }
        bytes += #","geo":{"@type":"GeoCoordinates","latitude":"#.utf8
        JSONWriter.appendNumber(item.point.latitude, decimals: 7, to: &bytes)
        bytes += #","longitude":"#.utf8
        JSONWriter.appendNumber(item.point.longitude, decimals: 7, to: &bytes)
        bytes += "}}".utf8
    }
}

/// Links that open a place in map and navigation apps.
enum Directions {
    /// Google Maps' directions to a place: this, then `lat%2Clon`.
    static let googleDirections = "https://www.google.com/maps/dir/?api=1&destination="

    /// Adds the list `directions`: each link's label, URL and kind.
    /// - Parameters: lat, lon: the coordinates as the page shows them (six decimals at most).
    static func add(lat: String, lon: String, label: String, to view: inout FlatView) {
        let name = Escape.urlComponent(label)
        func link(_ label: String, _ kind: String, _ url: (inout [UInt8]) -> Void) {
            view.beginObject()
            view.text(.label, label)
            view.text(.url, url)
            view.text(.kind, kind)
            view.end()
        }
        view.beginList(.directions)
        link("Open in a maps app", "geo") { $0.appendUTF8("geo:", lat, ",", lon, "?q=", lat, ",", lon, "(", name, ")") }
        link("OpenStreetMap", "osm") {
            $0.appendUTF8("https://www.openstreetmap.org/?mlat=", lat, "&mlon=", lon, "#map=18/", lat, "/", lon)
        }
        link("Google Maps directions", "google") {
            $0.appendUTF8(googleDirections, lat, "%2C", lon)
        }
        link("Apple Maps directions", "apple") {
            $0.appendUTF8("https://maps.apple.com/?daddr=", lat, ",", lon, "&q=", name)
        }
        view.end()
    }
}
