import Foundation
import Testing

@testable import MapsiteCore

private func parse(_ yaml: String) throws -> SiteConfig {
    try ConfigLoader.parse(yaml, file: "content/site.yml")
}

/// The message of the error parsing `yaml` throws.
private func error(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    let error = #expect(throws: InputError.self, sourceLocation: sourceLocation) { try parse(yaml) }
    return error?.description
}

private let datasetKeys = DatasetConfigParser.keys.joined(separator: ", ")

@Suite("ConfigLoader")
struct ConfigLoaderTests {
    @Test("defaults for everything but the datasets") func defaults() throws {
        let config = try parse("datasets: []")
        #expect(config.title == "Map")
        #expect(config.description == "")
        #expect(config.baseURL == "/")
        #expect(config.language == "en")
        #expect(config.contact == nil)
        #expect(config.basemap == SiteConfig.defaultBasemap)
        #expect(config.leaflet == "local")
        #expect(config.unsafeHTML == false)
        #expect(config.pageSize == 200)
        #expect(config.datasets.isEmpty)
    }

    @Test("every site setting") func settings() throws {
        let config = try parse(
            """
            title: Boxes
            description: Where to post
            base_url: https://example.org/maps/
            language: fr
            contact: mailto:a@example.org
            basemap:
              url: https://tiles.example.org/{z}/{x}/{y}.png
              max_zoom: 17
            leaflet: https://cdn.example.org/leaflet
            unsafe_html: true
            page_size: 50
            """)
        #expect(config.title == "Boxes")
        #expect(config.baseURL == "https://example.org/maps/")
        #expect(config.language == "fr")
        #expect(config.contact == "mailto:a@example.org")
        #expect(config.basemap.url == "https://tiles.example.org/{z}/{x}/{y}.png")
        #expect(config.basemap.attribution == SiteConfig.defaultBasemap.attribution)
        #expect(config.basemap.maxZoom == 17)
        #expect(config.leaflet == "https://cdn.example.org/leaflet")
        #expect(config.unsafeHTML)
        #expect(config.pageSize == 50)
    }

    @Test("dataset defaults") func datasetDefaults() throws {
        let dataset = try TestDataset.config("source: data/Mail Boxes.csv")
        #expect(dataset.name == "mail-boxes")
        #expect(dataset.title == "mail-boxes")
        #expect(dataset.format == .csv)
        #expect(dataset.delimiter == UInt8(ascii: ","))
        #expect(dataset.idField == nil)
        #expect(dataset.itemTitle == FieldTemplate("title"))
        #expect(dataset.slug == nil)
        #expect(dataset.latitude == "latitude")
        #expect(dataset.longitude == "longitude")
        #expect(dataset.coordinates == nil)
        #expect(dataset.fields.isEmpty)
        #expect(dataset.skipInvalid == false)
        #expect(dataset.neighbours == 8)
        #expect(dataset.pageSize == nil)
    }

    @Test("an empty file") func emptyFile() {
        #expect(error("") == #"content/site.yml: expected a mapping of settings, found "an empty file""#)
    }

    @Test("a file that is not a mapping") func notAMapping() {
        #expect(error("- a\n- b") == #"content/site.yml:1: expected a mapping of keys to values"#)
    }

    @Test("YAML that does not parse names the line") func badYAML() {
        #expect(
            error("title: A\ndescription: [unclosed\npage_size: 3\n")
                == #"content/site.yml:3: expected valid YAML (while parsing a flow sequence from line 2), found "did not find expected ',' or ']'""#
        )
    }

    @Test("duplicate keys name the line") func duplicateKeys() {
        #expect(
            error("title: A\ntitle: B\n")
                == #"content/site.yml:1: expected valid YAML with each key once, found "title""#)
    }

    @Test("an unknown key names its line") func unknownKey() {
        #expect(
            error("title: A\n\ncolour: red\n")
                == #"content/site.yml:3: expected one of title, description, base_url, language, contact, basemap, leaflet, unsafe_html, page_size, datasets, tours, color, short_name, icon, precompress, found "colour""#
        )
    }

    @Test("an unknown dataset key names its line and the dataset") func unknownDatasetKey() {
        #expect(
            error("datasets:\n  - source: a.csv\n    lattitude: lat\n")
                == #"content/site.yml:3: key "datasets[0]": expected one of \#(datasetKeys), found "lattitude""#)
    }

    @Test("an unknown basemap key") func unknownBasemapKey() {
        #expect(
            error("basemap:\n  url: x\n  zoom: 3\n")
                == #"content/site.yml:3: key "basemap": expected one of url, attribution, max_zoom, found "zoom""#)
    }

    @Test("a wrong type names the key and the line") func wrongType() {
        #expect(
            error("title: A\npage_size: many\n")
                == #"content/site.yml:2: key "page_size": expected a whole number in 1…100000, found "many""#)
    }

    @Test("a number out of range") func outOfRange() {
        #expect(
            error("page_size: 0")
                == #"content/site.yml:1: key "page_size": expected a whole number in 1…100000, found "0""#)
    }

    @Test("not a boolean") func notABool() {
        #expect(
            error("unsafe_html: maybe")
                == #"content/site.yml:1: key "unsafe_html": expected true or false, found "maybe""#)
    }

    @Test("a list where text is expected") func listForText() {
        #expect(error("title:\n  - A\n") == #"content/site.yml:2: key "title": expected a text, found "a list""#)
    }

    @Test("text where a mapping is expected") func textForMapping() {
        #expect(error("basemap: osm") == #"content/site.yml:1: key "basemap": expected a mapping, found "osm""#)
    }

    @Test("text where a list is expected") func textForList() {
        #expect(
            error("datasets: boxes.csv")
                == #"content/site.yml:1: key "datasets": expected a list, found "boxes.csv""#)
    }

    @Test("a nested wrong type names the full key") func nestedWrongType() {
        #expect(
            error("basemap:\n  max_zoom: 30\n")
                == #"content/site.yml:2: key "basemap.max_zoom": expected a whole number in 0…24, found "30""#)
    }

    @Test("a dataset's wrong type names the dataset key") func datasetWrongType() {
        #expect(
            error("datasets:\n  - source: a.csv\n    neighbours: lots\n")
                == #"content/site.yml:3: key "datasets[0].neighbours": expected a whole number in 0…100, found "lots""#)
    }

    @Test("a dataset without a source") func missingSource() {
        #expect(
            error("datasets:\n  - name: boxes\n")
                == #"content/site.yml:2: key "datasets[0].source": expected the path of the data file, relative to the content folder"#
        )
    }

    @Test("a dataset name that is not a safe slug") func badName() {
        #expect(
            error("datasets:\n  - source: a.csv\n    name: Mail Boxes\n")
                == #"content/site.yml:3: key "datasets[0].name": expected lowercase letters, digits and '-', found "Mail Boxes""#
        )
    }

    @Test("datasets take the palette's colours in order, unless they name one") func colors() throws {
        let count = MapColor.palette.count
        let sources = (0...count).map { "  - source: d\($0).csv\n" }.joined()
        let config = try parse(
            "datasets:\n" + sources
                + "  - source: own.csv\n    color: '#C0FFEE'\n  - source: short.csv\n    color: '#0aF'\n")
        #expect(config.datasets.prefix(count).map(\.color) == MapColor.palette)
        #expect(config.datasets[count].color == MapColor.palette[0])
        #expect(config.datasets[count + 1].color == "#c0ffee")
        #expect(config.datasets[count + 2].color == "#00aaff")
    }

    @Test("a colour that is not #rrggbb or #rgb", arguments: ["red", "#12345", "#12345g", "c0ffee", "#c0ffee;x"])
    func badColor(text: String) {
        #expect(
            error("datasets:\n  - source: a.csv\n    color: '\(text)'\n")
                == #"content/site.yml:3: key "datasets[0].color": expected a colour as #rrggbb or #rgb, found "\#(text)""#
        )
    }

    @Test("two datasets with one name") func duplicateNames() {
        #expect(
            error("datasets:\n  - source: boxes.csv\n  - source: other/boxes.geojson\n")
                == #"content/site.yml: key "datasets": expected a different name for each dataset, found "boxes""#)
    }

    @Test(
        "the format is inferred from the file extension",
        arguments: [
            ("a.csv", DatasetConfig.Format.csv), ("a.CSV", .csv), ("a.tsv", .csv), ("a.txt", .csv),
            ("a.geojson", .geojson), ("a.json", .json),
        ])
    func inferredFormat(source: String, format: DatasetConfig.Format) throws {
        #expect(try TestDataset.config("source: \(source)").format == format)
    }

    @Test("an explicit format wins, in any case") func explicitFormat() throws {
        #expect(try TestDataset.config("source: a.json\nformat: GeoJSON").format == .geojson)
    }

    @Test("an unknown extension asks for a format") func unknownExtension() {
        #expect(
            error("datasets:\n  - source: a.xlsx\n")
                == #"content/site.yml:2: key "datasets[0].format": expected a format (csv, geojson, json, sqlite, or gdal for any format GDAL reads) for a file named "a.xlsx""#
        )
    }

    @Test("an unknown format") func unknownFormat() {
        #expect(
            error("datasets:\n  - source: a.csv\n    format: xml\n")
                == #"content/site.yml:3: key "datasets[0].format": expected csv, geojson, json, sqlite or gdal, found "xml""#
        )
    }

    @Test("GeoJSON has no default coordinate fields") func geojsonCoordinates() throws {
        let dataset = try TestDataset.config("source: a.geojson")
        #expect(dataset.latitude == nil)
        #expect(dataset.longitude == nil)
    }

    @Test("coordinates replaces latitude and longitude") func coordinates() throws {
        let dataset = try TestDataset.config("source: a.csv\ncoordinates: where")
        #expect(dataset.coordinates == "where")
        #expect(dataset.latitude == nil)
    }

    @Test("fields as a list of names") func fieldsList() throws {
        let dataset = try TestDataset.config("source: a.csv\nfields: [zip, weekday_pickup, address.city]")
        #expect(
            dataset.fields == [
                .init(name: "zip", label: "Zip"), .init(name: "weekday_pickup", label: "Weekday pickup"),
                .init(name: "address.city", label: "City"),
            ])
    }

    @Test("fields as a mapping of name to label, in order") func fieldsMapping() throws {
        let dataset = try TestDataset.config(
            "source: a.csv\nfields:\n  zip: ZIP code\n  weekday_pickup:\n  borough: ~\n  area: Area")
        #expect(
            dataset.fields == [
                .init(name: "zip", label: "ZIP code"), .init(name: "weekday_pickup", label: "Weekday pickup"),
                .init(name: "borough", label: "Borough"), .init(name: "area", label: "Area"),
            ])
    }

    @Test("fields as {name, label} mappings") func fieldsNameLabel() throws {
        let dataset = try TestDataset.config(
            "source: a.csv\nfields:\n  - name: zip\n    label: ZIP code\n  - name: sunday_pickup\n  - note")
        #expect(
            dataset.fields == [
                .init(name: "zip", label: "ZIP code"), .init(name: "sunday_pickup", label: "Sunday pickup"),
                .init(name: "note", label: "Note"),
            ])
    }

    @Test("fields that are neither a list nor a mapping") func fieldsText() {
        #expect(
            error("datasets:\n  - source: a.csv\n    fields: zip\n")
                == #"content/site.yml:3: key "datasets[0].fields": expected a list of field names or {name, label} mappings, found "zip""#
        )
    }

    @Test("a field mapping with an unknown key") func fieldsUnknownKey() {
        #expect(
            error("datasets:\n  - source: a.csv\n    fields:\n      - name: zip\n        lable: ZIP\n")
                == #"content/site.yml:5: key "datasets[0].fields": expected one of name, label, format, found "lable""#)
    }

    @Test("a field mapping without a name") func fieldsNoName() {
        #expect(
            error("datasets:\n  - source: a.csv\n    fields:\n      - label: ZIP\n")
                == #"content/site.yml:4: key "datasets[0].fields.name": expected a field name"#)
    }

    @Test(
        "delimiters",
        arguments: [
            ("\\t", UInt8(ascii: "\t")), ("'\\t'", UInt8(ascii: "\t")), ("\"\\t\"", UInt8(ascii: "\t")),
            ("tab", UInt8(ascii: "\t")), ("\";\"", UInt8(ascii: ";")), ("\"|\"", UInt8(ascii: "|")),
        ])
    func delimiter(yaml: String, byte: UInt8) throws {
        #expect(try TestDataset.config("source: a.csv\ndelimiter: \(yaml)").delimiter == byte)
    }

    @Test("a .tsv file is tab-separated unless told otherwise") func tsvDelimiter() throws {
        #expect(try TestDataset.config("source: a.tsv").delimiter == UInt8(ascii: "\t"))
        #expect(try TestDataset.config("source: a.tsv\ndelimiter: \";\"").delimiter == UInt8(ascii: ";"))
    }

    @Test("a delimiter of two characters") func longDelimiter() {
        #expect(
            error("datasets:\n  - source: a.csv\n    delimiter: \";;\"\n")
                == #"content/site.yml:3: key "datasets[0].delimiter": expected one ASCII character such as , ; | or \t, found ";;""#
        )
    }

    @Test("the quote cannot be the delimiter") func quoteDelimiter() {
        #expect(
            error("datasets:\n  - source: a.csv\n    delimiter: '\"'\n")
                == #"content/site.yml:3: key "datasets[0].delimiter": expected one ASCII character such as , ; | or \t, found """"#
        )
    }

    @Test("a missing site.yml") func missingFile() {
        let error = #expect(throws: InputError.self) { try ConfigLoader.load(contentDirectory: "/nonexistent") }
        #expect(
            error?.description == #"/nonexistent/site.yml: expected a readable UTF-8 YAML file, found "no such file""#)
    }

    @Test("a site.yml with a byte that is not UTF-8 names its line and column") func notUTF8() throws {
        try withTemporaryDirectory { directory in
            let bytes = Array("title: A\ndescription: Caf".utf8) + [0xE9] + Array("\n".utf8)
            try Data(bytes).write(to: URL(fileURLWithPath: directory + "/site.yml"))
            let error = #expect(throws: InputError.self) { try ConfigLoader.load(contentDirectory: directory) }
            #expect(
                error?.description == directory
                    + #"/site.yml:2:17: expected UTF-8 text, found "byte 0xE9 that is not UTF-8""#)
        }
    }
}

@Suite("SiteConfig")
struct SiteConfigTests {
    private func config(baseURL: String) throws -> SiteConfig {
        var config = try ConfigLoader.parse("title: A", file: "site.yml")
        config.baseURL = baseURL
        return config
    }

    @Test(
        "the base path",
        arguments: [
            ("/", "/"), ("", "/"), ("demo", "/demo/"), ("/demo", "/demo/"), ("https://example.org", "/"),
            ("https://example.org/", "/"), ("https://example.org/demo", "/demo/"),
            ("http://localhost:8080/demo/", "/demo/"), ("/a:b/", "/a:b/"),
        ])
    func basePath(baseURL: String, path: String) throws {
        #expect(try config(baseURL: baseURL).basePath == path)
    }

    @Test("the absolute base") func absoluteBase() throws {
        #expect(try config(baseURL: "/demo/").absoluteBase == nil)
        #expect(try config(baseURL: "https://example.org/demo").absoluteBase == "https://example.org/demo/")
        #expect(try config(baseURL: "/a:b/").absoluteBase == nil)
        #expect(try config(baseURL: "http://localhost:8080").absoluteBase == "http://localhost:8080/")
    }
}
