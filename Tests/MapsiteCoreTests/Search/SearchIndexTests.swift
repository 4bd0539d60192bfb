import Foundation
import Testing

@testable import MapsiteCore

@Suite("Search: index and queries")
struct SearchIndexTests {
    private func titles(_ query: String) throws -> [String] {
        let index = SearchIndex(datasets: try SearchFixture.datasets())
        return try SearchScript.search(index, query).results.map(\.title)
    }

    @Test("munchen and münchen find each other's spelling") func umlautBothWays() throws {
        // Marienplatz has the city "München", Englischer Garten "Munchen".
        let plain = try titles("munchen")
        #expect(plain == ["München Hauptbahnhof", "Marienplatz", "Deutsches Museum", "Englischer Garten"])
        #expect(try titles("münchen") == plain)
        #expect(try titles("MÜNCHEN") == plain)
    }

    @Test("a title match ranks before field matches") func titleFirst() throws {
        #expect(try titles("münchen").first == "München Hauptbahnhof")
        #expect(try titles("paris").first == "Paris")
        #expect(try titles("paris").prefix(2) == ["Paris", "Paris Plage"])
    }

    @Test("numbers are tokens: 1552 walnut") func houseNumber() throws {
        #expect(try titles("1552 walnut") == ["1552 Walnut St"])
        #expect(try titles("1552 Walnut St") == ["1552 Walnut St"])
        #expect(try titles("1552 wal") == ["1552 Walnut St"])
        #expect(try titles("1552") == ["1552 Walnut St", "1552 Chestnut St"])
    }

    @Test("the last word matches by prefix while it is being typed") func prefix() throws {
        #expect(try titles("zür") == ["Zürich HB"])
        #expect(try titles("zur") == ["Zürich HB"])
        #expect(try titles("marienpl") == ["Marienplatz"])
        #expect(try titles("marienpl ").isEmpty)
        #expect(try titles("lod") == ["Łódź Fabryczna"])
        #expect(try titles("strasse") == ["Straße des 17. Juni"])
    }

    @Test("an exact token ranks before a longer one") func exactFirst() throws {
        #expect(try titles("park") == ["Park", "Parkside Café"])
        #expect(try titles("par").prefix(3) == ["Park", "Paris", "Paris Plage"])
    }

    @Test("every word must match (AND)") func and() throws {
        #expect(try titles("walnut sacramento") == ["Walnut Grove"])
        #expect(try titles("walnut") == ["Walnut Grove", "1552 Walnut St"])
        #expect(try titles("walnut berlin").isEmpty)
        #expect(try titles("paris fr") == ["Paris Plage", "Parkside Café"])
        #expect(try titles("paris us") == ["Paris"])
    }

    @Test("no words, no results") func empty() throws {
        #expect(try titles("").isEmpty)
        #expect(try titles(" ,.- ").isEmpty)
        #expect(try titles("xyzzy").isEmpty)
    }

    @Test("results name their dataset and page") func resultFields() throws {
        let datasets = try SearchFixture.datasets()
        let items = datasets[0].items
        let queries = ["orsay", "1552 walnut"] + items.map { $0.title + " " + $0.values.joined(separator: " ") }
        let outcomes = try SearchScript.search(SearchIndex(datasets: datasets), queries)
        let orsay = try #require(outcomes[0].results.first)
        #expect(orsay.dataset == "museums")
        #expect(orsay.datasetTitle == "Museums")
        #expect(orsay.detail == "Paris")
        #expect(orsay.path == "museums/\(datasets[1].items.first { $0.id == "m2" }!.slug)/")
        let walnut = try #require(outcomes[1].results.first)
        #expect(walnut.detail == "Philadelphia, US")  // the street is the title
        for (item, outcome) in zip(items, outcomes.dropFirst(2)) {
            #expect(outcome.results.map(\.path).contains("places/\(item.slug)/"), "\(item.title)")
        }
    }

    @Test("documents carry a safe thumbnail, after the slug or a null in its place")
    func thumbnails() throws {
        let photos = try TestDataset.load(
            """
            id,name,thumb,lat,lon
            a,Harbour,thumbs/a.jpg,1,1
            b,Pier 17 & Co,https://example.org/b.jpg,1,2
            c,Quay,javascript:alert(1),1,3
            d,Dock,,1,4
            """,
            """
            name: photos
            source: photos.csv
            id: id
            item_title: name
            latitude: lat
            longitude: lon
            thumbnail: thumb
            """)
        let index = SearchIndex(datasets: [photos])
        let documents = index.files.filter { $0.path.hasPrefix("search/d/") }.map(\.json).joined()
        let entries = try documents.split(separator: "\n").flatMap { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: [[Any]]])["d"] ?? []
        }
        func entry(_ title: String) -> [Any]? { entries.first { $0.first as? String == title } }
        // A slug the script derives from the title: null in its place before the thumbnail.
        let harbour = try #require(entry("Harbour"))
        #expect(harbour.count == 5 && harbour[3] is NSNull && harbour[4] as? String == "thumbs/a.jpg")
        let pier = try #require(entry("Pier 17 & Co"))
        #expect(pier.count == 5 && pier[4] as? String == "https://example.org/b.jpg")
        // Unsafe or missing: no thumbnail, and nothing after the detail unless the slug needs it.
        #expect(try #require(entry("Quay")).count == 3)
        #expect(try #require(entry("Dock")).count == 3)
        // The browser finds the pages whether the slug is there, null or left out, and shows the
        // thumbnail that is there.
        let outcomes = try SearchScript.search(index, photos.items.map(\.title))
        for (item, outcome) in zip(photos.items, outcomes) {
            #expect(outcome.results.first?.path == "photos/\(item.slug)/", "\(item.title)")
        }
        #expect(outcomes.map { $0.results.first?.thumbnail } == ["thumbs/a.jpg", "https://example.org/b.jpg", "", ""])
    }

    @Test("group fields are searched and shown; other kept fields are not") func groupFields() throws {
        let config = """
            source: shops.csv
            id: id
            item_title: name
            latitude: lat
            longitude: lon
            fields: [street]
            group_by: [borough]
            aggregates: [rent]
            """
        let shops = try TestDataset.load(
            "id,name,street,borough,rent,lat,lon\n1,Corner Shop,Elm St,Brooklyn,1200,40.6,-73.9", config)
        let outcomes = try SearchScript.search(SearchIndex(datasets: [shops]), ["brooklyn", "1200"])
        #expect(outcomes[0].results.map(\.title) == ["Corner Shop"])
        #expect(outcomes[0].results.first?.detail == "Elm St, Brooklyn")
        #expect(outcomes[1].results.isEmpty)
        var options = SearchIndex.Options()
        options.fields = { _ in ["rent"] }
        #expect(try SearchScript.search(SearchIndex(datasets: [shops], options: options), "1200").results.count == 1)
    }

    @Test("long words are cut to 32 characters and do not split shards letter by letter") func longWords() throws {
        let base = String(repeating: "x7", count: 25)
        let rows = (0..<40).map { "\($0),\(base)\($0) Tower,,Paris,FR,48.8,2.3" }
        let dataset = try TestDataset.load(
            "id,name,street,city,country,lat,lon\n" + rows.joined(separator: "\n"), SearchFixture.placesConfig)
        var options = SearchIndex.Options()
        options.shardBudget = 300
        let index = SearchIndex(datasets: [dataset], options: options)
        #expect(index.shardCount < 10)
        let outcomes = try SearchScript.search(index, [base + "7 tower", String(base.prefix(20))])
        #expect(outcomes.map(\.results.count) == [10, 10])
    }

    @Test("a small site is one shard") func oneShard() throws {
        let index = SearchIndex(datasets: try SearchFixture.datasets())
        #expect(index.shardCount == 1)
        #expect(index.files.map(\.path).contains("search/s/_.json"))
        #expect(index.files.first?.path == "search/index.json")
    }

    @Test("the manifest names the format, the datasets and the shards") func manifest() throws {
        let index = SearchIndex(datasets: try SearchFixture.datasets())
        let manifest = try #require(
            JSONSerialization.jsonObject(with: Data(index.files[0].json.utf8)) as? [String: Any])
        #expect(manifest["version"] as? Int == 1)
        #expect(manifest["scheme"] as? String == "prefix")
        #expect(manifest["limit"] as? Int == 10)
        #expect(manifest["documents"] as? Int == 16)
        #expect(manifest["datasets"] as? [[String]] == [["places", "Places"], ["museums", "Museums"]])
        #expect(manifest["shards"] as? [String] == [""])
    }

    @Test("a query fetches the manifest, one shard and the document files of its results") func fetches() throws {
        let outcome = try SearchScript.search(SearchIndex(datasets: try SearchFixture.datasets()), "paris")
        #expect(outcome.fetched.sorted() == ["search/d/0.json", "search/index.json", "search/s/_.json"])
    }
}
