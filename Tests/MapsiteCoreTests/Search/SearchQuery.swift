import Foundation

@testable import MapsiteCore

/// Runs queries against built search files the way `templates/assets/search.js` does, step for
/// step, and records what it fetched: for tests and for measuring what a browser downloads.
///
/// A query's words are its tokens (`SearchText.tokens`), at most `maximumTerms`. Every word must
/// match a whole token of the item's title or searched fields; the last word may also match the
/// start of a token while the text ends inside it (`"1552 waln"`). Results are ranked by: the
/// last word matching whole rather than as a prefix, then fewer words matched only in fields,
/// then the document number (shorter title, then dataset order, then id).
final class SearchQuery {
    struct Result: Sendable, Equatable {
        var document: Int
        var dataset: String
        var datasetTitle: String
        var title: String
        var detail: String
        /// The item's page, relative to the site root: `cities/london/`.
        var path: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Words after this many are ignored.
    static let maximumTerms = 8

    private let read: (String) -> String?
    private let keys: Set<String>
    private let split: Set<String>
    private let limit: Int
    private let chunk: Int
    private let datasets: [(name: String, title: String)]
    private var shards: [String: Shard] = [:]
    private var cache: [String: [String: Any]] = [:]
    /// Every file fetched so far (site path → bytes); each file is fetched once.
    private(set) var fetched: [String: Int] = [:]

    private struct Shard {
        var tokens: [String]
        var lists: [String]
        var position: [String: Int]
        var long: Set<Int>
        var union: String?
    }

    /// - Parameter read: the text of a site path such as `search/index.json`, or nil when missing.
    /// - Throws: `Failure` when the manifest is missing or of another version.
    init(read: @escaping (String) -> String?) throws {
        self.read = read
        guard let text = read("search/index.json"),
            let manifest = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        else { throw Failure(description: "search/index.json is missing or not JSON") }
        guard manifest["version"] as? Int == SearchIndex.formatVersion else {
            throw Failure(description: "search/index.json is not version \(SearchIndex.formatVersion)")
        }
        fetched["search/index.json"] = text.utf8.count
        keys = Set(manifest["shards"] as? [String] ?? [])
        split = Set(manifest["split"] as? [String] ?? [])
        limit = manifest["limit"] as? Int ?? 10
        chunk = manifest["chunk"] as? Int ?? 32
        datasets = (manifest["datasets"] as? [[String]] ?? []).map { ($0[0], $0[1]) }
    }

    /// The best results for `text`, at most the manifest's `limit`.
    func search(_ text: String) -> [Result] {
        ranked(text).map(result)
    }

    /// The document numbers of the best results for `text`, best first.
    func ranked(_ text: String) -> [Int] {
        var terms = SearchText.tokens(text)
        guard !terms.isEmpty else { return [] }
        let prefix = terms.count <= Self.maximumTerms && SearchText.endsInToken(text)
        terms = Array(terms.prefix(Self.maximumTerms))
        let whole = terms.count > 1
        let lists = terms.enumerated().map { index, term in
            index == terms.count - 1 && prefix ? prefixList(term, whole: whole) : tokenList(term, whole: whole)
        }
        let smallest = lists.indices.min { lists[$0].count < lists[$1].count }!
        var scored: [(lastPrefix: Int, fields: Int, document: Int)] = []
        for (document, _) in lists[smallest] {
            var fields = 0
            var found = true
            for list in lists {
                guard let quality = list[document] else {
                    found = false
                    break
                }
                fields += Int(quality & 1)
            }
            guard found else { continue }
            let lastPrefix = prefix && lists[lists.count - 1][document]! >= 2 ? 1 : 0
            scored.append((lastPrefix, fields, document))
        }
        scored.sort { ($0.lastPrefix, $0.fields, $0.document) < ($1.lastPrefix, $1.fields, $1.document) }
        return scored.prefix(limit).map(\.document)
    }

    /// The shard key for a token or prefix: the longest key that is a prefix of it.
    private func key(for text: String) -> String? {
        var scalars = Array(text.unicodeScalars)
        while true {
            let candidate = String(String.UnicodeScalarView(scalars))
            if keys.contains(candidate) { return candidate }
            if scalars.isEmpty { return nil }
            scalars.removeLast()
        }
    }

    private func base(_ key: String) -> String { "search/s/" + ShardPlan.name(of: key) }

    /// Documents with the whole token, quality 0 (title) or 1 (field). `whole`: the whole list,
    /// else a long list's head is enough (one word: only the best results are needed).
    private func tokenList(_ token: String, whole: Bool) -> [Int: UInt8] {
        guard let key = key(for: token), let shard = shard(key), let position = shard.position[token] else {
            return [:]
        }
        var map: [Int: UInt8] = [:]
        for posting in PostingList.decode(list(shard, key: key, position: position, whole: whole), bits: 1) {
            map[Int(posting.document)] = posting.quality
        }
        return map
    }

    /// Documents with a token starting with `prefix`: quality 0–1 for the whole token, 2–3 for a longer one.
    private func prefixList(_ prefix: String, whole: Bool) -> [Int: UInt8] {
        guard let key = key(for: prefix), let shard = shard(key) else { return [:] }
        var map: [Int: UInt8] = [:]
        if key == prefix && split.contains(key) {
            let text = whole ? file(base(key) + ".u.json")?["p"] as? String ?? "" : shard.union ?? ""
            for posting in PostingList.decode(text, bits: 2) { map[Int(posting.document)] = posting.quality }
            return map
        }
        // By Unicode scalars, as JavaScript compares code units; Swift's `hasPrefix` compares characters.
        for (position, token) in shard.tokens.enumerated()
        where token.unicodeScalars.starts(with: prefix.unicodeScalars) {
            let extra: UInt8 = token.unicodeScalars.count == prefix.unicodeScalars.count ? 0 : 2
            for posting in PostingList.decode(list(shard, key: key, position: position, whole: whole), bits: 1) {
                let document = Int(posting.document)
                map[document] = min(map[document] ?? 3, posting.quality + extra)
            }
        }
        return map
    }

    private func list(_ shard: Shard, key: String, position: Int, whole: Bool) -> String {
        guard whole && shard.long.contains(position) else { return shard.lists[position] }
        return file(base(key) + ".\(position).json")?["p"] as? String ?? ""
    }

    private func shard(_ key: String) -> Shard? {
        if let shard = shards[key] { return shard }
        guard let object = file(base(key) + ".json") else { return nil }
        let tokens = (object["t"] as? String ?? "").split(separator: " ").map(String.init)
        let lists = (object["p"] as? String ?? "").split(separator: " ", omittingEmptySubsequences: false).map(
            String.init)
        let long = (object["b"] as? [[Int]] ?? []).map { $0[0] }
        let shard = Shard(
            tokens: tokens, lists: lists,
            position: Dictionary(tokens.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a }),
            long: Set(long), union: object["u"] as? String)
        shards[key] = shard
        return shard
    }

    private func file(_ path: String) -> [String: Any]? {
        if let object = cache[path] { return object }
        guard let text = read(path),
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        else { return nil }
        fetched[path] = text.utf8.count
        cache[path] = object
        return object
    }

    private func result(_ document: Int) -> Result {
        let entries = file("search/d/\(document / chunk).json")?["d"] as? [[Any]] ?? []
        let entry = document % chunk < entries.count ? entries[document % chunk] : []
        let title = entry.first as? String ?? ""
        let dataset = entry.count > 1 ? entry[1] as? Int ?? 0 : 0
        let slug = (entry.count > 3 ? entry[3] as? String : nil) ?? SearchText.derivedSlug(title) ?? ""
        let (name, datasetTitle) = dataset < datasets.count ? datasets[dataset] : ("", "")
        return Result(
            document: document, dataset: name, datasetTitle: datasetTitle, title: title,
            detail: entry.count > 2 ? entry[2] as? String ?? "" : "", path: name + "/" + slug + "/")
    }
}
