import Foundation
import MapsiteGeo

extension ItemPage {
    /// Every item page lies two folders down.
    static let root = "../../"

    /// What a template sees of the page of the item at `position` (the names of
    /// `templates/item.mustache`): the page's title, heading, description and canonical URL as
    /// every page has them, then `item` and its lists, `dataset`, `nearURL`, `geoMeta` and
    /// `bodyClass`. Values are written straight into the view's bytes.
    func view(for position: Int) -> FlatView {
        let item = dataset.items[position]
        let neighbours = index.nearest(of: position)
        let config = dataset.config
        let path = ItemPage.path(dataset: config.name, slug: item.slug)
        let lat = JSONWriter.format(item.point.latitude, decimals: 6)
        let lon = JSONWriter.format(item.point.longitude, decimals: 6)
        let samePlace = index.samePlace(as: position)
        let root = Self.root

        var view = FlatView(capacity: 4096)
        view.text(.title) { context.appendTitle(item.title, to: &$0) }
        view.text(.heading, item.title)
        view.text(.description, context.description(item.description ?? "\(item.title)\(descriptionEnd)"))
        if context.config.absoluteBase != nil { view.text(.canonical) { context.appendCanonical(path, to: &$0) } }
        view.text(.nearURL) { $0.appendUTF8(nearURL, lat, "&lon=", lon) }
        view.text(.bodyClass, "item")

        view.beginObject(.item)
        view.text(.id, item.id)
        view.text(.title, item.title)
        view.text(.lat, lat)
        view.text(.lon, lon)
        view.optional(.description, item.description)
        view.optional(.image, item.image.flatMap { ItemPage.resolve($0, root: root) })
        view.optional(.thumbnail, item.thumbnail.flatMap { ItemPage.resolve($0, root: root) })
        view.beginList(.fields)
        var hasFields = false
        for (column, field) in config.fields.enumerated() where !item.values[column].isEmpty {
            let value = item.values[column]
            let hours = field.format == .hours ? WeeklyHours(value) : nil
            addField(
                field.label, field.format.format(value), link: groupLinks[field.name]?[value], hours: hours, to: &view)
            hasFields = true
        }
        for field in config.groupBy where !config.fields.contains(where: { $0.name == field }) {
            guard let column = config.keptFields.firstIndex(of: field), !item.values[column].isEmpty,
                let link = groupLinks[field]?[item.values[column]]
            else { continue }
            addField(Label.from(field), item.values[column], link: link, hours: nil, to: &view)
            hasFields = true
        }
        for measure in ItemPage.measureFields(item) {
            addField(measure.label, measure.value, link: nil, hours: nil, to: &view)
            hasFields = true
        }
        view.end()
        view.flag(.hasFields, hasFields)
        view.beginList(.directions)
        let label = Escape.urlComponent(item.title)
        for link in Directions.links {
            view.beginObject()
            view.text(.label, link.label)
            view.text(.url) { link.appendURL(lat: lat, lon: lon, label: label, to: &$0) }
            view.text(.kind, link.kind)
            view.end()
        }
        view.end()
        view.text(.jsonld) { appendJSONLD(for: item, path: path, to: &$0) }
        view.text(.data) { appendItemData(position, to: &$0) }
        view.beginList(.neighbours)
        for neighbour in neighbours { Self.addLinked(neighbour, of: own, to: &view) }
        view.end()
        view.flag(.hasNeighbours, !neighbours.isEmpty)
        view.beginList(.cross)
        for cross in crossShown {
            let table = index.cross[cross]
            view.beginObject()
            view.text(.title, table.title)
            view.beginList(.places)
            for neighbour in table.table[position] { Self.addLinked(neighbour, of: crossTargets[cross]!, to: &view) }
            view.end()
            view.end()
        }
        view.end()
        view.beginList(.samePlace)
        for other in samePlace {
            view.beginObject()
            view.text(.title) { own.titles.append(Int(other), to: &$0) }
            view.text(.url) { own.urls.append(Int(other), to: &$0) }
            view.end()
        }
        view.end()
        view.flag(.hasSamePlace, !samePlace.isEmpty)
        view.beginList(.tours)
        for stop in tourStops[position] ?? [] {
            view.beginObject()
            view.text(.title, stop.title)
            view.text(.url, stop.url)
            view.text(.number, String(stop.number))
            view.text(.count, String(stop.count))
            view.end()
        }
        view.end()
        view.end()

        view.beginObject(.dataset)
        view.text(.name, dataset.name)
        view.text(.title, datasetTitle)
        view.text(.color, datasetColor)
        view.text(.url) { $0.appendUTF8(root, dataset.name, "/") }
        view.text(.mapURL) { $0.appendUTF8(root, dataset.name, "/map/") }
        view.end()
        view.beginObject(.geoMeta)
        view.text(.position) { $0.appendUTF8(lat, ";", lon) }
        view.text(.icbm) { $0.appendUTF8(lat, ", ", lon) }
        view.end()
        view.finish()
        return view
    }

    /// A field shown: its label, its value as shown, the group page it links to, if any, and for
    /// an `hours` field its week: `hours.days` (each day's name and times) and `hours.week` and
    /// `hours.zone` for the script that works out the next time (`core/hours.js`).
    private func addField(
        _ label: String, _ value: String, link: String?, hours: WeeklyHours?, to view: inout FlatView
    ) {
        view.beginObject()
        view.text(.label, label)
        view.text(.value, value)
        if let link { view.text(.url) { $0.appendUTF8(Self.root, link) } } else { view.flag(.url, false) }
        if let hours {
            view.beginObject("hours")
            view.beginList("days")
            for (day, times) in zip(WeeklyHours.dayFullNames, hours.dayTexts) {
                view.beginObject()
                view.text("name", day)
                view.text("times", times.isEmpty ? "–" : times)
                view.end()
            }
            view.end()
            view.text("week", hours.json)
            view.optional("zone", dataset.config.timeZone)
            view.end()
        } else {
            view.flag("hours", false)
        }
        view.end()
    }

    /// A linked place of a neighbour list: its title, link, distance, compass point and degrees
    /// (false at 0 m).
    private static func addLinked(_ neighbour: Neighbour, of target: LinkTargets, to view: inout FlatView) {
        view.beginObject()
        view.text(.title) { target.titles.append(Int(neighbour.index), to: &$0) }
        view.text(.url) { target.urls.append(Int(neighbour.index), to: &$0) }
        view.text(.distance) { DistanceText.append(neighbour.distance, to: &$0) }
        // At 0 m (a place at the same spot, or a shape touching or holding the other) a direction
        // means nothing: none is given.
        let hasDirection = neighbour.distance > 0
        view.optional(.bearing, hasDirection ? DistanceText.compass(neighbour.bearing) : nil)
        view.optional(.degrees, hasDirection ? DistanceText.degrees(neighbour.bearing) : nil)
        view.end()
    }
}
