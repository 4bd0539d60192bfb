import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

@Suite("The regions map file of a region field's index page")
struct RegionsMapFileTests {
    static let yaml = """
        name: homes
        title: Homes
        source: homes.csv
        item_title: name
        latitude: lat
        longitude: lon
        regions: {source: regions.geojson, name: name, field: area}
        group_by: [area]
        aggregates:
          - field: price
            label: Price
            format: currency
            stats: [count, median]
        """

    @Test(
        "each region in the index's order (regions without places last), with its outline, its page and the index table's numbers; no number is null"
    )
    func features() throws {
        let dataset = try GroupedDataset.make(
            Self.yaml,
            rows: [
                ["area": "North", "price": "100"], ["area": "North", "price": "300"],
                ["area": "North", "price": "250"],
                ["area": "East <&>", "price": "n/a"],
            ])
        let regions = try RegionFiles.load(
            RegionFiles.collection([
                RegionFiles.feature("North", rings: [RegionFiles.square(0, 0)]),
                RegionFiles.feature("East <&>", rings: [RegionFiles.square(2, 0)]),
                RegionFiles.feature("Empty", rings: [RegionFiles.square(4, 0, size: 0.5)]),
            ]), config: RegionsConfig(source: "regions.geojson", nameProperty: "name", field: "area"))
        let index = try #require(DatasetGroups(dataset).index(of: "area"))
        let groups = GroupPages.pages(of: index, dataset: dataset, regions: regions)
        let shapes = Dictionary(uniqueKeysWithValues: regions.regions.map { ($0.name, $0.shape) })
        let json = RegionsMapFile.json(
            groups: groups, base: "homes/by/area/", shapes: shapes, columns: GroupPages.indexColumns(of: dataset))
        #expect(!json.contains("<") && !json.contains(">"))
        let file = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(file["type"] as? String == "FeatureCollection")
        #expect(file["v"] as? Int == RegionsMapFile.formatVersion)
        #expect(file["columns"] as? [String] == ["Places", "Median price"])
        let features = try #require(file["features"] as? [[String: Any]])
        let properties = features.compactMap { $0["properties"] as? [String: Any] }
        #expect(properties.map { $0["name"] as? String } == ["East <&>", "North", "Empty"])
        #expect(
            properties.map { $0["url"] as? String } == [
                "homes/by/area/east/", "homes/by/area/north/", "homes/by/area/empty/",
            ])
        let values = properties.map { ($0["values"] as? [Any])?.map { $0 as? Double } }
        #expect(values == [[1, nil], [3, 250], [0, nil]])
        #expect(properties.map { $0["texts"] as? [String] } == [["1", "–"], ["3", "$250"], ["0", "–"]])
        // The outline: one polygon, one ring, closed, as longitude then latitude.
        let geometry = try #require(features[1]["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "MultiPolygon")
        let ring = (geometry["coordinates"] as? [[[[Double]]]])?.first?.first
        #expect(ring?.first == [0, 0] && ring?.last == [0, 0] && ring?.count == 5)
    }
}

@Suite("The regions map's outlines, snapped to a grid")
struct RegionsMapGridTests {
    @Test("shared borders stay shared, vertices closer than a step merge, a tiny ring keeps its own")
    func snapping() throws {
        // Two squares side by side whose shared border wiggles by far less than a step.
        let wiggle = (0...80).map { GeoPoint(latitude: Double($0) / 80, longitude: 1 + 1e-6 * Double($0 % 2)) }
        let west = Polygon(
            rings: [
                [GeoPoint(latitude: 0, longitude: 0)] + wiggle
                    + [GeoPoint(latitude: 1, longitude: 0), GeoPoint(latitude: 0, longitude: 0)]
            ])
        let east = Polygon(
            rings: [
                wiggle + [GeoPoint(latitude: 1, longitude: 2), GeoPoint(latitude: 0, longitude: 2), wiggle[0]]
            ])
        let tiny = Polygon(
            rings: [
                [
                    GeoPoint(latitude: 0.5, longitude: 0.5), GeoPoint(latitude: 0.5, longitude: 0.5000001),
                    GeoPoint(latitude: 0.5000001, longitude: 0.5), GeoPoint(latitude: 0.5, longitude: 0.5),
                ]
            ])
        let shapes = [MultiPolygon(west), MultiPolygon(east), MultiPolygon(tiny)]
        let grid = try #require(RegionsMapFile.Grid(shapes.compactMap(\.bounds), steps: 100))
        #expect(grid.step == 0.02)
        let snapped = shapes.map { grid.snapped($0).polygons[0].rings[0] }
        // The border: 81 vertices 0.0125 apart become one per grid cell they fall in, the same in both.
        let border = snapped[0].filter { $0.longitude > 0.5 }
        #expect(border.count < wiggle.count && border.count > 20)
        #expect(Array(snapped[1].prefix(border.count)) == border)
        #expect(border.allSatisfy { abs($0.longitude - 1) < 1e-12 })
        // No vertex repeats the one before it, and the rings stay closed.
        for ring in snapped.prefix(2) {
            #expect(zip(ring, ring.dropFirst()).allSatisfy { $0 != $1 })
            #expect(ring.first == ring.last)
        }
        #expect(snapped[2] == tiny.rings[0])
    }
}
