import Foundation
import MapsiteTestSupport
import Testing

@Suite("mapsite build: a dataset's timezone")
struct TimeZoneCommandTests {
    private func build(zone: String) throws -> CommandResult {
        try withTemporaryDirectory { directory in
            try writeFiles(
                [
                    "content/site.yml": "datasets:\n  - source: data/boxes.csv\n    id: id\n    timezone: \(zone)\n",
                    "content/data/boxes.csv": "id,name,latitude,longitude\n1,A,41.8,-87\n",
                ], in: directory)
            return try MapsiteBinary.run([
                "build", "--content", directory + "/content", "--output", directory + "/site",
            ])
        }
    }

    @Test("GMT+5, which browsers refuse: exit 1, the line of site.yml and the tz database's name for it")
    func offset() throws {
        let result = try build(zone: "GMT+5")
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                #"site.yml:4: key "datasets[0].timezone": expected a tz database time zone name such as "#
                    + #"America/Chicago; did you mean "Etc/GMT-5"?, found "GMT+5""#), "\(result.stderr)")
    }

    @Test("US/Eastern, a link of the tz database: the site builds") func link() throws {
        let result = try build(zone: "US/Eastern")
        #expect(result.status == 0, "\(result.stderr)")
    }
}
