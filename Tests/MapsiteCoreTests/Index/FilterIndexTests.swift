import Foundation
import Testing

@testable import MapsiteCore

/// The filter index: places numbered along the point tiles in the tree's order, each value's
/// numbers, each place's bin, bins of years and numbers, and the year a text holds.
@Suite("Filter index")
struct FilterIndexTests {
    private static let yaml = """
        source: photos.csv
        id: id
        item_title: name
        fields: [borough, date, value]
        tile_budget: 1000
        filters:
          - borough
          - {field: date, type: year}
          - {field: value, type: range, format: currency}
        """

    /// Sixty places on a line across New York, so that the budget cuts several tiles.
    private static var csv: String {
        var text = "id,name,latitude,longitude,borough,date,value\n"
        let boroughs = ["Bronx", "Brooklyn", "", "Queens"]
        let dates = ["1910", "c. 1925", "May 1931", "", "undated", "1898-05-03"]
        for index in 0..<60 {
            let value = index % 7 == 0 ? "n/a" : "$\(1000 * (index + 1))"
            text += "p\(index),Photo \(index),\(40.6 + Double(index) * 0.004),-73.95,"
            text += "\(boroughs[index % 4]),\(dates[index % 6]),\"\(value)\"\n"
        }
        return text
    }

    private func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test("numbers run along the tiles; each value lists its places, each place has its bin") func files() throws {
        let dataset = try TestDataset.load(Self.csv, Self.yaml)
        let tiles = TileSet(dataset: dataset, options: .init(byteBudget: dataset.config.tileBudget))
        #expect(tiles.pyramid.leaves.count > 1)
        let index = FilterIndex(tileSet: tiles, dataset: dataset, listOrder: ListPages.titleOrder(dataset.items))
        #expect(Set(index.order) == Set((0..<60).map(Int32.init)))
        let files = Dictionary(uniqueKeysWithValues: index.files.map { ($0.path, $0.json) })
        let manifest = try object(try #require(files["tiles/photos/filters/index.json"]))
        let leaves = try #require(manifest["leaves"] as? [Double])
        #expect(leaves.count == 3 * tiles.pyramid.leaves.count)
        let counts: [Double] = stride(from: 0, to: leaves.count, by: 3).map { leaves[$0] }
        #expect(counts.reduce(0, +) == 60)
        let fields = try #require(manifest["fields"] as? [[String: Any]])
        #expect(fields[0]["values"] as? [String] == ["Bronx", "Brooklyn", "Queens"])
        #expect(fields[0]["counts"] as? [Int] == [15, 15, 15] && fields[0]["none"] as? Int == 15)
        // Each value's file lists the numbers of exactly the places with that value.
        for (bin, borough) in ["Bronx", "Brooklyn", "Queens"].enumerated() {
            let file = try object(try #require(files["tiles/photos/filters/0/\(bin).json"]))
            let steps = try #require(file["n"] as? [Int])
            let numbers = steps.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1) }
            let values = numbers.map { dataset.items[Int(index.order[$0])].values[0] }
            #expect(values == Array(repeating: borough, count: 15))
        }
        let columnFile = try object(try #require(files["tiles/photos/filters/1/column.json"]))
        let column = try #require(columnFile["c"] as? [Int])
        #expect(column.count == 60)
        #expect(fields[1]["edges"] as? [Double] == (1898...1932).map(Double.init))
        #expect(fields[1]["none"] as? Int == 20)  // "undated" and empty
        #expect(fields[2]["format"] as? String == "currency" && fields[2]["none"] as? Int == 9)
        #expect(index.warnings.count == 2)
        #expect(index.warnings[0].contains("filter \"date\": 10 value(s) hold no year"))
        #expect(index.warnings[1].contains("filter \"value\": 9 value(s) hold no number"))
    }

    @Test("a value and a range together: each pair file lists the places of both, every such set has one")
    func pairs() throws {
        let dataset = try TestDataset.load(Self.csv, Self.yaml)
        let tiles = TileSet(dataset: dataset, options: .init(byteBudget: dataset.config.tileBudget))
        let index = FilterIndex(tileSet: tiles, dataset: dataset, listOrder: ListPages.titleOrder(dataset.items))
        let files = Dictionary(uniqueKeysWithValues: index.files.map { ($0.path, $0.json) })
        let manifest = try object(try #require(files["tiles/photos/filters/index.json"]))
        let pairs = try #require(manifest["pairs"] as? [[String: Any]])
        // Borough with date and with value; not date with value (two ranges).
        #expect(pairs.map { $0["fields"] as? [Int] ?? [] } == [[0, 1], [0, 2]])
        let fields = try #require(manifest["fields"] as? [[String: Any]])
        let boroughs = try #require(fields[0]["values"] as? [String]) + [""]
        let dateEdges = try #require(fields[1]["edges"] as? [Double])
        // Each place's borough and year bin, from its row (the years by the documented rule).
        func row(_ number: Int) -> (borough: Int, year: Int?) {
            let values = dataset.items[Int(index.order[number])].values
            let year = YearText.year(values[1]).map { year in dateEdges.lastIndex { $0 <= Double(year) }! }
            return (boroughs.firstIndex(of: values[0])!, year)
        }
        let rows = (0..<60).map(row)
        let masks = try #require(pairs[0]["bins"] as? [String])
        var written = 0
        for borough in 0..<boroughs.count {
            let name = borough == boroughs.count - 1 ? "none" : String(borough)
            for bin in 0..<(dateEdges.count - 1) {
                let expected = (0..<60).filter { rows[$0].borough == borough && rows[$0].year == bin }
                let path = "tiles/photos/filters/pairs/0-1/\(name)/\(bin).json"
                let digit = Array(masks[borough]).dropFirst(bin / 4).first.flatMap { $0.hexDigitValue } ?? 0
                #expect((digit >> (bin % 4)) & 1 == (expected.isEmpty ? 0 : 1), "mask of \(name), bin \(bin)")
                guard !expected.isEmpty else {
                    #expect(files[path] == nil)
                    continue
                }
                let file = try object(try #require(files[path], "\(path)"))
                let steps = try #require(file["n"] as? [Int])
                #expect(steps.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1) } == expected)
                written += 1
            }
            // A block of two bins: both bins' places.
            let pairBlock = (0..<60).filter { rows[$0].borough == borough && [0, 1].contains(rows[$0].year) }
            let blockPath = "tiles/photos/filters/pairs/0-1/\(name)/b1-0.json"
            if pairBlock.isEmpty {
                #expect(files[blockPath] == nil)
            } else {
                let file = try object(try #require(files[blockPath]))
                let steps = try #require(file["n"] as? [Int])
                #expect(steps.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1) } == pairBlock)
            }
        }
        #expect(written > 4)
    }

    @Test("blocks of bins, merged level by level, are the bins they cover joined and sorted") func blocks() {
        var generator = SystemRandomNumberGenerator()
        for count in [1, 2, 3, 7, 8, 13, 64, 65] {
            var bins = [[Int32]](repeating: [], count: count)
            for number in Int32(0)..<500 where Int.random(in: 0..<3, using: &generator) > 0 {
                bins[Int.random(in: 0..<count, using: &generator)].append(number)
            }
            var expected: [(Int, Int, [Int32])] = []
            var level = 1
            while 1 << level <= count {
                for index in 0..<(count >> level) {
                    let numbers = bins[(index << level)..<((index + 1) << level)].joined().sorted()
                    if !numbers.isEmpty { expected.append((level, index, numbers)) }
                }
                level += 1
            }
            let blocks = FilterIndex.blocks(of: bins)
            #expect(blocks.map(\.level) == expected.map(\.0) && blocks.map(\.index) == expected.map(\.1))
            #expect(blocks.map(\.numbers) == expected.map(\.2))
        }
    }

    @Test("the year a text holds") func years() {
        #expect(YearText.year("1915") == 1915)
        #expect(YearText.year("c. 1915") == 1915)
        #expect(YearText.year("1915-05-03") == 1915)
        #expect(YearText.year("May 1915, rebuilt 1920") == 1915)
        #expect(YearText.year("1910s") == 1910)
        #expect(YearText.year("12345") == nil)
        #expect(YearText.year("0915") == nil)
        #expect(YearText.year("3015") == nil)
        #expect(YearText.year("no date") == nil)
    }

    @Test("bins of years: one a year, or wider on round steps") func yearBins() {
        #expect(FilterBins.years([1910, 1912]).edges == [1910, 1911, 1912, 1913])
        let wide = FilterBins.years([1700, 2020])
        #expect(wide.edges.first == 1700 && wide.edges.last == 2025 && wide.edges.count - 1 <= 150)
        #expect(wide.edges[1] - wide.edges[0] == 5)
    }

    @Test("bins of numbers: round edges around every value, each value in the bin it falls in") func numberBins() {
        var values = (1...1000).map { Double($0 * $0) }
        values.append(0.5)
        values.sort()
        let bins = FilterBins.numbers(values)
        #expect(bins.edges == bins.edges.sorted() && Set(bins.edges).count == bins.edges.count)
        #expect(bins.edges.first! <= values.first! && bins.edges.last! > values.last!)
        for value in values {
            let bin = bins.bin(of: value)
            #expect(bins.edges[bin] <= value && value < bins.edges[bin + 1])
        }
        #expect(FilterBins.roundedDown(387_900) == 380_000)
        #expect(FilterBins.roundedDown(-1_234) == -1_300)
        #expect(FilterBins.roundedAbove(380_000) == 390_000)
        #expect(FilterBins.numbers([5, 5, 5]).edges == [5, 5.1])
    }
}
