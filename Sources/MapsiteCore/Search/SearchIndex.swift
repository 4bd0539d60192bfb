import Foundation

/// The site's search index as static files under `search/`, read by `templates/assets/core/search.js`.
/// A query fetches the small manifest once, then only the shards of its words' prefixes and the
/// document files of the results it shows.
///
/// Files (JSON; site paths):
/// - `search/index.json`: `{"version":1, "scheme":"prefix", "limit":10, "chunk":32,
///   "documents":N, "datasets":[[name, title], …], "shards":[key, …], "split":[key, …]}`.
///   A token belongs to the shard with the longest key that is a prefix of it (the key `""`
///   takes the rest). `split` lists the keys some of whose longer tokens went to child shards.
/// - `search/s/<name>.json`, one per key: `{"t":"token token …", "p":"list list …",
///   "b":[[position, count], …], "u":"…", "n":N}`. `t` and `p` are parallel, space-separated:
///   each token's posting list (`PostingList`, one quality bit: 0 title, 1 field). A token in `b`
///   has a long list: `p` holds only its best `limit` postings and the whole list is in
///   `search/s/<name>.<position>.json`. A split shard has `u`, the best `limit` postings of every
///   document with a token starting with its key (two quality bits: 0–1 the key as a whole
///   token, 2–3 a longer one), `n` their number, and all of them in `search/s/<name>.u.json`.
///   Those two kinds of file are `{"p":"…"}`. `<name>` is the key when it is `[a-z0-9]+`, else
///   `_` and its UTF-8 bytes in hexadecimal (`_` alone for `""`).
/// - `search/d/<n>.json`: documents `n·chunk …`, `{"d":[[title, dataset, detail(, slug(,
///   thumbnail))], …]}`; the slug is left out (or `null`, before a thumbnail) when
///   `SearchText.derivedSlug(title)` gives it. The thumbnail's URL is as on item pages: `http(s)`,
///   or relative to the site root.
///
/// Documents are numbered by shorter title, then folded title, then dataset, then item (id) order,
/// so results rank by number once their match quality is known (see `core/search.js`).
public struct SearchIndex: Sendable {
    public static let formatVersion = 1

    public struct Options: Sendable {
        /// The largest shard, in bytes; a shard over it is split by one more character of prefix.
        public var shardBudget = 8_192
        /// A token whose encoded list is longer keeps only its best `resultLimit` postings in its
        /// shard, and its whole list in a file of its own, read only for queries of two or more words.
        public var longListBytes = 1_024
        /// How many results a query shows.
        public var resultLimit = 10
        /// Documents per document file.
        public var chunkSize = 32
        /// The fields searched and shown under each result, by dataset: by default the fields shown
        /// on item pages, then the `group_by` fields.
        public var fields: @Sendable (DatasetConfig) -> [String] = { $0.fields.map(\.name) + $0.groupBy }

        public init() {}
    }

    /// Site path → JSON text, manifest first.
    public var files: [(path: String, json: String)]
    public var documentCount: Int
    public var tokenCount: Int
    public var shardCount: Int
    /// The bytes of the largest shard.
    public var largestShard: Int

    static let directory = "search/"

    /// Indexes every item of `datasets`: titles and the configured fields.
    /// - Complexity: O(n log n) for n items, plus O(total text) to tokenise and O(postings · d)
    ///   to plan shards d characters deep.
    public init(datasets: [Dataset], options: Options = .init()) {
        let fields = datasets.map { dataset in
            let kept = dataset.config.keptFields
            var indexes: [Int] = []
            for name in options.fields(dataset.config) {
                if let index = kept.firstIndex(of: name), !indexes.contains(index) { indexes.append(index) }
            }
            return indexes
        }
        let documents = SearchDocuments(datasets: datasets, fields: fields)
        let byBytes = UTF8Order.sortedPositions(of: documents.tokens)
        let tokens = byBytes.map { documents.tokens[$0] }
        let lists = byBytes.map { documents.lists[$0] }
        let limit = options.resultLimit

        // What each token puts in its shard: its whole list, or the head of a long one.
        var entries: [String] = []
        var longLists: [Int: String] = [:]
        entries.reserveCapacity(tokens.count)
        for (index, list) in lists.enumerated() {
            let whole = PostingList.encode(list, bits: 1)
            if whole.utf8.count > options.longListBytes {
                longLists[index] = whole
                entries.append(PostingList.encode(Self.head(list, limit: limit), bits: 1))
            } else {
                entries.append(whole)
            }
        }
        let sizes = tokens.indices.map { index in
            tokens[index].utf8.count + entries[index].utf8.count + 2 + (longLists[index] == nil ? 0 : 16)
        }
        let plan = ShardPlan(
            tokens: tokens, sizes: sizes, budget: options.shardBudget, overhead: 32, splitOverhead: 24 + 4 * limit)

        var files: [(String, String)] = []
        var shardFiles: [(String, String)] = []
        var listFiles: [(String, String)] = []
        for shard in plan.shards {
            let base = Self.directory + "s/" + ShardPlan.name(of: shard.key)
            var long: [JSONWriter.Value] = []
            for (position, token) in shard.tokens.enumerated() {
                guard let whole = longLists[token] else { continue }
                long.append(.array([.int(position), .int(lists[token].count)]))
                listFiles.append(("\(base).\(position).json", Self.listFile(whole)))
            }
            var members: [(String, JSONWriter.Value)] = [
                ("t", .string(shard.tokens.map { tokens[$0] }.joined(separator: " "))),
                ("p", .string(shard.tokens.map { entries[$0] }.joined(separator: " "))),
                ("b", .array(long)),
            ]
            if shard.isSplit && !shard.key.isEmpty {
                let union = Self.union(prefix: shard.key, tokens: shard.subtree.map { (tokens[$0], lists[$0]) })
                members.append(("u", .string(PostingList.encode(Self.head(union, limit: limit), bits: 2))))
                members.append(("n", .int(union.count)))
                listFiles.append(("\(base).u.json", Self.listFile(PostingList.encode(union, bits: 2))))
            }
            shardFiles.append((base + ".json", JSONWriter.encode(.object(members)) + "\n"))
        }
        let chunks = documents.chunks(datasets: datasets, fields: fields, chunkSize: options.chunkSize)
        files.append(
            (
                Self.directory + "index.json",
                Self.manifest(datasets: datasets, documents: documents.order.count, plan: plan, options: options)
            ))
        files += shardFiles
        files += listFiles
        for (number, chunk) in chunks.enumerated() { files.append((Self.directory + "d/\(number).json", chunk)) }

        self.files = files
        self.documentCount = documents.order.count
        self.tokenCount = tokens.count
        self.shardCount = shardFiles.count
        self.largestShard = shardFiles.map(\.1.utf8.count).max() ?? 0
    }

    /// The best `limit` postings of a list (by quality, then document), in document order.
    static func head(_ list: [Posting], limit: Int) -> [Posting] {
        guard list.count > limit else { return list }
        return Array(list.sorted(by: Posting.ranked).prefix(limit)).sorted { $0.document < $1.document }
    }

    /// Every document with a token starting with `prefix`, with its best quality: 0 or 1 for the
    /// prefix as a whole token (title, field), 2 or 3 for a longer token.
    static func union(prefix: String, tokens: [(String, [Posting])]) -> [Posting] {
        var all: [Posting] = []
        for (token, list) in tokens {
            let extra: UInt8 = token == prefix ? 0 : 2
            all += list.map { Posting(document: $0.document, quality: $0.quality + extra) }
        }
        all.sort { ($0.document, $0.quality) < ($1.document, $1.quality) }
        var union: [Posting] = []
        union.reserveCapacity(all.count)
        for posting in all where union.last?.document != posting.document { union.append(posting) }
        return union
    }

    static func listFile(_ encoded: String) -> String {
        JSONWriter.encode(.object([("p", .string(encoded))])) + "\n"
    }

    static func manifest(datasets: [Dataset], documents: Int, plan: ShardPlan, options: Options) -> String {
        JSONWriter.encode(
            .object([
                ("version", .int(formatVersion)),
                ("scheme", .string("prefix")),
                ("limit", .int(options.resultLimit)),
                ("chunk", .int(options.chunkSize)),
                ("documents", .int(documents)),
                ("datasets", .array(datasets.map { .array([.string($0.name), .string($0.config.title)]) })),
                ("shards", .array(plan.shards.map { .string($0.key) })),
                ("split", .array(plan.shards.filter { $0.isSplit && !$0.key.isEmpty }.map { .string($0.key) })),
            ])) + "\n"
    }
}
