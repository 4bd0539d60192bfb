import Foundation
import MapsiteGeo

extension ItemPage {
    /// The values of an item page, numbered for its `PageShape`.
    enum Slot: Int32 {
        case title, heading, description, canonical, nearURL, bodyClass
        case id, itemTitle, lat, lon, hasFields, jsonld, data, hasNeighbours, hasSamePlace
        case itemDescription, image, thumbnail
        case fields, fieldLabel, fieldValue, fieldURL
        case directions, directionLabel, directionURL, directionKind
        case neighbours, neighbourTitle, neighbourURL, neighbourDistance, neighbourBearing, neighbourDegrees
        case cross, crossTitle, places, placeTitle, placeURL, placeDistance, placeBearing, placeDegrees
        case samePlace, samePlaceTitle, samePlaceURL
        case tours, tourTitle, tourURL, tourNumber, tourCount
        case datasetName, datasetTitle, datasetColor, datasetURL, datasetMapURL
        case geoPosition, geoICBM
    }

    /// What a template sees of an item page (the names of `templates/item.mustache`): the page's
    /// title, heading, description and canonical URL as every page has them, then `item` and its
    /// lists, `dataset`, `nearURL`, `geoMeta` and `bodyClass`.
    static func shape(canonical: Bool) -> PageShape {
        func value(_ slot: Slot) -> PageShape.Member { .value(slot.rawValue) }
        func list(_ slot: Slot, _ members: [(ViewName, PageShape.Member)]) -> PageShape.Member {
            .list(slot.rawValue, of: PageShape.Object(members))
        }
        func linked(_ title: Slot, _ url: Slot, _ distance: Slot, _ bearing: Slot, _ degrees: Slot)
            -> [(ViewName, PageShape.Member)]
        {
            [
                (.title, value(title)), (.url, value(url)), (.distance, value(distance)), (.bearing, value(bearing)),
                (.degrees, value(degrees)),
            ]
        }
        let item = PageShape.Object([
            (.id, value(.id)), (.title, value(.itemTitle)), (.lat, value(.lat)), (.lon, value(.lon)),
            (
                .fields,
                list(.fields, [(.label, value(.fieldLabel)), (.value, value(.fieldValue)), (.url, value(.fieldURL))])
            ),
            (.hasFields, value(.hasFields)),
            (
                .directions,
                list(
                    .directions,
                    [(.label, value(.directionLabel)), (.url, value(.directionURL)), (.kind, value(.directionKind))])
            ),
            (.jsonld, value(.jsonld)), (.data, value(.data)),
            (
                .neighbours,
                list(
                    .neighbours,
                    linked(.neighbourTitle, .neighbourURL, .neighbourDistance, .neighbourBearing, .neighbourDegrees))
            ),
            (.hasNeighbours, value(.hasNeighbours)),
            (
                .cross,
                list(
                    .cross,
                    [
                        (.title, value(.crossTitle)),
                        (
                            .places,
                            list(.places, linked(.placeTitle, .placeURL, .placeDistance, .placeBearing, .placeDegrees))
                        ),
                    ])
            ),
            (.samePlace, list(.samePlace, [(.title, value(.samePlaceTitle)), (.url, value(.samePlaceURL))])),
            (.hasSamePlace, value(.hasSamePlace)),
            (
                .tours,
                list(
                    .tours,
                    [
                        (.title, value(.tourTitle)), (.url, value(.tourURL)), (.number, value(.tourNumber)),
                        (.count, value(.tourCount)),
                    ])
            ),
            (.description, value(.itemDescription)), (.image, value(.image)), (.thumbnail, value(.thumbnail)),
        ])
        let dataset = PageShape.Object([
            (.name, value(.datasetName)), (.title, value(.datasetTitle)), (.color, value(.datasetColor)),
            (.url, value(.datasetURL)), (.mapURL, value(.datasetMapURL)),
        ])
        var root: [(ViewName, PageShape.Member)] = [
            (.title, value(.title)), (.heading, value(.heading)), (.description, value(.description)),
            (.item, .object(item)), (.dataset, .object(dataset)), (.nearURL, value(.nearURL)),
            (.geoMeta, .object(PageShape.Object([(.position, value(.geoPosition)), (.icbm, value(.geoICBM))]))),
            (.bodyClass, value(.bodyClass)),
        ]
        if canonical { root.append((.canonical, value(.canonical))) }
        return PageShape(root: PageShape.Object(root), key: canonical ? "item+canonical" : "item")
    }

    /// The page of the item at `position`, ready to render against `shape`.
    func source(for position: Int) -> Source {
        Source(page: self, position: position)
    }

    /// What the page of one item shows, slot by slot. What more than one slot needs (the
    /// coordinates as shown, the fields with values, the other places at the same spot) is
    /// worked out once, when it is made.
    struct Source: PageSource {
        let page: ItemPage
        let position: Int
        let item: Item
        let neighbours: ArraySlice<Neighbour>
        /// The page's folder: `dataset/slug/`.
        let path: String
        /// The coordinates as the page shows them, six decimals at most.
        let lat: String
        let lon: String
        /// The fields shown: label, value as shown, and the group page it links to, if any.
        let fields: [(label: String, value: String, link: String?)]
        let samePlace: [Int32]
        /// The title as the directions links give it (`Escape.urlComponent`).
        let directionsLabel: String

        /// Every item page lies two folders down.
        static let root = "../../"

        init(page: ItemPage, position: Int) {
            self.page = page
            self.position = position
            let item = page.dataset.items[position]
            self.item = item
            neighbours = page.index.neighbours[position]
            let config = page.dataset.config
            path = ItemPage.path(dataset: config.name, slug: item.slug)
            lat = JSONWriter.format(item.point.latitude, decimals: 6)
            lon = JSONWriter.format(item.point.longitude, decimals: 6)
            var fields: [(label: String, value: String, link: String?)] = []
            for (index, field) in config.fields.enumerated() where !item.values[index].isEmpty {
                let value = item.values[index]
                fields.append((field.label, field.format.format(value), page.groupLinks[field.name]?[value]))
            }
            for field in config.groupBy where !config.fields.contains(where: { $0.name == field }) {
                guard let column = config.keptFields.firstIndex(of: field), !item.values[column].isEmpty,
                    let link = page.groupLinks[field]?[item.values[column]]
                else { continue }
                fields.append((Label.from(field), item.values[column], link))
            }
            self.fields = fields + ItemPage.measureFields(item)
            samePlace = page.index.samePlace(as: position)
            directionsLabel = Escape.urlComponent(item.title)
        }

        func count(_ slot: Int32, at indices: SlotIndices) -> Int {
            switch Slot(rawValue: slot) {
            case .fields: fields.count
            case .directions: Directions.links.count
            case .neighbours: neighbours.count
            case .cross: page.crossShown.count
            case .places: page.index.cross[page.crossShown[indices[0]]].table[position].count
            case .samePlace: samePlace.count
            case .tours: page.tourStops[position]?.count ?? 0
            default: preconditionFailure("slot \(slot) is not a list of item pages")
            }
        }

        func isTruthy(_ slot: Int32, at indices: SlotIndices) -> Bool {
            switch Slot(rawValue: slot) {
            case .hasFields: return !fields.isEmpty
            case .hasNeighbours: return !neighbours.isEmpty
            case .hasSamePlace: return !samePlace.isEmpty
            case .fieldURL: return fields[indices[0]].link != nil
            case .itemDescription: return !(item.description ?? "").isEmpty
            case .image: return !(item.image.flatMap { ItemPage.resolve($0, root: Self.root) } ?? "").isEmpty
            case .thumbnail: return !(item.thumbnail.flatMap { ItemPage.resolve($0, root: Self.root) } ?? "").isEmpty
            default:
                var bytes: [UInt8] = []
                append(slot, at: indices, to: &bytes)
                return !bytes.isEmpty
            }
        }

        func append(_ slot: Int32, at indices: SlotIndices, to bytes: inout [UInt8]) {
            switch Slot(rawValue: slot)! {
            case .title: page.context.appendTitle(item.title, to: &bytes)
            case .heading: bytes += item.title.utf8
            case .description:
                bytes += page.context.description(item.description ?? "\(item.title)\(page.descriptionEnd)").utf8
            case .canonical: page.context.appendCanonical(path, to: &bytes)
            case .nearURL: bytes.appendUTF8(page.nearURL, lat, "&lon=", lon)
            case .bodyClass: bytes += "item".utf8
            case .id: bytes += item.id.utf8
            case .itemTitle: bytes += item.title.utf8
            case .lat: bytes += lat.utf8
            case .lon: bytes += lon.utf8
            case .hasFields: Self.appendFlag(!fields.isEmpty, to: &bytes)
            case .jsonld: page.appendJSONLD(for: item, path: path, to: &bytes)
            case .data: page.appendItemData(position, to: &bytes)
            case .hasNeighbours: Self.appendFlag(!neighbours.isEmpty, to: &bytes)
            case .hasSamePlace: Self.appendFlag(!samePlace.isEmpty, to: &bytes)
            case .itemDescription: if let description = item.description { bytes += description.utf8 }
            case .image: Self.appendImage(item.image, to: &bytes)
            case .thumbnail: Self.appendImage(item.thumbnail, to: &bytes)
            case .fieldLabel: bytes += fields[indices[0]].label.utf8
            case .fieldValue: bytes += fields[indices[0]].value.utf8
            case .fieldURL: if let link = fields[indices[0]].link { bytes.appendUTF8(Self.root, link) }
            case .directionLabel: bytes += Directions.links[indices[0]].label.utf8
            case .directionKind: bytes += Directions.links[indices[0]].kind.utf8
            case .directionURL:
                Directions.links[indices[0]].appendURL(lat: lat, lon: lon, label: directionsLabel, to: &bytes)
            case .neighbourTitle, .neighbourURL, .neighbourDistance, .neighbourBearing, .neighbourDegrees:
                Self.append(slot, of: neighbours[neighbours.startIndex + indices[0]], in: page.own, to: &bytes)
            case .crossTitle: bytes += page.index.cross[page.crossShown[indices[0]]].title.utf8
            case .placeTitle, .placeURL, .placeDistance, .placeBearing, .placeDegrees:
                let cross = page.crossShown[indices[0]]
                let row = page.index.cross[cross].table[position]
                Self.append(slot, of: row[row.startIndex + indices[1]], in: page.crossTargets[cross]!, to: &bytes)
            case .samePlaceTitle: page.own.titles.append(Int(samePlace[indices[0]]), to: &bytes)
            case .samePlaceURL: page.own.urls.append(Int(samePlace[indices[0]]), to: &bytes)
            case .tourTitle: bytes += page.tourStops[position]![indices[0]].title.utf8
            case .tourURL: bytes += page.tourStops[position]![indices[0]].url.utf8
            case .tourNumber: bytes += String(page.tourStops[position]![indices[0]].number).utf8
            case .tourCount: bytes += String(page.tourStops[position]![indices[0]].count).utf8
            case .datasetName: bytes += page.dataset.name.utf8
            case .datasetTitle: bytes += page.datasetTitle.utf8
            case .datasetColor: bytes += page.datasetColor.utf8
            case .datasetURL: bytes.appendUTF8(Self.root, page.dataset.name, "/")
            case .datasetMapURL: bytes.appendUTF8(Self.root, page.dataset.name, "/map/")
            case .geoPosition: bytes.appendUTF8(lat, ";", lon)
            case .geoICBM: bytes.appendUTF8(lat, ", ", lon)
            case .fields, .directions, .neighbours, .cross, .places, .samePlace, .tours:
                preconditionFailure("slot \(slot) of item pages is a list")
            }
        }

        /// A linked place of a neighbour list: its title, link, distance, compass point or degrees.
        private static func append(
            _ slot: Int32, of neighbour: Neighbour, in target: LinkTargets, to bytes: inout [UInt8]
        ) {
            switch Slot(rawValue: slot)! {
            case .neighbourTitle, .placeTitle: target.titles.append(Int(neighbour.index), to: &bytes)
            case .neighbourURL, .placeURL: target.urls.append(Int(neighbour.index), to: &bytes)
            case .neighbourDistance, .placeDistance: DistanceText.append(neighbour.distance, to: &bytes)
            case .neighbourBearing, .placeBearing: bytes += DistanceText.compass(neighbour.bearing).utf8
            default: bytes += DistanceText.degrees(neighbour.bearing).utf8
            }
        }

        private static func appendFlag(_ flag: Bool, to bytes: inout [UInt8]) {
            if flag { bytes += "true".utf8 }
        }

        /// A safe image URL (`ItemPage.resolve`), or nothing.
        private static func appendImage(_ url: String?, to bytes: inout [UInt8]) {
            if let url, let resolved = ItemPage.resolve(url, root: root) { bytes += resolved.utf8 }
        }
    }
}
