import Foundation
import Testing

@testable import MapsiteCore

/// Writes `Tests/Fixtures/browser/hours/weeks.json`, the hours values that `Tests/Node/hours.test.mjs`
/// evaluates with the theme's `core/hours.js`: each value as a source writes it, the week as the
/// build puts it into a page's `data-hours` (`WeeklyHours.json`) and a zone as `data-zone`. The file
/// is golden: a difference fails; `MAPSITE_RECORD=1` writes it again.
@Suite("Hours: the browser's fixture")
struct HoursFixtureTests {
    /// (value as written, the dataset's time zone): collections, shops, spans past midnight,
    /// closed days, in zones with and without daylight saving time.
    static let cases: [(String, String)] = [
        ("Mo-Fr 17:00; Sa 12:00", "America/Chicago"),
        ("Mo,We,Fr 08:00,12:30", "Europe/Berlin"),
        ("Mo-Tu 09:00-17:30; Sa 22:00-02:00", "America/Chicago"),
        ("Mo-Su 10:00-18:00; We off", "Europe/Berlin"),
        ("Fr-Mo 22:00-02:00", "Australia/Sydney"),
        ("24/7", "Asia/Tokyo"),
        ("Su 00:00-24:00", "Europe/Berlin"),
        ("Mo 02:30", "America/Chicago"),
        ("Mo off", "Asia/Tokyo"),
    ]

    static var text: String {
        let entries = cases.map { value, zone in
            let week = WeeklyHours(value).map(\.json) ?? "null"
            return "{\"hours\":" + JSONWriter.encode(.string(value)) + ",\"zone\":" + JSONWriter.encode(.string(zone))
                + ",\"week\":" + week + "}"
        }
        return "[\n" + entries.joined(separator: ",\n") + "\n]\n"
    }

    @Test("the weeks as the pages give them to core/hours.js") func weeks() throws {
        let directory = Fixtures.directory.appendingPathComponent("browser/hours")
        let file = directory.appendingPathComponent("weeks.json")
        if ProcessInfo.processInfo.environment["MAPSITE_RECORD"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Self.text.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("Recorded \(file.path): review it with git diff, then run without MAPSITE_RECORD=1.")
            return
        }
        let recorded = try #require(
            try? String(contentsOf: file, encoding: .utf8), "no \(file.path): record it with MAPSITE_RECORD=1")
        #expect(recorded == Self.text, "the hours fixture differs: record it again with MAPSITE_RECORD=1")
    }
}
