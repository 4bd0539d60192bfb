import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

private let places = """
    id,title,latitude,longitude,area
    1,West one,0.5,0.5,old
    2,On the border,0.5,1,old
    3,East one,0.5,1.5,old
    4,East two,0.25,1.75,
    5,Far away,5,5,old
    6,In the park,0.4,2.6,
    7,On the park's edge,0.5,2.5,
    """

private func regions() throws -> RegionSet {
    try RegionFiles.load(
        RegionFiles.collection([
            RegionFiles.feature("West", rings: [RegionFiles.square(0, 0)]),
            RegionFiles.feature("East", rings: [RegionFiles.square(1, 0)]),
            RegionFiles.feature(
                "Parkside",
                rings: [RegionFiles.square(2, 0), "[[2.25, 0.25], [2.75, 0.25], [2.75, 0.75], [2.25, 0.25]]"]),
        ]))
}

@Suite("RegionJoin")
struct RegionJoinTests {
    @Test("each item's region, counts per region, and the items in none") func join() throws {
        let dataset = try TestDataset.load(places, "source: places.csv\nid: id")
        let join = RegionJoin.join(dataset, with: try regions())
        #expect(dataset.items.map(\.id) == ["1", "2", "3", "4", "5", "6", "7"])
        #expect(join.regionOfItem == [0, 0, 1, 1, -1, -1, 2])
        #expect(join.counts == [2, 2, 1])
        #expect(join.unassigned == 2)
        #expect(join.names(in: try regions()) == ["West", "West", "East", "East", "", "", "Parkside"])
    }

    @Test("the warning names the dataset, the count and the first items") func warning() throws {
        let dataset = try TestDataset.load(places, "source: places.csv\nid: id")
        let set = try regions()
        let join = RegionJoin.join(dataset, with: set)
        #expect(
            join.warning(for: dataset, regions: set)
                == "places: 2 of 7 items lie in no region of content/regions.geojson (id 5, 6)")
        let inside = Dataset(config: dataset.config, items: Array(dataset.items.prefix(3)))
        #expect(RegionJoin.join(inside, with: set).warning(for: inside, regions: set) == nil)
    }

    @Test("the region field gets the names when the dataset keeps it, replacing the data's values")
    func applied() throws {
        let yaml = """
            source: places.csv
            id: id
            fields: [title, area]
            regions:
              source: regions.geojson
              field: area
            """
        let dataset = try TestDataset.load(places, yaml)
        let set = try regions()
        let labelled = RegionJoin.join(dataset, with: set).applied(to: dataset, regions: set)
        #expect(labelled.items.map { $0.values[1] } == ["West", "West", "East", "East", "", "", "Parkside"])
        #expect(labelled.items.map { $0.values[0] } == dataset.items.map { $0.values[0] })

        let unkept = try TestDataset.load(places, yaml.replacingOccurrences(of: "[title, area]", with: "[title]"))
        #expect(RegionJoin.join(unkept, with: set).applied(to: unkept, regions: set).items == unkept.items)
    }

    @Test("a line or polygon lies in the region that holds its representative point, not its centre")
    func shapes() throws {
        // A square frame with a hole, and a line bent around that hole: the centres of both lie in
        // the region "Hole", every point of either in the region "Frame" around it.
        let frame = "[[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9], [0.1, 0.1]]"
        let courtyard = "[[0.3, 0.3], [0.3, 0.7], [0.7, 0.7], [0.7, 0.3], [0.3, 0.3]]"
        func feature(_ id: String, _ geometry: String) -> String {
            #"{"type": "Feature", "properties": {"id": "\#(id)", "title": "\#(id)"}, "geometry": \#(geometry)}"#
        }
        let places = RegionFiles.collection([
            feature("frame", #"{"type": "Polygon", "coordinates": [\#(frame), \#(courtyard)]}"#),
            feature("bend", #"{"type": "LineString", "coordinates": [[0.2, 0.2], [0.2, 0.8], [0.8, 0.8]]}"#),
            feature("middle", #"{"type": "Point", "coordinates": [0.5, 0.5]}"#),
        ])
        let set = try RegionFiles.load(
            RegionFiles.collection([
                RegionFiles.feature("Hole", rings: [RegionFiles.square(0.4, 0.4, size: 0.2)]),
                RegionFiles.feature(
                    "Frame", rings: [RegionFiles.square(0, 0), RegionFiles.square(0.4, 0.4, size: 0.2)]),
            ]))
        let dataset = try TestDataset.load(places, "source: places.geojson\nid: id")
        let names = RegionJoin.join(dataset, with: set).names(in: set)
        let region = Dictionary(uniqueKeysWithValues: zip(dataset.items.map(\.id), names))
        #expect(region == ["frame": "Frame", "bend": "Frame", "middle": "Hole"])
        #expect(dataset.items.filter { $0.geometry != nil }.map(\.id).sorted() == ["bend", "frame"])
    }

    @Test("an empty dataset joins to nothing") func empty() throws {
        let set = try regions()
        let dataset = Dataset(config: try TestDataset.config("source: places.csv"), items: [])
        let join = RegionJoin.join(dataset, with: set)
        #expect(join == RegionJoin(regionOfItem: [], counts: [0, 0, 0], unassigned: 0))
    }
}
