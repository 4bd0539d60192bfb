import Foundation
import MapsiteTestSupport
import Testing

/// `number` and `currency` fields as a user meets them (#31 point 1): written forms such as
/// `$2,285,700` count in the aggregates and show on the page; values that do not read stop the
/// build, or with `skip_invalid` are named in a warning and counted on the group page.
@Suite("mapsite build: numbers as datasets write them")
struct NumberCommandTests {
    /// Ten properties of one block, one of them written `$2,285,700` as exports write it.
    static let values = [
        "9065300", "8218350", "7371400", "2285700", "9500000", "12000000", "6000000", "8000000", "10000000",
        "7500000",
    ]

    private func build(values: [String], format: String, skipInvalid: Bool = false) throws -> (
        CommandResult, group: String?, item: String?
    ) {
        try withTemporaryDirectory { directory in
            let rows = values.enumerated().map { index, value in
                let cell = value.contains(",") ? "\"\(value)\"" : value
                return
                    "\(index + 1),\(1500 + index * 2) Walnut St,Walnut,\(cell),39.95,\(-75.17 + Double(index) / 1000)\n"
            }
            try writeFiles(
                [
                    "content/site.yml": """
                    title: Values
                    datasets:
                      - source: data/homes.csv
                        name: homes
                        id: id
                        item_title: address
                        skip_invalid: \(skipInvalid)
                        fields:
                          - {name: value, label: Assessed value, format: \(format)}
                        group_by: [street]
                        aggregates:
                          - {field: value, label: Assessed value, format: \(format)}

                    """,
                    "content/data/homes.csv": "id,address,street,value,latitude,longitude\n" + rows.joined(),
                ], in: directory)
            let result = try MapsiteBinary.run([
                "build", "--content", directory + "/content", "--output", directory + "/site",
            ])
            return (
                result, readText(directory + "/site/homes/by/street/walnut/index.html"),
                readText(directory + "/site/homes/1506-walnut-st/index.html")
            )
        }
    }

    /// The median of `numbers`, by sorting them all.
    private func median(_ numbers: [Double]) -> Double {
        let sorted = numbers.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    @Test("$2,285,700 in a currency field counts: Count 10 and the median of all ten, the page shows it")
    func currencyWritten() throws {
        var values = Self.values
        values[3] = "$2,285,700"
        let (result, group, item) = try build(values: values, format: "currency")
        #expect(result.status == 0, "\(result.stderr)")
        let page = try #require(group)
        let expected = median(Self.values.map { Double($0)! })
        let digits = String(Int(expected))
        let dollars =
            "$" + digits.enumerated().map { ($0 > 0 && (digits.count - $0) % 3 == 0 ? "," : "") + String($1) }.joined()
        #expect(page.contains("<th scope=\"row\">Count</th><td class=\"number\">10</td>"), "\(page)")
        #expect(page.contains("<th scope=\"row\">Median</th><td class=\"number\">\(dollars)</td>"), "\(dollars)")
        #expect(!page.contains("Left out"))
        #expect(try #require(item).contains("$2,285,700"))
    }

    @Test(
        "inf, 0x10, 1,23 or $5 in a number field stop the build, naming file, line, column and value",
        arguments: [("inf", 5), ("0x10", 3), ("1,23", 8), ("$5", 11)])
    func refused(value: String, row: Int) throws {
        var values = Self.values
        values[row - 2] = value
        let (result, _, _) = try build(values: values, format: "number")
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "/content/data/homes.csv:\(row): column \"value\": expected a number such as 1,234.5 or -0.25 "
                    + "(digits, \",\" between groups of three, \".\" before decimals, no currency symbol), "
                    + "found \"\(value)\""), "\(result.stderr)")
    }

    @Test("with skip_invalid: a warning naming the row and the value, and the group page says one is left out")
    func skipped() throws {
        var values = Self.values
        values[4] = "n/a"
        let (result, group, _) = try build(values: values, format: "number", skipInvalid: true)
        #expect(result.status == 0, "\(result.stderr)")
        let output = result.stdout + result.stderr
        #expect(
            output.contains(
                "1 of 10 values of \"value\" are not numbers (expected a number such as 1,234.5"),
            "\(output)")
        #expect(output.contains("left out of its aggregates, as skip_invalid is on: line 6 \"n/a\""), "\(output)")
        let page = try #require(group)
        #expect(page.contains("<th scope=\"row\">Count</th><td class=\"number\">9</td>"))
        #expect(page.contains("<th scope=\"row\">Left out (not numbers)</th><td class=\"number\">1</td>"), "\(page)")
    }
}
