import Foundation
import Testing

@testable import MapsiteCore

private let boxesSkippingInvalid = boxes + "\nskip_invalid: true"

/// Files large enough that items are built on two threads (`TwoHalves`) must load as a file too
/// small for that does: the same items, the same errors with the same lines, in the same order.
@Suite("DatasetLoader: CSV built in two halves")
struct DatasetLoaderCSVHalvesTests {
    /// Rows `1...count`; `special` replaces some rows' text. Returns the file and each row's line.
    private func file(count: Int, special: [Int: String]) -> (text: String, lines: [Int: Int]) {
        var text = "id,address,zip,lat,lon\n"
        var lines: [Int: Int] = [:]
        var line = 2
        for row in 1...count {
            let body = special[row] ?? "\(row),Box \(row),\(row % 97),41,-87"
            lines[row] = line
            text += body + "\n"
            line += 1 + body.utf8.filter { $0 == UInt8(ascii: "\n") }.count
        }
        return (text, lines)
    }

    @Test("items, skipped rows and their lines are those of the rows, across the middle")
    func sameAsRows() throws {
        let count = TwoHalves.minimumCount * 2 + 10
        let middle = count / 2
        // Bad rows in both halves, at the edges of the halves, and a field of several lines in the
        // row where the halves meet.
        let special: [Int: String] = [
            1: "1,Box 1,1,x,-87",
            middle - 1: "\(middle - 1),Box,1",
            middle: "\(middle),\"Box\non three\nlines\",\"zip, with comma\",41,-87",
            middle + 1: "\(middle + 1),Box,1,41,y",
            middle + 2: "\(middle + 2),Box,1,41,-87,extra",
            count: "\(count),Box,1,91,-87",
        ]
        let (text, lines) = file(count: count, special: special)
        let dataset = try TestDataset.load(text, boxesSkippingInvalid)

        let bad = [1, middle - 1, middle + 1, middle + 2, count]
        #expect(dataset.skipped.map(\.line) == bad.map { lines[$0] })
        #expect(
            dataset.skipped.map(\.description) == [
                #"content/boxes.csv:2: column "lat": expected a number in -90…90, found "x""#,
                "content/boxes.csv:\(lines[middle - 1]!): expected 5 fields as in the header, found \"3 fields\"",
                "content/boxes.csv:\(lines[middle + 1]!): column \"lon\": expected a number in -180…180, found \"y\"",
                "content/boxes.csv:\(lines[middle + 2]!): expected 5 fields as in the header, found \"6 fields\"",
                "content/boxes.csv:\(lines[count]!): column \"lat\": expected a number in -90…90, found \"91\"",
            ])

        let good = (1...count).filter { !bad.contains($0) }
        #expect(dataset.items.count == good.count)
        let byID = Dictionary(uniqueKeysWithValues: dataset.items.map { ($0.id, $0) })
        for row in good {
            let item = try #require(byID[String(row)])
            #expect(item.origin == "line \(lines[row]!)")
        }
        let joined = try #require(byID[String(middle)])
        #expect(joined.title == "Box\non three\nlines")
        #expect(joined.values == ["zip, with comma"])
        #expect(byID[String(middle + 3)]?.title == "Box \(middle + 3)")
    }

    @Test("every error of both halves is listed, in row order")
    func errorsAcrossHalves() {
        let count = TwoHalves.minimumCount * 2
        // Every tenth row is bad, in both halves.
        let special = Dictionary(
            uniqueKeysWithValues: stride(from: 10, through: count, by: 10).map { ($0, "\($0),B,1,x,1") })
        let (text, lines) = file(count: count, special: special)
        let yaml = boxes
        let error = #expect(throws: InputErrors.self) { try TestDataset.load(text, yaml) }
        #expect(error?.total == special.count)
        #expect(error?.errors.map(\.line) == special.keys.sorted().map { lines[$0] })
    }
}
