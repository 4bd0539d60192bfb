import Foundation

/// Every column of a CSV source, kept for the downloads, which keep every column (not only the
/// fields a page shows). It is the table the rows were read into (`CSVTable.fields`), kept rather
/// than copied: an item's values share their texts with it, and an item names its row by where
/// the row starts (`Item.sourceRow`).
public struct SourceTable: Sendable {
    /// The header's names, in the file's order.
    public let names: [String]
    /// The fields of every valid row, one row after another, `names.count` a row.
    public let fields: [String]

    /// The fields of the row starting at `start`.
    public func row(at start: Int) -> ArraySlice<String> {
        fields[start..<start + names.count]
    }
}
