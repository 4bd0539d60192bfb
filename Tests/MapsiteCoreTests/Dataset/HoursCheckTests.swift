import Testing

@testable import MapsiteCore

@Suite("HoursCheck")
struct HoursCheckTests {
    private let yaml = """
        source: boxes.csv
        fields:
          - name: times
            format: hours
        """

    @Test("values the hours subset does not read are named in one warning, with their lines")
    func unreadValues() throws {
        let dataset = try TestDataset.load(
            """
            title,latitude,longitude,times
            A,41.88,-87.62,Mo-Fr 17:00; Sa 12:00
            B,41.89,-87.63,5:00 PM
            C,41.90,-87.64,
            D,41.91,-87.65,by appointment
            """, yaml)
        let warnings = HoursCheck.warnings(dataset)
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.contains("2 of 4 values of \"times\""), "\(warning)")
        #expect(warning.contains("line 3 \"5:00 PM\"") && warning.contains("line 5 \"by appointment\""), "\(warning)")
    }

    @Test("a field whose values all read gives no warning, nor does a text field")
    func noWarning() throws {
        let dataset = try TestDataset.load("title,latitude,longitude,times\nA,41.88,-87.62,17:00\n", yaml)
        #expect(HoursCheck.warnings(dataset).isEmpty)
        let text = try TestDataset.load(
            "title,latitude,longitude,times\nA,41.88,-87.62,5:00 PM\n", "source: boxes.csv\nfields: [times]")
        #expect(HoursCheck.warnings(text).isEmpty)
    }

    @Test("timezone: a zone name is kept; anything else is an error naming the key")
    func timeZone() throws {
        #expect(try TestDataset.config("source: a.csv\ntimezone: America/Chicago").timeZone == "America/Chicago")
        #expect(throws: InputError.self) { try TestDataset.config("source: a.csv\ntimezone: Mars/Olympus") }
    }
}
