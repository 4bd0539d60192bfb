import Foundation
import Yams

/// `list_fields`: the fields a dataset's list pages and near-me results show beside each title.
extension DatasetConfigParser {
    /// `list_fields: collection_times` or `list_fields: [collection_times, zip]`: names of fields
    /// of the dataset's `fields:` (which give each its label and format), each once.
    static func listFields(_ entry: ConfigNode, fields: [DatasetConfig.Field]) throws -> [String] {
        guard let node = entry.child("list_fields") else { return [] }
        let items = node.sequence.map(Array.init) ?? [node]
        let known = fields.map(\.name)
        let expected =
            known.isEmpty
            ? "no list_fields: the dataset lists no fields: to show"
            : "a name among the dataset's fields: " + known.joined(separator: ", ")
        var names: [String] = []
        for item in items {
            guard let name = item.scalar?.string, known.contains(name) else {
                throw entry.error("list_fields", expected: expected, found: item)
            }
            guard !names.contains(name) else {
                throw entry.error("list_fields", expected: "each field once", found: item)
            }
            names.append(name)
        }
        return names
    }
}
