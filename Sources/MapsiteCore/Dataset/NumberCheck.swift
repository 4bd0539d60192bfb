import Foundation

/// The values of a dataset that are read as numbers, checked by `WrittenNumber`'s rule as items are
/// built: each field of `fields` with format `number` or `currency`, and each field of `aggregates`,
/// by the currency symbol of that format (`$387,900` in a `currency` field, `387,900` in a `number`
/// one). A value that does not read is an error naming the row, the field and the value; with
/// `skip_invalid` the place is kept, the value is shown as written and left out of the aggregates,
/// and one warning per field names the rows.
struct NumberCheck: Sendable {
    struct Field: Sendable {
        /// The position in `DatasetConfig.keptFields`.
        var position: Int
        var name: String
        /// The currency symbol the values may be written with; nil for none.
        var symbol: String?
        /// `symbol` in UTF-8, empty for none.
        var symbolBytes: [UInt8]
    }

    /// Each field and format read as a number, once (a field read twice by the same symbol is
    /// checked once).
    let fields: [Field]

    init(config: DatasetConfig) {
        let kept = config.keptFields
        var fields: [Field] = []
        let formats =
            config.fields.filter { $0.format != .text && $0.format != .hours }.map { ($0.name, $0.format) }
            + config.aggregates.map { ($0.field, $0.format) }
        for (name, format) in formats {
            guard let position = kept.firstIndex(of: name) else { continue }
            // An aggregate of format `text` still reads its numbers plainly.
            let symbol = format.symbol
            if fields.contains(where: { $0.position == position && $0.symbol == symbol }) { continue }
            fields.append(
                Field(position: position, name: name, symbol: symbol, symbolBytes: Array((symbol ?? "").utf8)))
        }
        self.fields = fields
    }

    /// The first value of `values` (an item's `Item.values`) that does not read as a number, with
    /// its field; nil when all do (or are empty).
    func firstProblem(in values: [String]) -> (field: Field, value: String)? {
        for field in fields where !reads(values[field.position], field) {
            return (field, values[field.position])
        }
        return nil
    }

    /// Warnings for `items` (kept with `skip_invalid`): one per field with values that do not read,
    /// naming the rows (the first 20, and how many more) and the values.
    /// - Parameter file: the source as named in messages.
    func warnings(_ items: [Item], file: String) -> [String] {
        fields.compactMap { field in
            let unread = items.filter { !reads($0.values[field.position], field) }
            guard !unread.isEmpty else { return nil }
            let named = unread.prefix(20).map { "\($0.origin) \(InputError.quoted($0.values[field.position]))" }
            let more = unread.count > 20 ? " and \(unread.count - 20) more" : ""
            return ControlCharacters.escaped(file)
                + ": \(unread.count) of \(items.count) values of \"\(ControlCharacters.escaped(field.name))\" "
                + "are not numbers (expected \(WrittenNumber.expected(symbol: field.symbol))), shown as written "
                + "and left out of its aggregates, as skip_invalid is on: \(named.joined(separator: ", "))\(more)"
        }
    }

    private func reads(_ value: String, _ field: Field) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            field.symbolBytes.withUnsafeBufferPointer { WrittenNumber.read(bytes, symbol: $0) != .invalid }
        }
    }
}
