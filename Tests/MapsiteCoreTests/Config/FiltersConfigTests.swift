import Foundation
import Testing

@testable import MapsiteCore

/// `filters:` in site.yml: names or `{field, type, label, format}`, the `group_by` fields when
/// absent; a wrong type or a field twice is an error naming the line.
@Suite("filters in site.yml")
struct FiltersConfigTests {
    private static let dataset = """
        datasets:
          - source: photos.csv
            fields:
              - name: borough
                label: Borough of New York
            group_by: [borough, folder]

        """

    private func parse(_ yaml: String) throws -> SiteConfig {
        try ConfigLoader.parse(yaml, file: "content/site.yml")
    }

    private func message(_ yaml: String) -> String? {
        (#expect(throws: InputError.self) { try parse(yaml) })?.description
    }

    @Test("by default each group_by field, its label from fields:") func defaults() throws {
        let filters = try parse(Self.dataset).datasets[0].filters
        #expect(filters.map(\.field) == ["borough", "folder"])
        #expect(filters.map(\.label) == ["Borough of New York", "Folder"])
        #expect(filters.allSatisfy { $0.kind == .values })
    }

    @Test("names, years and ranges; a range takes a format; each filter's field is kept") func kinds() throws {
        let yaml =
            Self.dataset
            + "    filters:\n      - borough\n      - {field: date, type: year, label: Year}\n"
            + "      - {field: value, type: range, format: currency}\n      - {field: size, format: number}\n"
        let config = try parse(yaml).datasets[0]
        #expect(config.filters.map(\.field) == ["borough", "date", "value", "size"])
        #expect(config.filters[1] == FilterConfig(field: "date", label: "Year", kind: .year))
        #expect(config.filters[2].kind == .range(.currency(symbol: "$")))
        #expect(config.filters[3].kind == .range(.number))
        #expect(config.keptFields.contains("date") && config.keptFields.contains("value"))
        #expect(try parse(Self.dataset + "    filters: []\n").datasets[0].filters.isEmpty)
    }

    @Test("an unknown type, a field twice or an unknown key is an error naming its line") func errors() {
        #expect(
            message(Self.dataset + "    filters:\n      - {field: date, type: decade}\n")
                == #"content/site.yml:8: key "datasets[0].filters[0].type": expected values, range or year, found "decade""#
        )
        #expect(
            message(Self.dataset + "    filters: [borough, borough]\n")?.contains("expected each field once") == true)
        #expect(message(Self.dataset + "    filters:\n      - {field: date, kind: year}\n")?.contains("kind") == true)
    }
}
