import Foundation
import Testing

@testable import MapsiteCore

/// Small datasets for the search tests, and the ranking computed by brute force over every item,
/// to check what the browser's query (`SearchScript`) finds in the shards.
enum SearchFixture {
    static let placesConfig = """
        name: places
        title: Places
        source: places.csv
        id: id
        item_title: name
        latitude: lat
        longitude: lon
        fields: [street, city, country]
        """

    static let places = """
        id,name,street,city,country,lat,lon
        1,Marienplatz,Marienplatz 1,München,DE,48.137,11.575
        2,Englischer Garten,,Munchen,DE,48.152,11.592
        3,1552 Walnut St,1552 Walnut St,Philadelphia,US,39.949,-75.167
        4,1552 Chestnut St,1552 Chestnut St,Philadelphia,US,39.951,-75.168
        5,Walnut Grove,,Sacramento,US,38.240,-121.511
        6,Straße des 17. Juni,,Berlin,DE,52.514,13.350
        7,Łódź Fabryczna,,Łódź,PL,51.770,19.470
        8,Zürich HB,Bahnhofplatz,Zürich,CH,47.378,8.540
        9,São Paulo,,São Paulo,BR,-23.550,-46.633
        10,Park,,Springfield,US,39.780,-89.650
        11,Parkside Café,,Paris,FR,48.857,2.352
        12,Paris Plage,,Paris,FR,48.856,2.353
        13,München Hauptbahnhof,Bayerstraße 10a,München,DE,48.140,11.558
        14,Paris,,Paris,US,33.661,-95.555
        """

    static let museumsConfig = """
        name: museums
        title: Museums
        source: museums.csv
        id: id
        item_title: name
        latitude: lat
        longitude: lon
        fields: [city]
        """

    static let museums = """
        id,name,city,lat,lon
        m1,Deutsches Museum,München,48.130,11.583
        m2,Musée d'Orsay,Paris,48.860,2.327
        """

    static func datasets() throws -> [Dataset] {
        [try TestDataset.load(places, placesConfig), try TestDataset.load(museums, museumsConfig)]
    }

    /// Places with made-up names from a fixed seed: names from few syllables (so many share
    /// tokens and prefixes, and some tokens have long lists), streets with a number no other
    /// place has, cities from a short list.
    static func generated(count: Int, seed: UInt64 = 7) throws -> Dataset {
        let syllables = [
            "san", "ta", "ma", "ri", "o", "lon", "don", "ber", "lin", "mün", "chen", "pa", "ris", "zü", "rich",
        ]
        let words = ["Park", "Station", "Lake", "North", "St", "de", "la", "Ærø", "Straße", "1st", "2nd"]
        let cities = ["Springfield", "Paris", "Łódź", "São Paulo", "München", "Portland", "York", "Dublin"]
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var rows = ["id,name,street,city,country,lat,lon"]
        for index in 0..<count {
            var name = ""
            for _ in 0..<(1 + next(3)) { name += syllables[next(syllables.count)] }
            name = name.prefix(1).uppercased() + name.dropFirst()
            if next(2) == 0 { name += " " + words[next(words.count)] }
            if next(4) == 0 { name = words[next(words.count)] + " " + name }
            let street = "\(10_000 + index) \(words[next(words.count)]) Road"
            let latitude = Double(next(1_700)) / 10 - 85
            let longitude = Double(next(3_600)) / 10 - 180
            rows.append("\(index),\(name),\(street),\(cities[next(cities.count)]),C\(next(5)),\(latitude),\(longitude)")
        }
        return try TestDataset.load(rows.joined(separator: "\n"), placesConfig)
    }

    /// The ranking rules applied to every item, without an index: what the shards must return.
    struct Reference {
        struct Document {
            var title: Set<String>
            var fields: Set<String>
            var order: [Int]
            var folded: String
            var path: String
        }

        /// Words after this many are ignored (`MAX_TERMS` in `core/search.js`).
        static let maximumTerms = 8

        var documents: [Document] = []

        init(_ datasets: [Dataset]) {
            for (datasetIndex, dataset) in datasets.enumerated() {
                for (itemIndex, item) in dataset.items.enumerated() {
                    let title = Set(SearchText.tokens(item.title))
                    documents.append(
                        Document(
                            title: title, fields: Set(item.values.flatMap(SearchText.tokens)).subtracting(title),
                            order: [item.title.unicodeScalars.count, datasetIndex, itemIndex],
                            folded: SearchText.fold(item.title), path: "\(dataset.name)/\(item.slug)/"))
                }
            }
        }

        /// Item paths, best first: last word whole, fewer words only in fields, shorter title,
        /// folded title, dataset, item.
        func ranked(_ text: String, limit: Int = 10) -> [String] {
            var terms = SearchText.tokens(text)
            guard !terms.isEmpty else { return [] }
            let prefix = terms.count <= Self.maximumTerms && SearchText.endsInToken(text)
            terms = Array(terms.prefix(Self.maximumTerms))
            var scored: [(key: [Int], document: Document)] = []
            for document in documents {
                var fieldOnly = 0
                var lastPrefix = 0
                var matches = true
                for (index, term) in terms.enumerated() {
                    var quality: Int? = document.title.contains(term) ? 0 : document.fields.contains(term) ? 1 : nil
                    if quality == nil && index == terms.count - 1 && prefix {
                        let starts = { (token: String) in token.unicodeScalars.starts(with: term.unicodeScalars) }
                        quality =
                            document.title.contains(where: starts)
                            ? 2 : document.fields.contains(where: starts) ? 3 : nil
                        lastPrefix = 1
                    }
                    guard let quality else {
                        matches = false
                        break
                    }
                    fieldOnly += quality & 1
                }
                if matches { scored.append(([lastPrefix, fieldOnly], document)) }
            }
            scored.sort { a, b in
                if a.key != b.key { return a.key.lexicographicallyPrecedes(b.key) }
                if a.document.order[0] != b.document.order[0] { return a.document.order[0] < b.document.order[0] }
                if !a.document.folded.utf8.elementsEqual(b.document.folded.utf8) {
                    return a.document.folded.utf8.lexicographicallyPrecedes(b.document.folded.utf8)
                }
                return a.document.order[1...].lexicographicallyPrecedes(b.document.order[1...])
            }
            return scored.prefix(limit).map(\.document.path)
        }
    }
}
