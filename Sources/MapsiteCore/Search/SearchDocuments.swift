import Foundation

/// Every item of every dataset as a search document, numbered in the order ties are ranked:
/// shorter title first, then the folded title (UTF-8 order), then dataset order, then item order
/// (which is id order). A query therefore ranks by document number alone once it knows how well
/// each document matches, and places of the same name sit side by side in the document files,
/// so the ten Londons of a query come from one or two files instead of ten.
struct SearchDocuments {
    /// Document number → (dataset index, item index).
    var order: [(dataset: Int32, item: Int32)]
    /// Token → postings, ascending by document; quality 0 for a title token, 1 for a field token.
    var postings: [String: [Posting]]

    /// - Parameter fields: per dataset, the indexes into `Item.values` to search and show.
    /// - Complexity: O(n log n) for the numbering, then O(total text) to tokenise; a field value
    ///   seen before is not tokenised again.
    init(datasets: [Dataset], fields: [[Int]]) {
        var order: [(dataset: Int32, item: Int32)] = []
        var lengths: [Int32] = []
        for (datasetIndex, dataset) in datasets.enumerated() {
            for (itemIndex, item) in dataset.items.enumerated() {
                order.append((Int32(datasetIndex), Int32(itemIndex)))
                lengths.append(Int32(item.title.unicodeScalars.count))
            }
        }
        let folded = order.map { SearchText.fold(datasets[Int($0.dataset)].items[Int($0.item)].title) }
        let sorted = order.indices.sorted {
            if lengths[$0] != lengths[$1] { return lengths[$0] < lengths[$1] }
            if !folded[$0].utf8.elementsEqual(folded[$1].utf8) {
                return folded[$0].utf8.lexicographicallyPrecedes(folded[$1].utf8)
            }
            return $0 < $1
        }
        order = sorted.map { order[$0] }
        var postings: [String: [Posting]] = [:]
        var known: [String: [String]] = [:]
        for (number, place) in order.enumerated() {
            let dataset = datasets[Int(place.dataset)]
            let item = dataset.items[Int(place.item)]
            let document = Int32(number)
            let titleTokens = Set(SearchText.tokens(item.title))
            var fieldTokens = Set<String>()
            for field in fields[Int(place.dataset)] where field < item.values.count {
                let value = item.values[field]
                if value.isEmpty { continue }
                if let tokens = known[value] {
                    fieldTokens.formUnion(tokens)
                } else {
                    let tokens = SearchText.tokens(value)
                    known[value] = tokens
                    fieldTokens.formUnion(tokens)
                }
            }
            for token in titleTokens { postings[token, default: []].append(Posting(document: document, quality: 0)) }
            for token in fieldTokens where !titleTokens.contains(token) {
                postings[token, default: []].append(Posting(document: document, quality: 1))
            }
        }
        self.order = order
        self.postings = postings
    }

    /// The document files: `chunkSize` documents each, in number order. A document is
    /// `[title, dataset index, detail]`, plus the slug when `search.js` cannot derive it from
    /// the title (see `SearchText.derivedSlug`). The detail is the shown field values that differ
    /// from the title, joined by `, `.
    func chunks(datasets: [Dataset], fields: [[Int]], chunkSize: Int) -> [String] {
        var chunks: [String] = []
        var entries: [String] = []
        for place in order {
            let item = datasets[Int(place.dataset)].items[Int(place.item)]
            var members: [JSONWriter.Value] = [
                .string(item.title), .int(Int(place.dataset)),
                .string(
                    Self.detail(item, fields: fields[Int(place.dataset)], config: datasets[Int(place.dataset)].config)),
            ]
            if SearchText.derivedSlug(item.title) != item.slug { members.append(.string(item.slug)) }
            entries.append(JSONWriter.encode(.array(members)))
            if entries.count == chunkSize {
                chunks.append("{\"d\":[" + entries.joined(separator: ",") + "]}\n")
                entries.removeAll(keepingCapacity: true)
            }
        }
        if !entries.isEmpty { chunks.append("{\"d\":[" + entries.joined(separator: ",") + "]}\n") }
        return chunks
    }

    /// The most characters of a detail line, and the most field values in it: enough to tell
    /// places of one name apart without a wall of numbers.
    static let detailLength = 100
    static let detailFields = 2

    /// The first values of `fields` (positions in `Item.values`) that differ from the title,
    /// formatted as the place's page shows them (`$774,700`).
    static func detail(_ item: Item, fields: [Int], config: DatasetConfig? = nil) -> String {
        var parts: [String] = []
        for field in fields where field < item.values.count {
            var value = item.values[field].trimmingCharacters(in: .whitespacesAndNewlines)
            if let config, field < config.fields.count { value = config.fields[field].format.format(value) }
            if value.isEmpty || value == item.title || parts.contains(value) { continue }
            parts.append(value)
            if parts.count == detailFields { break }
        }
        let detail = parts.joined(separator: ", ")
        guard detail.count > detailLength else { return detail }
        return String(detail.prefix(detailLength - 1)) + "…"
    }
}
