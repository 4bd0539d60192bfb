import Foundation

/// Every item of every dataset as a search document, numbered in the order ties are ranked:
/// shorter title first, then the folded title (UTF-8 order), then dataset order, then item order
/// (which is id order). A query therefore ranks by document number alone once it knows how well
/// each document matches, and places of the same name sit side by side in the document files,
/// so the ten Londons of a query come from one or two files instead of ten.
struct SearchDocuments {
    /// Document number → (dataset index, item index).
    var order: [(dataset: Int32, item: Int32)]
    /// Every token, and its postings in the same position: ascending by document, quality 0 for a
    /// title token, 1 for a field token.
    var tokens: [String]
    var lists: [[Posting]]

    /// Token → postings: `tokens` and `lists` as one dictionary.
    var postings: [String: [Posting]] { Dictionary(uniqueKeysWithValues: zip(tokens, lists)) }

    /// - Parameter fields: per dataset, the indexes into `Item.values` to search and show.
    /// - Complexity: O(n log n) for the numbering, then O(total text) to tokenise; a field value
    ///   seen before is not tokenised again.
    init(datasets: [Dataset], fields: [[Int]]) {
        var order: [(dataset: Int32, item: Int32)] = []
        var lengths: [Int32] = []
        var folded: [String] = []
        // Items are tokenised here, in the order they lie in memory, and posted in document order below.
        var postings = TokenPostings()
        var values: [String] = []
        Self.withItems(of: datasets) { items in
            for (datasetIndex, items) in items.enumerated() {
                for itemIndex in items.indices {
                    let title = ShownText.cut(items[itemIndex].title)
                    order.append((Int32(datasetIndex), Int32(itemIndex)))
                    lengths.append(Int32(title.unicodeScalars.count))
                    folded.append(SearchText.fold(title))
                    values.removeAll(keepingCapacity: true)
                    for field in fields[datasetIndex] where field < items[itemIndex].values.count {
                        values.append(ShownText.cut(items[itemIndex].values[field]))
                    }
                    postings.read(title: title, values: values)
                }
            }
        }
        let keys = folded.map(UTF8Order.prefixKey)
        let sorted = order.indices.sorted {
            if lengths[$0] != lengths[$1] { return lengths[$0] < lengths[$1] }
            if keys[$0] != keys[$1] { return keys[$0] < keys[$1] }
            let bytes = UTF8Order.compare(folded[$0], folded[$1])
            return bytes != 0 ? bytes < 0 : $0 < $1
        }
        for (number, item) in sorted.enumerated() { postings.post(item: item, document: Int32(number)) }
        self.order = sorted.map { order[$0] }
        tokens = postings.tokens
        lists = postings.lists
    }

    /// The document files: `chunkSize` documents each, in number order. A document is
    /// `[title, dataset index, detail]`, plus the slug when `core/search.js` cannot derive it from
    /// the title (see `SearchText.derivedSlug`), plus the thumbnail's URL when the item has one
    /// (the slug is then `null` when it can be derived). The detail is the shown field values that
    /// differ from the title, joined by `, `.
    func chunks(datasets: [Dataset], fields: [[Int]], chunkSize: Int) -> [String] {
        var chunks: [String] = []
        // A chunk's JSON is written as bytes, entry by entry, as `JSONWriter.encode` would write
        // `{"d":[entry, …]}`, without a tree of values for each entry.
        var chunk: [UInt8] = []
        var entries = 0
        let formats = datasets.map { $0.config.fields.map(\.format) }
        Self.withItems(of: datasets) { items in
            for place in order {
                let item = Int(place.item)
                let dataset = Int(place.dataset)
                let title = ShownText.cut(items[dataset][item].title)
                let detail = Self.detail(
                    title: title, values: items[dataset][item].values, fields: fields[dataset],
                    formats: formats[dataset])
                chunk += (entries == 0 ? "{\"d\":[[" : ",[").utf8
                JSONWriter.appendString(title, to: &chunk)
                chunk += ",\(dataset),".utf8
                JSONWriter.appendString(detail, to: &chunk)
                let thumbnail = items[dataset][item].thumbnail.flatMap { SafeURL.sanitize($0) }
                if !SearchText.derivesSlug(title, items[dataset][item].slug) {
                    chunk.append(UInt8(ascii: ","))
                    JSONWriter.appendString(items[dataset][item].slug, to: &chunk)
                } else if thumbnail != nil {
                    chunk += ",null".utf8
                }
                if let thumbnail {
                    chunk.append(UInt8(ascii: ","))
                    JSONWriter.appendString(thumbnail, to: &chunk)
                }
                chunk.append(UInt8(ascii: "]"))
                entries += 1
                if entries == chunkSize {
                    chunk += "]}\n".utf8
                    chunks.append(String(decoding: chunk, as: UTF8.self))
                    chunk.removeAll(keepingCapacity: true)
                    entries = 0
                }
            }
        }
        if entries > 0 {
            chunk += "]}\n".utf8
            chunks.append(String(decoding: chunk, as: UTF8.self))
        }
        return chunks
    }

    /// Calls `body` with the items of each dataset as a buffer, so that the loops over documents,
    /// which go from dataset to dataset, read an item's texts in place: taking a dataset or an
    /// item out of its array would retain and release every text it holds, for every document.
    static func withItems<Result>(
        of datasets: [Dataset], from first: Int = 0, buffers: [UnsafeBufferPointer<Item>] = [],
        _ body: ([UnsafeBufferPointer<Item>]) -> Result
    ) -> Result {
        guard first < datasets.count else { return body(buffers) }
        return datasets[first].items.withUnsafeBufferPointer { items in
            withItems(of: datasets, from: first + 1, buffers: buffers + [items], body)
        }
    }

    /// The most characters of a detail line, and the most field values in it: enough to tell
    /// places of one name apart without a wall of numbers.
    static let detailLength = 100
    static let detailFields = 2

    /// The first values of `fields` (positions in `Item.values`) that differ from the title,
    /// formatted as the place's page shows them (`$774,700`).
    /// - Parameter formats: the formats of the dataset's `fields`, by the same positions.
    static func detail(title: String, values: [String], fields: [Int], formats: [ValueFormat]) -> String {
        var parts: [String] = []
        for field in fields where field < values.count {
            var value = values[field].trimmingWhitespaceAndNewlines()
            if field < formats.count { value = formats[field].format(value) }
            if value.isEmpty || value == title || parts.contains(value) { continue }
            parts.append(value)
            if parts.count == detailFields { break }
        }
        let detail = parts.joined(separator: ", ")
        // No more bytes than the limit means no more characters either.
        guard detail.utf8.count > detailLength, detail.count > detailLength else { return detail }
        return String(detail.prefix(detailLength - 1)) + "…"
    }
}
