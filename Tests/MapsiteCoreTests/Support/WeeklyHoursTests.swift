import Testing

@testable import MapsiteCore

@Suite("WeeklyHours: the opening_hours subset")
struct WeeklyHoursTests {
    /// Monday first, each day's times as text; "" for a day with none.
    @Test(
        "rules read into each day's times",
        arguments: [
            ("Mo-Fr 17:00; Sa 12:00", ["17:00", "17:00", "17:00", "17:00", "17:00", "12:00", ""]),
            ("Mo-Fr 09:00-17:30", ["09:00–17:30", "09:00–17:30", "09:00–17:30", "09:00–17:30", "09:00–17:30", "", ""]),
            ("17:00", ["17:00", "17:00", "17:00", "17:00", "17:00", "17:00", "17:00"]),
            ("24/7", Array(repeating: "00:00–24:00", count: 7)),
            (
                "Mo-Su 10:00-18:00; We off",
                ["10:00–18:00", "10:00–18:00", "", "10:00–18:00", "10:00–18:00", "10:00–18:00", "10:00–18:00"]
            ),
            ("Fr-Mo 22:00-02:00", ["22:00–02:00", "", "", "", "22:00–02:00", "22:00–02:00", "22:00–02:00"]),
            ("Mo,We,Fr 08:00,12:30", ["08:00, 12:30", "", "08:00, 12:30", "", "08:00, 12:30", "", ""]),
            ("Sa 12:00,09:00", ["", "", "", "", "", "09:00, 12:00", ""]),
            ("Mo-Fr 17:00;Sa 12:00 ", ["17:00", "17:00", "17:00", "17:00", "17:00", "12:00", ""]),
            ("Su 00:00-24:00", ["", "", "", "", "", "", "00:00–24:00"]),
        ])
    func reads(text: String, days: [String]) throws {
        let hours = try #require(WeeklyHours(text), "\(text)")
        #expect(hours.dayTexts == days, "\(text)")
    }

    @Test(
        "text outside the subset is not read",
        arguments: [
            "", "5:00 PM", "Mo-Fr", "Mo-Fr 17", "Mo-Fr 17:60", "Mo-Fr 25:00", "Mo-Fr 24:30", "Xy 10:00",
            "Mo-Fr 17:00;", "; Mo 10:00", "Mo-Fr 9:00-17:00", "PH off", "Jan-Mar Mo 10:00", "Mo-Fr 10:00-",
            "Mo-Fr 10:00-11:00-12:00", "Mo--Fr 10:00", "Mo-Fr 10:00 \"by appointment\"",
        ])
    func rejects(text: String) {
        #expect(WeeklyHours(text) == nil, "\(text)")
    }
}

@Suite("WeeklyHours: the week in one line")
struct WeeklyHoursSummaryTests {
    @Test(
        "runs of days with the same times go together",
        arguments: [
            ("Mo-Fr 17:00; Sa 12:00", "Mo–Fr 17:00; Sa 12:00"),
            ("17:00", "Mo–Su 17:00"),
            ("Mo,We 09:00-12:00", "Mo 09:00–12:00; We 09:00–12:00"),
            ("Mo-Su 10:00-18:00; We off", "Mo–Tu 10:00–18:00; Th–Su 10:00–18:00"),
            ("Mo off", "closed"),
        ])
    func summary(text: String, expected: String) throws {
        #expect(try #require(WeeklyHours(text)).summary == expected)
    }

    @Test("the hours format shows the summary, and an unreadable value as it is")
    func format() {
        #expect(ValueFormat("hours") == .hours)
        #expect(ValueFormat.hours.format("Mo-Fr 17:00; Sa 12:00") == "Mo–Fr 17:00; Sa 12:00")
        #expect(ValueFormat.hours.format("5:00 PM") == "5:00 PM")
    }
}
