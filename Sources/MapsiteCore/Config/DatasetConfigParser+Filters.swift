import Foundation
import Yams

/// `filters:`: the fields a visitor narrows the dataset's map by.
extension DatasetConfigParser {
    /// `filters: [borough, {field: year, type: year}, {field: value, type: range, format: currency}]`;
    /// without the key, each `group_by` field is a filter of its values.
    static func filters(_ entry: ConfigNode, groupBy: [String], fields: [DatasetConfig.Field]) throws -> [FilterConfig]
    {
        func label(_ name: String) -> String { fields.first { $0.name == name }?.label ?? Label.from(name) }
        guard let node = entry.child("filters") else {
            return groupBy.map { FilterConfig(field: $0, label: label($0)) }
        }
        let items = node.sequence.map(Array.init) ?? [node]
        var filters: [FilterConfig] = []
        for (index, item) in items.enumerated() {
            let filter: FilterConfig
            if let name = item.scalar?.string, !name.isEmpty {
                filter = FilterConfig(field: name, label: label(name))
            } else {
                let node = ConfigNode(file: entry.file, path: entry.path + ".filters[\(index)]", node: item)
                filter = try self.filter(node, label: label)
            }
            guard !filters.contains(where: { $0.field == filter.field }) else {
                throw entry.error("filters", expected: "each field once", found: item)
            }
            filters.append(filter)
        }
        return filters
    }

    /// `{field, type, label, format}`; `format` (number, currency) is a range's.
    private static func filter(_ node: ConfigNode, label: (String) -> String) throws -> FilterConfig {
        guard node.node.mapping != nil else {
            throw node.error(nil, expected: "a field name, or {field, type, label, format}", found: node.node)
        }
        try node.checkKeys(["field", "type", "label", "format"])
        guard let field = try node.string("field"), !field.isEmpty else {
            throw node.error("field", expected: "the name of a field of the dataset", found: node.child("field"))
        }
        var format = ValueFormat.text
        if let text = try node.string("format") {
            guard let parsed = ValueFormat(text), parsed != .hours else {
                throw node.error("format", expected: ValueFormat.numericExpected, found: node.child("format"))
            }
            format = parsed
        }
        let kindName = try node.string("type") ?? (format == .text ? "values" : "range")
        guard let kind = FilterConfig.Kind(kindName, format: format) else {
            throw node.error("type", expected: FilterConfig.Kind.expected, found: node.child("type"))
        }
        return FilterConfig(field: field, label: try node.string("label") ?? label(field), kind: kind)
    }

    /// `colour_by: field` (or `color_by`): the field whose values colour the map's places, with a
    /// legend that filters. The field is a filter of its values too, added when `filters` has none.
    static func parseColourBy(_ entry: ConfigNode, into config: inout DatasetConfig) throws {
        let key = entry.child("colour_by") != nil ? "colour_by" : "color_by"
        if entry.child("colour_by") != nil && entry.child("color_by") != nil {
            throw entry.error("color_by", expected: "one of colour_by and color_by", found: entry.child("color_by"))
        }
        guard let name = try entry.string(key) else { return }
        guard !name.isEmpty else {
            throw entry.error(key, expected: "the name of a field of the dataset", found: entry.child(key))
        }
        if let filter = config.filters.first(where: { $0.field == name }) {
            guard filter.kind == .values else {
                throw entry.error(
                    key, expected: "a field filtered by its values (its filter here is a range)",
                    found: entry.child(key))
            }
        } else {
            let label = config.fields.first { $0.name == name }?.label ?? Label.from(name)
            config.filters.append(FilterConfig(field: name, label: label))
        }
        config.colourBy = name
    }
}
