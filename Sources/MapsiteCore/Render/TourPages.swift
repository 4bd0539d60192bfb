import Foundation
import MapsiteGeo

/// The pages of `tours:`: an index at `tours/`, and for each tour a page at `tours/<name>/` with
/// its stops in order, a map of the way and boxes to tick stops off, and the route as GPX.
struct TourPages {
    static let indexPath = "tours/"

    let context: SiteContext
    let tours: [PlannedTour]
    let datasets: [String: Dataset]

    static func path(_ tour: TourConfig) -> String { indexPath + tour.name + "/" }

    /// Renders the index and every tour's page and GPX file into `pages`.
    func render(into pages: inout PageSet) throws {
        guard !tours.isEmpty else { return }
        try pages.addPage(indexView(), at: Self.indexPath, template: "tours")
        for tour in tours {
            let path = Self.path(tour.config)
            try pages.addPage(view(tour, at: path), at: path, template: "tour")
            pages.addFile(path + tour.config.name + ".gpx", gpx(tour))
        }
    }

    private func indexView() -> TemplateObject {
        let root = SitePath.root(from: Self.indexPath)
        var view = context.page(at: Self.indexPath, title: "Tours")
        view["tours"] = .list(
            tours.map { tour in
                let dataset = datasets[tour.config.dataset]!
                return [
                    "title": .text(tour.config.title), "description": .optional(tour.config.description),
                    "url": .text(tour.config.name + "/"), "count": .text(NumberText.grouped(tour.stops.count)),
                    "length": .text(DistanceText.format(tour.length)), "loop": .bool(tour.config.loop),
                    "dataset": ["title": .text(dataset.config.title), "url": .text(root + dataset.name + "/")],
                ]
            })
        view["bodyClass"] = "tours"
        return view
    }

    private func view(_ tour: PlannedTour, at path: String) -> TemplateObject {
        let root = SitePath.root(from: path)
        let dataset = datasets[tour.config.dataset]!
        let items = dataset.items
        var view = context.page(
            at: path, title: tour.config.title,
            description: tour.config.description.isEmpty ? nil : tour.config.description)
        let stops: [TemplateValue] = tour.stops.enumerated().map { number, position in
            let item = items[position]
            let lat = JSONWriter.format(item.point.latitude, decimals: 6)
            let lon = JSONWriter.format(item.point.longitude, decimals: 6)
            return [
                "number": .text(String(number + 1)), "id": .text(item.id), "title": .text(item.title),
                "url": .text(root + ItemPage.path(dataset: dataset.name, slug: item.slug)),
                "lat": .text(lat), "lon": .text(lon),
                "leg": .optional(number == 0 ? nil : DistanceText.format(tour.legs[number - 1])),
                "legMetres": .text(number == 0 ? "0" : JSONWriter.format(tour.legs[number - 1], decimals: 1)),
                "directions": .text(Directions.googleDirections + lat + "%2C" + lon),
                "thumbnail": .optional(item.thumbnail.flatMap { ItemPage.resolve($0, root: root) }),
            ]
        }
        let back: TemplateValue =
            tour.config.loop && tour.stops.count > 1
            ? [
                "title": .text(items[tour.stops[0]].title),
                "leg": .text(DistanceText.format(tour.legs[tour.legs.count - 1])),
                "legMetres": .text(JSONWriter.format(tour.legs[tour.legs.count - 1], decimals: 1)),
            ] : false
        view["tour"] = [
            "name": .text(tour.config.name), "title": .text(tour.config.title),
            "description": .optional(tour.config.description),
            "count": .text(NumberText.grouped(tour.stops.count)), "length": .text(DistanceText.format(tour.length)),
            "metres": .text(JSONWriter.format(tour.length, decimals: 1)), "loop": .bool(tour.config.loop),
            "exact": .bool(tour.isExact), "gap": .optional(Self.gap(tour)),
            "stops": .list(stops), "back": back,
            "gpxURL": .text(tour.config.name + ".gpx"),
        ]
        view["dataset"] = DatasetLinks.view(dataset, root: root)
        view["toursURL"] = .text(root + Self.indexPath)
        view["bodyClass"] = "tour"
        return view
    }

    /// How much longer than the shortest possible a tour not proven shortest can be, as a
    /// percentage rounded up to a tenth ("0.4%"); nil for a proven tour, or without a bound to tell.
    static func gap(_ tour: PlannedTour) -> String? {
        guard !tour.isExact, tour.bound > 0, tour.length >= tour.bound else { return nil }
        let tenths = (tour.length / tour.bound - 1) * 1000
        // Rounded up, so that the page never claims less than the bound shows; a hair over a
        // whole tenth from floating point is not a tenth more.
        let shown = max(1, Int((tenths - 1e-9).rounded(.up)))
        return "\(shown / 10).\(shown % 10)%"
    }

    /// The tour as a GPX 1.1 route, for navigation apps and GPS devices.
    func gpx(_ tour: PlannedTour) -> String {
        let dataset = datasets[tour.config.dataset]!
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<gpx version=\"1.1\" creator=\"mapsite\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        text += "  <rte>\n    <name>\(Self.xml(tour.config.title))</name>\n"
        var points = tour.stops
        if tour.config.loop, let first = points.first, points.count > 1 { points.append(first) }
        for position in points {
            let item = dataset.items[position]
            let lat = JSONWriter.format(item.point.latitude, decimals: 7)
            let lon = JSONWriter.format(item.point.longitude, decimals: 7)
            text += "    <rtept lat=\"\(lat)\" lon=\"\(lon)\"><name>\(Self.xml(item.title))</name></rtept>\n"
        }
        return text + "  </rte>\n</gpx>\n"
    }

    /// Text for XML: escaped, without the control characters XML 1.0 does not allow.
    static func xml(_ text: String) -> String {
        Escape.html(String(text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" || $0 == "\r" }))
    }
}
