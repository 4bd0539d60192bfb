import Foundation
import Testing

@testable import MapsiteCore

/// The `.fields.json` file beside each point tile: the list fields of exactly the tile's places.
@Suite("TileSet: list field files")
struct TileSetListFieldsTests {
    private static let yaml = """
        source: boxes.csv
        id: id
        item_title: name
        fields:
          - name: pickup
            label: Pickup
            format: hours
          - name: value
            format: currency
        list_fields: [value, pickup]
        timezone: America/Chicago
        tile_budget: 1000
        """

    /// Forty places on a line across Chicago, so that a small budget cuts several tiles.
    private static var csv: String {
        var text = "id,name,latitude,longitude,pickup,value\n"
        for index in 0..<40 {
            let pickup = index % 3 == 0 ? "" : index % 3 == 1 ? "Mo-Fr 17:00" : "5 PM"
            text += "b\(index),Box \(index),\(41.7 + Double(index) * 0.005),-87.63,\(pickup),\(1000 * index)\n"
        }
        return text
    }

    private func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test("one file per point tile, with the values of its places by id") func files() throws {
        let dataset = try TestDataset.load(Self.csv, Self.yaml)
        let tiles = TileSet(dataset: dataset, options: .init(byteBudget: dataset.config.tileBudget))
        let files = tiles.listFieldFiles(of: dataset)
        #expect(tiles.pyramid.leaves.count >= 2, "the budget should cut several point tiles")
        #expect(files.count == tiles.pyramid.leaves.count)
        var seen: Set<String> = []
        for file in files {
            // The tile beside it, read back: the ids of its places.
            let tilePath = file.path.replacingOccurrences(of: ".fields.json", with: ".json")
            let tile = try object(try #require(tiles.files.first { $0.path == tilePath }?.json))
            let ids = try #require(tile["p"] as? [[Any]]).map { $0[2] as? String ?? "" }
            let fields = try object(file.json)
            // Each place's values, looked up in the file's table of distinct values.
            let table = try #require(fields["t"] as? [Any])
            let indexes = try #require(fields["v"] as? [String: [Any]])
            let values = indexes.mapValues { row in row.map { ($0 as? Int).map { table[$0] } ?? NSNull() } }
            #expect(table.count == Set(table.map { "\($0)" }).count, "\(file.path): a value twice in its table")
            #expect(Set(values.keys) == Set(ids), "\(file.path)")
            let header = try #require(fields["f"] as? [[String: Any]])
            #expect(header.map { $0["label"] as? String } == ["Value", "Pickup"])
            #expect(header.map { $0["hours"] as? Bool } == [false, true])
            #expect(fields["zone"] as? String == "America/Chicago")
            for (id, row) in values {
                let number = try #require(Int(id.dropFirst()))
                // 1000 × n as currency: $0, then $1,000 to $39,000.
                #expect(row[0] as? String == (number == 0 ? "$0" : "$\(number),000"))
                switch number % 3 {
                case 0: #expect(row[1] is NSNull, "\(id): an empty value is null")
                case 1:
                    let hours = try #require(row[1] as? [Any])
                    #expect(hours[0] as? String == "Mo–Fr 17:00")
                    let week = try #require(hours[1] as? [[[Int]]])
                    #expect(week == [[[1020]], [[1020]], [[1020]], [[1020]], [[1020]], [], []])
                default: #expect(row[1] as? String == "5 PM", "\(id): hours outside the subset stay text")
                }
            }
            seen.formUnion(values.keys)
        }
        #expect(seen.count == 40)
    }

    @Test("no files for a dataset without list_fields") func none() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "list_fields: [value, pickup]\n", with: "")
        let dataset = try TestDataset.load(Self.csv, yaml)
        #expect(TileSet(dataset: dataset).listFieldFiles(of: dataset).isEmpty)
    }
}
