import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

private let groupedPrices = """
    source: a.csv
    group_by: [area]
    aggregates:
      - field: price
        format: currency
    """

/// One random value as text, and the number it stands for when it is one: exactly, and as a Double.
private struct Generated {
    var text: String
    var number: Decimal?
    var double: Double?

    init(text: String, number: Decimal? = nil) {
        self.text = text
        self.number = number
        double = number == nil ? nil : Double(text)
    }
}

/// The statistics of some numbers, worked out the plain way: a sorted copy and loops.
private struct Expected {
    var count = 0
    var missing = 0
    var invalid = 0
    var sum = Decimal(0)
    var sorted: [Double] = []

    init(_ values: [Generated]) {
        for value in values {
            if let number = value.number {
                count += 1
                sum += number
                sorted.append(value.double!)
            } else if value.text.trimmingCharacters(in: .whitespaces).isEmpty {
                missing += 1
            } else {
                invalid += 1
            }
        }
        sorted.sort()
    }

    var median: Double? {
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var mean: Double? {
        count == 0 ? nil : NSDecimalNumber(decimal: sum / Decimal(count)).doubleValue
    }
}

/// `a` and `b` agree to within a few units in the last place of a Double.
private func close(_ a: Double?, _ b: Double?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return abs(a - b) <= 1e-12 * max(1, abs(a), abs(b))
}

/// Random values for one group: whole numbers or numbers with cents, some empty, some not numbers.
private func values(count: Int, decimals: Bool, using random: inout SplitMix64) -> [Generated] {
    (0..<count).map { _ in
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return Generated(text: "")
        case 1:
            return Generated(text: ["n/a", "€1,200", "inf", "0x10", "unknown", "1,5"].randomElement(using: &random)!)
        case 2: return Generated(text: " ")
        default:
            let cents = Int.random(in: -5_000_000_000...90_000_000_000, using: &random)
            guard decimals else { return Generated(text: String(cents / 100), number: Decimal(cents / 100)) }
            let text = (cents < 0 ? "-" : "") + "\(abs(cents) / 100)." + String(format: "%02d", abs(cents) % 100)
            return Generated(text: text, number: Decimal(string: text))
        }
    }
}

@Suite("Aggregates")
struct AggregateTests {
    @Test("random groups agree with a sort-based computation", arguments: [false, true])
    func randomGroups(decimals: Bool) throws {
        var random = SplitMix64(seed: decimals ? 2 : 1)
        var generated: [String: [Generated]] = [:]
        var rows: [[String: String]] = []
        for group in 0..<300 {
            // Sizes 0…40 give odd and even counts; some groups have no numbers at all.
            let size = group % 50 == 0 ? 3 : Int.random(in: 1...40, using: &random)
            var groupValues = values(count: size, decimals: decimals, using: &random)
            if group % 50 == 0 { groupValues = groupValues.map { _ in Generated(text: "n/a") } }
            generated["area \(group)"] = groupValues
            rows += groupValues.map { ["area": "area \(group)", "price": $0.text] }
        }
        rows.shuffle(using: &random)
        let dataset = try GroupedDataset.make(groupedPrices, rows: rows)
        let index = try #require(DatasetGroups(dataset).index(of: "area"))
        #expect(index.groups.count == 300)
        var parities = Set<Int>()
        for group in index.groups {
            let aggregate = try #require(group.aggregate(of: "price"))
            // Members are this group's items: the generated values in some order.
            let expected = Expected(generated[group.value]!)
            #expect(
                group.members.map { dataset.items[$0].values[1] }.sorted()
                    == generated[group.value]!.map(\.text).sorted())
            #expect(aggregate.count == expected.count)
            #expect(aggregate.missing == expected.missing)
            #expect(aggregate.invalid == expected.invalid)
            #expect(aggregate.skipped == expected.missing + expected.invalid)
            #expect(aggregate.minimum == expected.sorted.first)
            #expect(aggregate.maximum == expected.sorted.last)
            #expect(aggregate.median == expected.median, "\(group.value)")
            #expect(close(aggregate.mean, expected.mean), "\(group.value)")
            if expected.count == 0 {
                #expect(aggregate.value(of: .sum) == nil)
                #expect(aggregate.text(.median) == nil)
                #expect(aggregate.text(.count) == "0")
            } else if decimals {
                #expect(close(aggregate.sum, NSDecimalNumber(decimal: expected.sum).doubleValue))
                #expect(aggregate.text(.sum) == ValueFormat.currency(symbol: "$").format("\(expected.sum)"))
            } else {
                #expect(aggregate.sum == Double(Int(truncating: NSDecimalNumber(decimal: expected.sum))))
            }
            parities.insert(expected.count == 0 ? -1 : expected.count % 2)
        }
        #expect(parities == [-1, 0, 1])
    }

    @Test("whole numbers are summed exactly where doubles would round")
    func exactWholeSum() throws {
        // 2^53 + 1 is not a Double; adding 1 to 2^53 one at a time in doubles loses every 1.
        let rows = ["9007199254740992", "1", "1", "1", "1"].map { ["area": "a", "price": $0] }
        let aggregate = try #require(DatasetGroups(GroupedDataset.make(groupedPrices, rows: rows)).totals.first)
        #expect(aggregate.sum == 9_007_199_254_740_996)
    }

    @Test("a total past 64 bits falls back to the compensated sum")
    func overflow() throws {
        let rows = ["9000000000000000000", "9000000000000000000", "-1"].map { ["area": "a", "price": $0] }
        let aggregate = try #require(DatasetGroups(GroupedDataset.make(groupedPrices, rows: rows)).totals.first)
        #expect(close(aggregate.sum, 18e18))
        #expect(aggregate.median == 9e18)
    }

    @Test("decimals are summed with compensation")
    func compensatedSum() throws {
        let rows = [[String: String]](repeating: ["area": "a", "price": "0.1"], count: 100_000)
        let aggregate = try #require(DatasetGroups(GroupedDataset.make(groupedPrices, rows: rows)).totals.first)
        var naive = 0.0
        for _ in 0..<100_000 { naive += 0.1 }
        #expect(naive != 10_000)
        #expect(aggregate.sum == 10_000)
        #expect(aggregate.mean == 0.1)
    }

    @Test("statistics as text go through the field's format")
    func text() throws {
        let rows = ["250000", "184000", "n/a", "", "199999.5", "1200"].map { ["area": "a", "price": $0] }
        let aggregate = try #require(DatasetGroups(GroupedDataset.make(groupedPrices, rows: rows)).totals.first)
        #expect(aggregate.text(.count) == "4")
        #expect(aggregate.text(.sum) == "$635,199.50")
        #expect(aggregate.text(.min) == "$1,200")
        #expect(aggregate.text(.max) == "$250,000")
        #expect(aggregate.text(.median) == "$191,999.75")
        #expect(aggregate.text(.mean) == "$158,799.88")
        #expect(aggregate.skipped == 2)
    }

    @Test("plain numbers keep their decimals, one more for the median and two for the mean")
    func plainText() throws {
        let yaml = "source: a.csv\naggregates: [year]"
        let rows = ["1909", "1902", "1925", "1931"].map { ["year": $0] }
        let aggregate = try #require(DatasetGroups(GroupedDataset.make(yaml, rows: rows)).totals.first)
        #expect(aggregate.format == .number)
        #expect(aggregate.text(.sum) == "7,667")
        #expect(aggregate.text(.median) == "1,917")
        #expect(aggregate.text(.mean) == "1,916.75")
        #expect(Aggregate.plain(-0.001, decimals: 2) == "0")
        #expect(Aggregate.plain(2.5, decimals: 0) == "2")
        #expect(Aggregate.plain(1.10, decimals: 3) == "1.1")
    }

    @Test("the median of awkward inputs matches sorting", arguments: 0..<6)
    func quickselect(shape: Int) {
        var random = SplitMix64(seed: UInt64(shape))
        for count in [1, 2, 3, 4, 5, 10, 101, 1000, 4096] {
            var values: [Double] =
                switch shape {
                case 0: (0..<count).map(Double.init)  // sorted
                case 1: (0..<count).map { Double(count - $0) }  // reversed
                case 2: [Double](repeating: 7, count: count)  // all equal
                case 3: (0..<count).map { Double($0 % 3) }  // few distinct
                case 4: (0..<count).map { Double($0 % 2 == 0 ? $0 : count - $0) }  // organ pipe
                default: (0..<count).map { _ in Double.random(in: -1e9...1e9, using: &random) }
                }
            var sorted = values.sorted()
            let middle = count / 2
            let expected = count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            #expect(values.withUnsafeMutableBufferPointer { Quickselect.median(of: $0) } == expected)
            #expect(values.sorted() == sorted)
            sorted.shuffle(using: &random)
            let k = Int.random(in: 0..<count, using: &random)
            sorted.withUnsafeMutableBufferPointer { Quickselect.select(k, in: $0) }
            #expect(sorted[..<k].allSatisfy { $0 <= sorted[k] } && sorted[k...].allSatisfy { $0 >= sorted[k] })
        }
    }
}
