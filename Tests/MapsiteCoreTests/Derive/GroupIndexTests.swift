import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

private let byBorough = """
    source: a.csv
    group_by: [borough]
    aggregates: [price]
    """

private func index(_ values: [String], yaml: String = byBorough) throws -> GroupIndex {
    let dataset = try GroupedDataset.make(yaml, rows: values.map { ["borough": $0] })
    return try #require(DatasetGroups(dataset).index(of: "borough"))
}

@Suite("GroupIndex")
struct GroupIndexTests {
    @Test("groups list their items in item order; empty values are ungrouped")
    func members() throws {
        let index = try index(["Bronx", "Queens", "", "Bronx", " Queens ", "  ", "Bronx"])
        #expect(index.field == "borough")
        #expect(index.groups.map(\.value) == ["Bronx", "Queens"])
        #expect(index.groups.map(\.members) == [[0, 3, 6], [1, 4]])
        #expect(index.groups.map(\.count) == [3, 2])
        #expect(index.ungrouped == [2, 5])
        #expect(index.group(slug: "queens")?.value == "Queens")
        #expect(index.group(slug: "manhattan") == nil)
    }

    @Test("groups are in natural order")
    func naturalOrder() throws {
        let values = ["Block 10", "block 9", "Block 2", "Block 02", "B", "b", "Block 100a", "Block 100", "10", "9"]
        #expect(
            try index(values).groups.map(\.value) == [
                "9", "10", "B", "b", "Block 02", "Block 2", "block 9", "Block 10", "Block 100", "Block 100a",
            ])
    }

    @Test("slugs are unique and safe, whatever the values")
    func hostileSlugs() throws {
        let values = hostileTitles + ["Bronx", "bronx", "BRONX", "bronx 2", "Bronx!", "page", "map", "group"]
        let index = try index(values)
        let slugs = index.groups.map(\.slug)
        #expect(Set(slugs).count == slugs.count)
        for slug in slugs {
            #expect(Slug.isSafe(slug), "\(slug)")
            #expect(!GroupSlugs.reserved.contains(slug), "\(slug)")
        }
        let slugOf = Dictionary(uniqueKeysWithValues: index.groups.map { ($0.value, $0.slug) })
        #expect(slugOf["BRONX"] == "bronx")
        #expect(slugOf["Bronx"] == "bronx-2")
        #expect(slugOf["bronx"] == "bronx-3")
        #expect(slugOf["bronx 2"] == "bronx-2-2")
        #expect(slugOf["Bronx!"] == "bronx-4")
        #expect(slugOf["page"] == "page-2")
        #expect(slugOf["../../etc"] == "etc")
        #expect(index.ungrouped.count == 2)  // "" and " "
    }

    @Test("slugs do not depend on the order of the items")
    func stableSlugs() throws {
        var random = SplitMix64(seed: 3)
        let values = hostileTitles + ["Bronx", "bronx", "BRONX", "日本", "中国"]
        let first = try index(values).groups.map { [$0.value, $0.slug] }
        for _ in 0..<5 {
            #expect(try index(values.shuffled(using: &random)).groups.map { [$0.value, $0.slug] } == first)
        }
    }

    @Test("sorting by count, by a statistic and by name")
    func sorting() throws {
        let rows: [[String: String]] = [
            ["borough": "Queens", "price": "300"], ["borough": "Bronx", "price": "100"],
            ["borough": "Bronx", "price": "500"], ["borough": "Brooklyn", "price": "n/a"],
            ["borough": "Manhattan", "price": "900"], ["borough": "Staten Island", "price": "300"],
        ]
        let index = try #require(DatasetGroups(GroupedDataset.make(byBorough, rows: rows)).index(of: "borough"))
        let names = { (groups: [GroupIndex.Group]) in groups.map(\.value) }
        #expect(
            names(index.sorted(by: .name, descending: false)) == [
                "Bronx", "Brooklyn", "Manhattan", "Queens", "Staten Island",
            ])
        #expect(
            names(index.sorted(by: .name, descending: true)) == [
                "Staten Island", "Queens", "Manhattan", "Brooklyn", "Bronx",
            ])
        #expect(
            names(index.sorted(by: .count, descending: true)) == [
                "Bronx", "Brooklyn", "Manhattan", "Queens", "Staten Island",
            ])
        #expect(
            names(index.sorted(by: .median("price"), descending: true)) == [
                "Manhattan", "Bronx", "Queens", "Staten Island", "Brooklyn",
            ])
        #expect(
            names(index.sorted(by: .median("price"), descending: false)) == [
                "Bronx", "Queens", "Staten Island", "Manhattan", "Brooklyn",
            ])
        #expect(names(index.sorted(by: .statistic(.sum, field: "price"), descending: true)).first == "Manhattan")
        #expect(names(index.sorted(by: .median("no-such-field"), descending: true)) == names(index.groups))
    }

    @Test("every group field gets an index, sharing the parsed numbers")
    func datasetGroups() throws {
        let yaml = "source: a.csv\ngroup_by: [borough, folder]\naggregates: [price]"
        let rows: [[String: String]] = [
            ["borough": "Bronx", "folder": "Streets", "price": "1"],
            ["borough": "Queens", "folder": "Streets", "price": "2"],
        ]
        let groups = DatasetGroups(try GroupedDataset.make(yaml, rows: rows))
        #expect(groups.indexes.map(\.field) == ["borough", "folder"])
        #expect(groups.index(of: "folder")?.groups.first?.aggregate(of: "price")?.sum == 3)
        #expect(groups.totals.map(\.mean) == [1.5])
        #expect(groups.index(of: "zip") == nil)
    }
}
