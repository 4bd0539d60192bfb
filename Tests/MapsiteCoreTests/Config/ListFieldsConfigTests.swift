import Foundation
import Testing

@testable import MapsiteCore

/// `list_fields`: names among the dataset's `fields`, each once; anything else is an error that
/// names the line of site.yml, the key and the fields there are.
@Suite("list_fields in site.yml")
struct ListFieldsConfigTests {
    private static let dataset = """
        datasets:
          - source: boxes.csv
            fields:
              - name: collection_times
                format: hours
              - zip

        """

    private func parse(_ yaml: String) throws -> SiteConfig {
        try ConfigLoader.parse(yaml, file: "content/site.yml")
    }

    private func message(_ yaml: String) -> String? {
        (#expect(throws: InputError.self) { try parse(yaml) })?.description
    }

    @Test("a list, or one name, in the order given; none by default") func names() throws {
        #expect(try parse(Self.dataset).datasets[0].listFields == [])
        let two = try parse(Self.dataset + "    list_fields: [zip, collection_times]\n")
        #expect(two.datasets[0].listFields == ["zip", "collection_times"])
        #expect(try parse(Self.dataset + "    list_fields: zip\n").datasets[0].listFields == ["zip"])
    }

    @Test("a field the dataset does not list is an error naming its line and the fields there are")
    func unknown() {
        #expect(
            message(Self.dataset + "    list_fields:\n      - zip\n      - pickup\n")
                == #"content/site.yml:9: key "datasets[0].list_fields": expected a name among the dataset's fields: collection_times, zip, found "pickup""#
        )
        #expect(
            message("datasets:\n  - source: a.csv\n    list_fields: [zip]\n")
                == #"content/site.yml:3: key "datasets[0].list_fields": expected no list_fields: the dataset lists no fields: to show, found "zip""#
        )
    }

    @Test("a field named twice") func twice() {
        #expect(
            message(Self.dataset + "    list_fields: [zip, zip]\n")
                == #"content/site.yml:7: key "datasets[0].list_fields": expected each field once, found "zip""#)
    }
}
