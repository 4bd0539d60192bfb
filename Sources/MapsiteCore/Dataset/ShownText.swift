import Foundation

/// What one place's title or field value may cost where it is repeated: in every tile of every
/// zoom that shows the place, in the search documents and index, and in the list fields of tiles.
/// There a text longer than `longest` characters is cut at a word boundary and ends in "…"; the
/// place's own page and the downloads keep it whole. One warning per dataset names the rows.
enum ShownText {
    /// The most characters a title or a field value keeps in tiles and search.
    static let longest = 300

    /// `text`, or its first `longest` characters at most, cut after the last whole word when one
    /// ends in the second half of them, and "…".
    /// - Complexity: O(1) for a text of at most `longest` bytes, else O(`longest`).
    static func cut(_ text: String) -> String {
        guard text.utf8.count > longest else { return text }
        var end = text.startIndex
        var count = 0
        var wordEnd: String.Index?
        while end < text.endIndex && count < longest {
            if text[end].isWhitespace { wordEnd = end }
            end = text.index(after: end)
            count += 1
        }
        guard end < text.endIndex else { return text }
        if text[end].isWhitespace { wordEnd = end }
        if let wordEnd, count - text.distance(from: wordEnd, to: end) >= longest / 2 { end = wordEnd }
        var kept = text[..<end]
        while let last = kept.last, last.isWhitespace { kept = kept.dropLast() }
        return kept + "…"
    }

    /// Whether `cut` shortens `text`.
    static func isCut(_ text: String) -> Bool {
        text.utf8.count > longest && text.count > longest
    }

    /// One warning for `dataset` when titles or values of its fields are cut in tiles and search,
    /// naming the rows (the first 20, and how many more).
    static func warnings(_ dataset: Dataset) -> [String] {
        let kept = dataset.config.keptFields
        let columns = dataset.config.fields.compactMap { kept.firstIndex(of: $0.name) }
        let cut = dataset.items.filter { item in
            isCut(item.title) || columns.contains { $0 < item.values.count && isCut(item.values[$0]) }
        }
        guard !cut.isEmpty else { return [] }
        let named = cut.prefix(20).map { item in
            let long = [item.title] + columns.filter { $0 < item.values.count }.map { item.values[$0] }
            return "\(ControlCharacters.escaped(item.origin)) (\(long.map(\.count).max() ?? 0) characters)"
        }
        let more = cut.count > 20 ? " and \(cut.count - 20) more" : ""
        return [
            ControlCharacters.escaped(dataset.config.source)
                + ": \(cut.count) of \(dataset.items.count) places have a title or field value longer than "
                + "\(longest) characters, cut with \"…\" in map tiles, search and lists (their own pages and the downloads keep it whole): "
                + named.joined(separator: ", ") + more
        ]
    }
}
