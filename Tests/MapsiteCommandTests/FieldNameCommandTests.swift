import Foundation
import MapsiteTestSupport
import Testing

/// A name in `site.yml` that the data does not have, as a user meets it: the build stops with one
/// line at the line of `site.yml`, not a line for each of the rows.
@Suite("mapsite build: field names site.yml gives that the data lacks")
struct FieldNameCommandTests {
    @Test("a wrong coordinate column of 500 rows and a misspelt title field: one line each, with the columns")
    func wrongColumns() throws {
        try withTemporaryDirectory { directory in
            let rows = (1...500).map { "P\($0),TX,\(30 + Double($0) / 1000),-97\n" }.joined()
            try writeFiles(
                [
                    "content/site.yml": """
                    title: Places
                    datasets:
                      - source: data/places.csv
                        item_title: nmae
                        latitude: lat
                        longitude: lon

                    """,
                    "content/data/places.csv": "name,state,latitude,lon\n" + rows,
                ], in: directory)
            let result = try MapsiteBinary.run([
                "build", "--content", directory + "/content", "--output", directory + "/site",
            ])
            #expect(result.status == 1)
            let file = directory + "/content/data/places.csv"
            #expect(
                result.stderr == """
                    Error: 2 input errors:
                    \(directory)/content/site.yml:4: key "datasets[0].item_title": expected a column of \(file) (its columns: name, state, latitude, lon; did you mean "name"?), found "nmae"
                    \(directory)/content/site.yml:5: key "datasets[0].latitude": expected a column of \(file) (its columns: name, state, latitude, lon), found "lat"

                    """)
            #expect(!FileManager.default.fileExists(atPath: directory + "/site/index.html"))
        }
    }
}
