import Foundation
import MapsiteTestSupport
import Testing

@testable import MapsiteCore

/// Every setting of `site.yml` that names a field is checked against the fields the source has:
/// a wrong name is an error at its line, naming the key, the name, the fields there are and the
/// closest of them; a field that only some rows have is no error.
@Suite("Field names of site.yml checked against the source")
struct FieldNameCheckTests {
    private static let csv = "name,state,population,lat,lon,timezone\nAda,TX,10,30,-97,\nBo,OK,20,35,-98,\n"
    private static let columns = "its columns: name, state, population, lat, lon, timezone"

    /// The errors of loading the one dataset of `entry` (the lines after `datasets:`), or else its
    /// warnings.
    private func messages(_ entry: String, files: [String: String] = ["places.csv": csv]) throws -> [String] {
        let config = try ConfigLoader.parse("datasets:\n" + entry, file: "content/site.yml")
        return try withTemporaryDirectory { directory in
            try writeFiles(files, in: directory)
            do {
                let dataset = try DatasetLoader.load(
                    config.datasets[0], contentDirectory: directory, displayDirectory: "content")
                return dataset.warnings
            } catch let failure as InputErrors {
                return failure.errors.map(\.description)
            }
        }
    }

    private static let place = "  - source: places.csv\n    latitude: lat\n    longitude: lon\n"

    private func wrong(_ key: String, line: Int, _ name: String, suggesting closest: String?) -> String {
        let hint = closest.map { #"; did you mean "\#($0)"?"# } ?? ""
        return #"content/site.yml:\#(line): key "datasets[0].\#(key)": expected a column of content/places.csv"#
            + #" (\#(Self.columns)\#(hint)), found "\#(name)""#
    }

    @Test("item_title and slug templates: each {field} checked") func templates() throws {
        #expect(
            try messages(Self.place + "    item_title: nmae\n") == [
                wrong("item_title", line: 5, "nmae", suggesting: "name")
            ])
        #expect(
            try messages(Self.place + "    slug: \"{name}-{stat}\"\n")
                == [wrong("slug", line: 5, "stat", suggesting: "state")])
        #expect(try messages(Self.place + "    item_title: \"{name} ({state})\"\n").isEmpty)
    }

    @Test("fields, as a list of names, of {name} mappings, or a mapping; case ignored in the suggestion")
    func fields() throws {
        #expect(
            try messages(Self.place + "    fields:\n      - state\n      - name: time_zone\n        label: Zone\n")
                == [wrong("fields", line: 7, "time_zone", suggesting: "timezone")])
        #expect(
            try messages(Self.place + "    fields:\n      Timezone: Zone\n")
                == [wrong("fields", line: 6, "Timezone", suggesting: "timezone")])
    }

    @Test("group_by, aggregates and derived.from; no suggestion when nothing is close") func groups() throws {
        #expect(
            try messages(Self.place + "    group_by: [county]\n") == [
                wrong("group_by", line: 5, "county", suggesting: nil)
            ])
        #expect(
            try messages(Self.place + "    aggregates:\n      - populaton\n")
                == [wrong("aggregates[0]", line: 6, "populaton", suggesting: "population")])
        #expect(
            try messages(Self.place + "    aggregates:\n      - field: populaton\n        format: number\n")
                == [wrong("aggregates[0].field", line: 6, "populaton", suggesting: "population")])
        #expect(
            try messages(Self.place + "    derived:\n      - name: st\n        from: sate\n        rule: upper\n")
                == [wrong("derived[0].from", line: 7, "sate", suggesting: "state")])
    }

    @Test("id, image, thumbnail and item_description") func single() throws {
        #expect(try messages(Self.place + "    id: nme\n") == [wrong("id", line: 5, "nme", suggesting: "name")])
        #expect(try messages(Self.place + "    image: photo\n") == [wrong("image", line: 5, "photo", suggesting: nil)])
        #expect(
            try messages(Self.place + "    thumbnail: thumb\n") == [
                wrong("thumbnail", line: 5, "thumb", suggesting: nil)
            ])
        #expect(
            try messages(Self.place + "    item_description: stat\n")
                == [wrong("item_description", line: 5, "stat", suggesting: "state")])
    }

    @Test("a wrong coordinate column: said once at its line, not once a row") func coordinates() throws {
        let rows = (1...500).map { "P\($0),TX,1,30,-97,\n" }.joined()
        let csv = "name,state,population,lat,lon,timezone\n" + rows
        #expect(
            try messages("  - source: places.csv\n    latitude: lati\n    longitude: lon\n", files: ["places.csv": csv])
                == [wrong("latitude", line: 3, "lati", suggesting: "lat")])
        let defaults = try messages("  - source: places.csv\n", files: ["places.csv": csv])
        #expect(
            defaults
                == ["latitude", "longitude"].map { key in
                    #"content/site.yml:2: key "datasets[0].\#(key)": expected a column of content/places.csv"#
                        + #" (\#(key): is not set, and "\#(key)" is its default; \#(Self.columns)), found "\#(key)""#
                })
    }

    @Test(
        "fields the build adds and names some rows lack are no error; a key no JSON object has is a warning"
    )
    func valid() throws {
        let derived = "    derived:\n      - name: initial\n        from: name\n        rule: upper\n"
        #expect(try messages(Self.place + derived + "    fields: [initial]\n    group_by: [initial]\n").isEmpty)
        let features = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"name": "A"}, "geometry": {"type": "Point", "coordinates": [1, 2]}},
              {"type": "Feature", "properties": {"name": "B", "zip": "1", "address": {"city": "X"}},
               "geometry": {"type": "Point", "coordinates": [1, 2]}}]}
            """
        let geojson = ["p.geojson": features]
        #expect(try messages("  - source: p.geojson\n    fields: [zip, address.city]\n", files: geojson).isEmpty)
        #expect(
            try messages("  - source: p.geojson\n    fields: [zip, adress.city]\n", files: geojson)
                == [
                    #"content/site.yml:3: key "datasets[0].fields": expected a property of content/p.geojson"#
                        + #" (its properties: name, address, zip; did you mean "address.city"?), found "adress.city""#
                ])
        #expect(try messages("  - source: e.json\n    group_by: [county]\n", files: ["e.json": "[]"]).isEmpty)
    }
}
