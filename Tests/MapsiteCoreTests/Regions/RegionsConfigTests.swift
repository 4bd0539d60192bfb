import Foundation
import Testing

@testable import MapsiteCore

private func datasetError(_ entry: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    let error = #expect(throws: InputError.self, sourceLocation: sourceLocation) { try TestDataset.config(entry) }
    return error?.description
}

@Suite("RegionsConfig")
struct RegionsConfigTests {
    @Test("no regions by default") func none() throws {
        #expect(try TestDataset.config("source: places.csv").regions == nil)
    }

    @Test("source, name property and field") func every() throws {
        let config = try TestDataset.config(
            """
            source: data/properties.csv
            regions:
              source: data/neighbourhoods.geojson
              name: NAME
              field: neighbourhood
            fields: [neighbourhood]
            """)
        #expect(
            config.regions
                == RegionsConfig(source: "data/neighbourhoods.geojson", nameProperty: "NAME", field: "neighbourhood"))
        #expect(config.keptFields == ["neighbourhood"])
    }

    @Test("name defaults to the property \"name\", field to \"region\"") func defaults() throws {
        let config = try TestDataset.config("source: p.csv\nregions:\n  source: r.geojson")
        #expect(config.regions == RegionsConfig(source: "r.geojson", nameProperty: "name", field: "region"))
    }

    @Test("errors name the key") func errors() {
        #expect(
            datasetError("source: p.csv\nregions: r.geojson")
                == #"site.yml:4: key "datasets[0].regions": expected a mapping, found "r.geojson""#)
        #expect(
            datasetError("source: p.csv\nregions:\n  name: NAME")?.contains(
                #"key "datasets[0].regions.source": expected the path of a GeoJSON file of polygons"#) == true)
        #expect(
            datasetError("source: p.csv\nregions:\n  source: r.geojson\n  feld: x")
                == #"site.yml:6: key "datasets[0].regions": expected one of source, name, field, found "feld""#)
        #expect(
            datasetError("source: p.csv\nregions:\n  source: r.geojson\n  field: \" \"")
                == #"site.yml:6: key "datasets[0].regions.field": expected a field name, found " ""#)
    }
}
