import Foundation
import Testing

@testable import MapsiteCore

/// One folder of `Tests/Fixtures/invalid` and the message its build fails with; `$CONTENT` stands
/// for the folder's path.
struct InvalidSite: CustomTestStringConvertible, Sendable {
    var name: String
    var message: String
    var testDescription: String { name }
}

private let invalidSites = [
    InvalidSite(
        name: "bad-latitude",
        message: """
            1 input error:
            $CONTENT/data/boxes.csv:17: column "lat": expected a number in -90…90, found "N/A"
            """),
    InvalidSite(
        name: "wrong-field-count",
        message: """
            1 input error:
            $CONTENT/data/boxes.csv:4: expected 4 fields as in the header, found "3 fields"
            """),
    InvalidSite(
        name: "missing-column",
        message: """
            1 input error:
            $CONTENT/site.yml:7: key "datasets[0].latitude": expected a column of $CONTENT/data/boxes.csv (its columns: box_id, address, latitude, lon), found "lat"
            """),
    InvalidSite(
        name: "unterminated-quote",
        message: """
            1 input error:
            $CONTENT/data/boxes.csv:3: expected a closing quote for the field opened here
            """),
    InvalidSite(
        name: "duplicate-id",
        message: """
            1 input error:
            $CONTENT/data/boxes.csv: line 4: field "box_id": expected a unique id (already used at line 2), found "b1"
            """),
    InvalidSite(
        name: "short-line-feature",
        message: """
            1 input error:
            $CONTENT/data/routes.geojson: feature 2 (id route-9): geometry.coordinates: expected a list of at least 2 positions, found "[[-87.62, 41.88]]"
            """),
    InvalidSite(
        name: "json-not-array",
        message: """
            1 input error:
            $CONTENT/data/photos.json: expected a JSON array of objects, found "an object"
            """),
    InvalidSite(
        name: "missing-source",
        message: """
            1 input error:
            $CONTENT/data/boxes.csv: expected a readable data file, found "no such file"
            """),
    InvalidSite(
        name: "unknown-key",
        message: #"""
            $CONTENT/site.yml:3: expected one of title, description, base_url, language, contact, basemap, leaflet, unsafe_html, page_size, datasets, tours, color, short_name, icon, precompress, found "colour"
            """#),
    InvalidSite(
        name: "wrong-type",
        message: #"$CONTENT/site.yml:5: key "datasets[0].neighbours": expected a whole number in 0…100, found "a few""#),
    InvalidSite(
        name: "bad-yaml",
        message:
            #"$CONTENT/site.yml:4: expected valid YAML (while scanning a quoted scalar from line 2), found "found unexpected end of stream""#
    ),
    InvalidSite(
        name: "missing-partial",
        message: #"""
            1 template error:
            $CONTENT/templates/partials/footer.mustache:2: partial "partials/credits" is not a template
            """#),
    InvalidSite(
        name: "bad-front-matter",
        message:
            #"$CONTENT/pages/guide.md:3: key "menu": expected a whole number, the page's position in the site menu (menu: 1, lowest first; no menu key: not in the menu), not a menu's name as in Hugo, found "second""#
    ),
    InvalidSite(
        name: "duplicate-column",
        message: """
            1 input error:
            $CONTENT/data/boxes.csv:1: column 5 "lat": expected a different name for each column, found "the name of column 3"
            """),
    InvalidSite(
        name: "unclosed-front-matter",
        message:
            #"$CONTENT/pages/guide.md:1: expected a "---" line closing the front matter opened here, found "none before the end of the file""#
    ),
    InvalidSite(
        name: "truncated-geojson",
        message: """
            1 input error:
            $CONTENT/data/stops.geojson:5:55: expected a value, found "the end of the file"
            """),
    InvalidSite(
        name: "huge-coordinate",
        message: """
            1 input error:
            $CONTENT/data/stops.geojson: feature 2 (id s2): geometry: expected coordinates [longitude, latitude] within -180…180 and -90…90, found "[1e400, 48.85]"
            """),
]

@Suite("Invalid fixture sites")
struct InvalidSiteTests {
    @Test("each invalid fixture fails with its message", arguments: invalidSites)
    func fails(site: InvalidSite) throws {
        let content = Fixtures.invalid(site.name)
        try withTemporaryDirectory { output in
            let error = #expect(throws: (any Error).self) { try buildSite(content: content, into: output) }
            let message = (error as? LocalizedError)?.errorDescription ?? error.map { "\($0)" }
            #expect(message == site.message.replacingOccurrences(of: "$CONTENT", with: content))
            #expect(filesBelow(output).isEmpty, "a failed build wrote files")
        }
    }

    @Test("every folder of Tests/Fixtures/invalid has a test") func everyFolderTested() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Fixtures.directory.path + "/invalid")
        #expect(Set(folders) == Set(invalidSites.map(\.name)))
    }
}
