import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

/// Timings of grouping a million items; run with `MAPSITE_BENCH=1`, best in a release build.
@Suite("Group performance", .enabled(if: ProcessInfo.processInfo.environment["MAPSITE_BENCH"] != nil))
struct GroupPerformanceTests {
    @Test("a million items, three group fields, two aggregates")
    func millionItems() throws {
        let count = 1_000_000
        let config = try TestDataset.config(
            """
            source: a.csv
            group_by: [borough, block, zoning]
            aggregates: [assessed_value, sale_price]
            derived:
              - name: block
                from: address
                rule: block
            """)
        let boroughs = ["Bronx", "Brooklyn", "Manhattan", "Queens", "Staten Island"]
        let zonings = ["RSA-3", "RSA-5", "RM-1", "CMX-2", "CMX-2.5", "CMX-3", "", "RSD-3"]
        let kept = config.keptFields
        var random = SplitMix64(seed: 11)
        var addresses: [String] = []
        let items = (0..<count).map { index in
            let address =
                "\(Int.random(in: 1...9_999, using: &random)) Street \(Int.random(in: 1...200, using: &random))"
            addresses.append(address)
            let row = [
                "borough": boroughs[index % boroughs.count], "zoning": zonings[index % zonings.count],
                "address": address, "assessed_value": String(Int.random(in: 10_000...5_000_000, using: &random)),
                "sale_price": index % 10 == 0
                    ? "" : String(format: "%.2f", Double.random(in: 1...900_000, using: &random)),
            ]
            return Item(
                id: String(index), slug: String(index), title: address, point: GeoPoint(latitude: 0, longitude: 0),
                values: kept.map { row[$0] ?? "" }, origin: "")
        }
        var clock = ContinuousClock.now
        let blocks = addresses.map(DerivationRule.block.apply)
        print("block rule over \(count) addresses: \(ContinuousClock.now - clock)")
        let block = kept.firstIndex(of: "block")!
        var derivedItems = items
        for index in derivedItems.indices { derivedItems[index].values[block] = blocks[index] }
        let dataset = Dataset(config: config, items: derivedItems)
        clock = ContinuousClock.now
        let columns = NumericColumns(dataset)
        print("NumericColumns of \(count) items: \(ContinuousClock.now - clock)")
        clock = ContinuousClock.now
        for field in config.groupBy {
            _ = GroupIndex(dataset: dataset, field: field, columns: columns)
            print("GroupIndex \(field): \(ContinuousClock.now - clock)")
            clock = ContinuousClock.now
        }
        var plain = config
        plain.aggregates = []  // "block" keeps its position among the kept fields
        _ = GroupIndex(dataset: Dataset(config: plain, items: derivedItems), field: "block")
        print("GroupIndex block without aggregates: \(ContinuousClock.now - clock)")
        clock = ContinuousClock.now
        let groups = DatasetGroups(dataset)
        print("DatasetGroups of \(count) items: \(ContinuousClock.now - clock)")
        print("groups:", groups.indexes.map { "\($0.field) \($0.groups.count)" }.joined(separator: ", "))
        #expect(groups.indexes.map(\.groups.count).reduce(0, +) > 1_000)
    }
}
