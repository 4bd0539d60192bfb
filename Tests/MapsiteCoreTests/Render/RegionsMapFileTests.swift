import Foundation
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
