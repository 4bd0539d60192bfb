import Foundation
import MapsiteGeo

/// What the item pages of one dataset show, and the embedded data of each (`view(for:)`, in
/// `ItemPage+View.swift`, makes a page's view).
final class ItemPage: Sendable {
    let context: SiteContext
    let dataset: Dataset
    let index: DatasetIndex
    /// Group pages by field and value, so the item's values link to their groups.
    let groupLinks: [String: [String: String]]
    /// What pages show of the items of every dataset, by name: of this one for its own
    /// neighbours, of others for cross-dataset lists.
    let targets: [String: LinkTargets]
    /// The end of the description of an item that has none: `: one of boxes.`
    let descriptionEnd: String
    /// This dataset's link targets, and those of each of `index.cross` (nil: not a dataset).
    let own: LinkTargets
    let crossTargets: [LinkTargets?]
    /// The positions in `index.cross` of the lists pages show: those of datasets in the site.
    let crossShown: [Int]
    /// The dataset's title and colour, and the start of the link to the near-me page, up to
    /// the latitude: read on every page.
    let datasetTitle: String
    let datasetColor: String
    let nearURL: String
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
        let crossTargets = index.cross.map { targets[$0.dataset] }
        self.crossTargets = crossTargets
        crossShown = crossTargets.indices.filter { crossTargets[$0] != nil }
        datasetTitle = dataset.config.title
        datasetColor = dataset.config.color
        nearURL = Self.root + "near/?dataset=" + dataset.name + "&lat="
        descriptionEnd = ": one of \(dataset.config.title.lowercased())."
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

        init(_ dataset: Dataset) {
            let name = dataset.name
            // Titles and links on one thread, ids on another; items are read in place, not copied out.
            ((titles, urls), idsJSON) = dataset.items.withUnsafeBufferPointer { items in
                TwoHalves.both(
                    {
                        (
                            TextTable(count: items.count) { $1 += ShownText.cut(items[$0].title).utf8 },
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
        }

        static func of(_ datasets: [Dataset]) -> [String: LinkTargets] {
            Dictionary(uniqueKeysWithValues: datasets.map { ($0.name, LinkTargets($0)) })
        }
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
        list(own, index.nearest(of: position))
        for (cross, other) in zip(index.cross, crossTargets) {
            guard let other else { continue }
            bytes.append(UInt8(ascii: ","))
            JSONWriter.appendString("nearest_" + cross.dataset, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            list(other, cross.table[position])
        }
        Self.appendShapeData(dataset.items[position], to: &bytes)
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
        // A place with a shape (`ItemPage+Shape.swift`) has a list: its GeoCoordinates, then its GeoShape.
        bytes += (item.geometry == nil ? #","geo":"# : #","geo":["#).utf8
        bytes += #"{"@type":"GeoCoordinates","latitude":"#.utf8
        JSONWriter.appendNumber(item.point.latitude, decimals: 7, to: &bytes)
        bytes += #","longitude":"#.utf8
        JSONWriter.appendNumber(item.point.longitude, decimals: 7, to: &bytes)
        bytes += "}".utf8
        if item.geometry != nil {
            Self.appendGeoShape(item, to: &bytes)
            bytes += "]".utf8
        }
        bytes += "}".utf8
    }
}

/// Links that open a place in map and navigation apps.
struct Directions {
    /// Google Maps' directions to a place: this, then `lat%2Clon`.
    static let googleDirections = "https://www.google.com/maps/dir/?api=1&destination="

    /// The links of every item page, in order.
    static let links = [
        Directions(label: "Open in a maps app", kind: "geo"), Directions(label: "OpenStreetMap", kind: "osm"),
        Directions(label: "Google Maps directions", kind: "google"),
        Directions(label: "Apple Maps directions", kind: "apple"),
    ]

    let label: String
    let kind: String

    /// Appends the link to the place at `lat`, `lon` (as the page shows them: six decimals at
    /// most), named `label` (escaped as a URL component) where the app shows a name.
    func appendURL(lat: String, lon: String, label: String, to bytes: inout [UInt8]) {
        switch kind {
        case "geo":
            bytes.appendUTF8("geo:", lat, ",", lon, "?q=", lat, ",", lon, "(", label, ")")
        case "osm":
            bytes.appendUTF8("https://www.openstreetmap.org/?mlat=", lat, "&mlon=", lon, "#map=18/", lat, "/", lon)
        case "google":
            bytes.appendUTF8(Self.googleDirections, lat, "%2C", lon)
        default:
            bytes.appendUTF8("https://maps.apple.com/?daddr=", lat, ",", lon, "&q=", label)
        }
    }
}
