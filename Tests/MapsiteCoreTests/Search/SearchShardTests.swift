import Foundation
import Testing

@testable import MapsiteCore

/// Thousands of generated places with small budgets, so that shards split several levels deep,
/// many tokens have long lists and prefixes span several shards.
@Suite("Search: shards of a larger index")
struct SearchShardTests {
    static let options: SearchIndex.Options = {
        var options = SearchIndex.Options()
        options.shardBudget = 2_048
        options.longListBytes = 96
        options.chunkSize = 16
        return options
    }()

    static let dataset = Result { try SearchFixture.generated(count: 3_000) }

    private func build() throws -> (Dataset, SearchIndex, [String: String]) {
        let dataset = try Self.dataset.get()
        let index = SearchIndex(datasets: [dataset], options: Self.options)
        return (dataset, index, Dictionary(uniqueKeysWithValues: index.files.map { ($0.path, $0.json) }))
    }

    private func object(_ text: String?) throws -> [String: Any] {
        let text = try #require(text)
        return try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("every shard is within the budget, and the index has split shards and long lists") func budget() throws {
        let (_, index, files) = try build()
        let shards = files.filter { $0.key.hasPrefix("search/s/") && $0.key.split(separator: ".").count == 2 }
        #expect(shards.count == index.shardCount)
        #expect(shards.count > 20)
        for (path, json) in shards { #expect(json.utf8.count <= Self.options.shardBudget, "\(path)") }
        #expect(index.largestShard <= Self.options.shardBudget)
        #expect(files.keys.contains { $0.hasSuffix(".u.json") })
        #expect(files.keys.contains { $0.split(separator: ".").count == 3 && !$0.hasSuffix(".u.json") })
    }

    @Test("every posting is in the shard of the longest key that prefixes its token") func complete() throws {
        let (dataset, _, files) = try build()
        let manifest = try object(files["search/index.json"])
        let keys = Set(try #require(manifest["shards"] as? [String]))
        let documents = SearchDocuments(datasets: [dataset], fields: [[0, 1, 2]])
        var seen = 0
        for key in keys {
            let base = "search/s/" + ShardPlan.name(of: key)
            let shard = try object(files[base + ".json"])
            let tokens = (shard["t"] as? String ?? "").split(separator: " ").map(String.init)
            let lists = (shard["p"] as? String ?? "").split(separator: " ").map(String.init)
            let long = Dictionary(uniqueKeysWithValues: (shard["b"] as? [[Int]] ?? []).map { ($0[0], $0[1]) })
            for (position, token) in tokens.enumerated() {
                let longest = keys.filter { token.unicodeScalars.starts(with: $0.unicodeScalars) }
                    .max { $0.unicodeScalars.count < $1.unicodeScalars.count }
                #expect(longest == key, "\(token) is in shard \(key)")
                var text = lists[position]
                if let count = long[position] {
                    text = try object(files["\(base).\(position).json"])["p"] as? String ?? ""
                    #expect(PostingList.decode(text, bits: 1).count == count)
                    #expect(
                        PostingList.decode(lists[position], bits: 1)
                            == SearchIndex.head(documents.postings[token] ?? [], limit: 10))
                }
                #expect(PostingList.decode(text, bits: 1) == documents.postings[token], "\(token)")
                seen += 1
            }
        }
        #expect(seen == documents.postings.count)
    }

    @Test("a split shard's union list holds every document with its prefix") func unions() throws {
        let (dataset, _, files) = try build()
        let manifest = try object(files["search/index.json"])
        let split = try #require(manifest["split"] as? [String])
        #expect(!split.isEmpty)
        let documents = SearchDocuments(datasets: [dataset], fields: [[0, 1, 2]])
        for key in split {
            let base = "search/s/" + ShardPlan.name(of: key)
            let expected = SearchIndex.union(
                prefix: key,
                tokens: documents.postings.filter { $0.key.unicodeScalars.starts(with: key.unicodeScalars) }.map {
                    ($0.key, $0.value)
                })
            let union = PostingList.decode(try object(files[base + ".u.json"])["p"] as? String ?? "", bits: 2)
            #expect(union == expected, "\(key)")
            let head = PostingList.decode(try object(files[base + ".json"])["u"] as? String ?? "", bits: 2)
            #expect(head == SearchIndex.head(expected, limit: 10), "\(key)")
        }
    }

    @Test("the same places give the same files, whatever the order of the rows") func deterministic() throws {
        let (dataset, index, _) = try build()
        let again = SearchIndex(datasets: [dataset], options: Self.options)
        #expect(index.files.map(\.path) == again.files.map(\.path))
        #expect(index.files.map(\.json) == again.files.map(\.json))
        var shuffled = dataset
        shuffled.items.reverse()
        shuffled.items.sort { $0.id < $1.id }  // as the loader orders them
        #expect(SearchIndex(datasets: [shuffled], options: Self.options).files.map(\.json) == index.files.map(\.json))
    }

    @Test("every item is reachable: its title and house number find it") func reachable() throws {
        let (dataset, index, _) = try build()
        let queries = dataset.items.map { "\($0.title) \($0.values[0].split(separator: " ")[0])" }
        let outcomes = try SearchScript.search(index, queries)
        for (item, outcome) in zip(dataset.items, outcomes) {
            #expect(outcome.results.map(\.path) == ["places/\(item.slug)/"], "\(outcome.query)")
        }
    }

    @Test("queries return the best results of a search over every item") func recall() throws {
        let (dataset, index, _) = try build()
        let reference = SearchFixture.Reference([dataset])
        var queries = [
            "s", "sa", "san", "sant", "mu", "mü", "mün", "münchen", "munchen ", "lon", "london", "de", "de ", "la 1",
            "la 1st", "park s", "park st", "aer", "ærø", "strasse", "straße p", "c1", "c1 ", "c1 c2", "c1 paris",
            "paris c", "lodz", "łódź c3", "sao", "são paulo", "10", "100", "1000", "10007", "road", "road 1",
            "north lake", "zz", "x",
        ]
        for item in dataset.items.enumerated().filter({ $0.offset % 53 == 0 }).map(\.element) {
            let tokens = SearchText.tokens(item.title)
            queries.append(String(item.title.prefix(2)))
            queries.append(String(item.title.prefix(4)))
            queries.append(item.title)
            queries.append(item.title + " ")
            queries.append(tokens.last! + " " + item.values[1].prefix(3))
        }
        for outcome in try SearchScript.search(index, queries) {
            #expect(outcome.results.map(\.path) == reference.ranked(outcome.query), "\(outcome.query)")
        }
        #expect(queries.filter { !reference.ranked($0).isEmpty }.count > queries.count * 3 / 4)
    }

    @Test("a one-word query reads one shard and no long list") func oneWord() throws {
        let (_, index, _) = try build()
        for outcome in try SearchScript.search(index, ["s", "sa", "san", "c1", "road", "lon", "1", "1000"]) {
            let lists = outcome.fetched.filter { $0.hasPrefix("search/s/") && $0.split(separator: ".").count > 2 }
            #expect(lists.isEmpty, "\(outcome.query): \(lists)")
            #expect(outcome.fetched.filter { $0.hasPrefix("search/s/") }.count <= 1, "\(outcome.query)")
        }
    }
}
