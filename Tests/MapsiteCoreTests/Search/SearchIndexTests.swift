import Foundation
import Testing

@testable import MapsiteCore

@Suite("Search: index and queries")
struct SearchIndexTests {
    private func titles(_ query: String) throws -> [String] {
        let index = SearchIndex(datasets: try SearchFixture.datasets())
        return try SearchFixture.query(index).search(query).map(\.title)
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
        let query = try SearchFixture.query(SearchIndex(datasets: datasets))
        let orsay = try #require(query.search("orsay").first)
        #expect(orsay.dataset == "museums")
        #expect(orsay.datasetTitle == "Museums")
        #expect(orsay.detail == "Paris")
        #expect(orsay.path == "museums/\(datasets[1].items.first { $0.id == "m2" }!.slug)/")
        let walnut = try #require(query.search("1552 walnut").first)
        #expect(walnut.detail == "Philadelphia, US")  // the street is the title
        for item in datasets[0].items {
            let found = query.search(item.title + " " + item.values.joined(separator: " "))
            #expect(found.map(\.path).contains("places/\(item.slug)/"), "\(item.title)")
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
        // The query mirror reads the pages right whether the slug is there, null or left out.
        let query = try SearchFixture.query(index)
        for item in photos.items {
            #expect(query.search(item.title).first?.path == "photos/\(item.slug)/", "\(item.title)")
        }
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
        let query = try SearchFixture.query(SearchIndex(datasets: [shops]))
        #expect(query.search("brooklyn").map(\.title) == ["Corner Shop"])
        #expect(query.search("brooklyn").first?.detail == "Elm St, Brooklyn")
        #expect(query.search("1200").isEmpty)
        var options = SearchIndex.Options()
        options.fields = { _ in ["rent"] }
        #expect(try SearchFixture.query(SearchIndex(datasets: [shops], options: options)).search("1200").count == 1)
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
        let query = try SearchFixture.query(index)
        #expect(query.search(base + "7 tower").count == 10)
        #expect(query.search(String(base.prefix(20))).count == 10)
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
        let query = try SearchFixture.query(SearchIndex(datasets: try SearchFixture.datasets()))
        _ = query.search("paris")
        #expect(query.fetched.keys.sorted() == ["search/d/0.json", "search/index.json", "search/s/_.json"])
    }
}
