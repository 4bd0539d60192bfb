import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

/// A site with one dataset of five stops along a street, `S1` to `S5` out of order in the file,
/// and the given `tours:` block.
private func site(_ tours: String) throws -> (SiteConfig, [Dataset]) {
    let yaml = """
        datasets:
          - name: stops
            source: stops.csv
            id: id
            item_title: name
            latitude: lat
            longitude: lon
        tours:
        \(tours)
        """
    let config = try ConfigLoader.parse(yaml, file: "content/site.yml")
    let data = """
        id,name,lat,lon
        S3,Third <stop>,41.8830,-87.6300
        S1,First,41.8810,-87.6300
        S5,Fifth,41.8850,-87.6300
        S2,Second,41.8820,-87.6300
        S4,Fourth,41.8840,-87.6300
        """
    let dataset = try withTemporaryDirectory { directory in
        try writeFiles(["stops.csv": data], in: directory)
        return try DatasetLoader.load(config.datasets[0], contentDirectory: directory, displayDirectory: "content")
    }
    return (config, [dataset])
}

private func plannedIDs(_ tours: String) throws -> [[String]] {
    let (config, datasets) = try site(tours)
    return try TourPlans.plan(config.tours, datasets: datasets).map { tour in
        tour.stops.map { datasets[0].items[$0].id }
    }
}

private func planErrors(_ tours: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    let (config, datasets) = try site(tours)
    let failure = #expect(throws: InputErrors.self, sourceLocation: sourceLocation) {
        try TourPlans.plan(config.tours, datasets: datasets)
    }
    return failure?.errors.map(\.description) ?? []
}

private func configError(_ tours: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    #expect(throws: InputError.self, sourceLocation: sourceLocation) { try site(tours) }?.description
}

@Suite("Tours")
struct TourTests {
    @Test("a tour's settings and their defaults") func settings() throws {
        let (config, _) = try site(
            """
              - title: Along the street
                dataset: stops
              - name: back
                dataset: stops
                description: There and back.
                stops: [S2, S4]
                start: S4
                loop: true
            """)
        #expect(config.tours.map(\.name) == ["along-the-street", "back"])
        #expect(config.tours[0].title == "Along the street")
        #expect(config.tours[0].stops == nil)
        #expect(config.tours[0].start == nil)
        #expect(config.tours[0].loop == false)
        #expect(config.tours[1].title == "back")
        #expect(config.tours[1].description == "There and back.")
        #expect(config.tours[1].stops == ["S2", "S4"])
        #expect(config.tours[1].start == "S4")
        #expect(config.tours[1].loop)
    }

    @Test("places along a street are visited from one end to the other") func order() throws {
        #expect(try plannedIDs("  - {title: Walk, dataset: stops}") == [["S1", "S2", "S3", "S4", "S5"]])
        #expect(try plannedIDs("  - {title: Walk, dataset: stops, start: S3}") == [["S3", "S2", "S1", "S4", "S5"]])
        let loop = try plannedIDs("  - {title: Walk, dataset: stops, start: S4, loop: true, stops: [S1, S4, S5]}")
        #expect(loop.count == 1 && loop[0].first == "S4" && Set(loop[0]) == ["S1", "S4", "S5"])
    }

    @Test("ids that are no place, listed twice, or a start not among the stops, each named")
    func badIDs() throws {
        let errors = try planErrors(
            """
              - title: Walk
                dataset: stops
                stops: [S1, S9, S1]
                start: S5
            """)
        #expect(
            errors == [
                #"content/site.yml:11: key "tours[0].stops": expected the id of a place of stops, found "S9""#,
                #"content/site.yml:11: key "tours[0].stops": expected each place once, found "S1""#,
                #"content/site.yml:12: key "tours[0].start": expected the id of one of the tour's places, found "S5""#,
            ])
    }

    @Test("settings that cannot be a tour") func badSettings() {
        #expect(
            configError("  - title: Walk")
                == #"content/site.yml:9: key "tours[0].dataset": expected the name of the dataset whose places the tour visits"#
        )
        #expect(
            configError("  - {title: Walk, dataset: boxes}")
                == #"content/site.yml:9: key "tours[0].dataset": expected the name of a dataset (stops), found "boxes""#
        )
        #expect(
            configError("  - {dataset: stops}")
                == #"content/site.yml:9: key "tours[0].title": expected a title (or a name) for the tour"#)
        #expect(
            configError("  - {title: Walk, dataset: stops}\n  - {title: Walk, dataset: stops}")
                == #"content/site.yml:10: key "tours[1].name": expected a different name for each tour, found "walk""#)
        #expect(
            configError("  - {title: Walk, dataset: stops, stops: S1}")
                == #"content/site.yml:9: key "tours[0].stops": expected a list, found "S1""#)
        #expect(
            configError("  - {title: Walk, dataset: stops, stops: []}")
                == #"content/site.yml:9: key "tours[0].stops": expected 1 to 500 ids of places, found "a list""#)
        #expect(
            configError("  - {title: Walk, dataset: stops, colour: red}")?.contains("expected one of name, title")
                == true)
    }

    @Test("how much longer than the shortest a tour not proven shortest can be, rounded up")
    func gap() throws {
        let (config, datasets) = try site("  - {title: Walk, dataset: stops}")
        let planned = try TourPlans.plan(config.tours, datasets: datasets)[0]
        #expect(planned.isExact && planned.bound == planned.length, "five stops: proven")
        func gap(_ length: Double, _ bound: Double) -> String? {
            TourPages.gap(PlannedTour(config: planned.config, stops: [], legs: [length], isExact: false, bound: bound))
        }
        #expect(gap(1004, 1000) == "0.4%")
        #expect(gap(1004.5, 1000) == "0.5%", "0.45% shows as 0.5%, never less than it is")
        #expect(gap(1010, 1000) == "1.0%")
        #expect(gap(1000.000001, 1000) == "0.1%", "a gap of nearly nothing is still not none")
        #expect(gap(1250, 1000) == "25.0%")
        #expect(gap(1000, 0) == nil, "no bound to tell")
        #expect(TourPages.gap(planned) == nil, "a proven tour")
    }

    @Test("the GPX route: escaped names, no control characters, a loop ends at its start") func gpx() throws {
        let (config, datasets) = try site(
            "  - {title: \"A & B\", dataset: stops, stops: [S1, S3], start: S1, loop: true}")
        let tours = try TourPlans.plan(config.tours, datasets: datasets)
        let context = SiteContext(config: config, menu: [], datasets: [])
        let pages = TourPages(context: context, tours: tours, datasets: ["stops": datasets[0]])
        let gpx = pages.gpx(tours[0])
        #expect(gpx.contains("<name>A &amp; B</name>"))
        #expect(gpx.contains("<name>Third &lt;stop&gt;</name>"))
        let points = gpx.components(separatedBy: "<rtept ").dropFirst().map { $0.prefix(36) }
        #expect(points.count == 3)
        #expect(points.first == points.last)
        #expect(TourPages.xml("a\u{1}b\u{7f}\tc") == "ab\u{7f}\tc")
    }
}
