import Foundation
import Yams

/// `group_by`, `aggregates` and `derived`: what a dataset groups its items by and summarises.
extension DatasetConfigParser {
    static func parseGroups(_ entry: ConfigNode, into config: inout DatasetConfig) throws {
        config.groupBy = try groupBy(entry)
        config.aggregates = try aggregates(entry)
        config.derived = try derived(entry)
        config.fieldReferences = references(entry, config)
    }

    /// `group_by: borough` or `group_by: [borough, block]`.
    private static func groupBy(_ entry: ConfigNode) throws -> [String] {
        guard let node = entry.child("group_by") else { return [] }
        let items = node.sequence.map(Array.init) ?? [node]
        var names: [String] = []
        for item in items {
            guard let name = item.scalar?.string, !name.isEmpty else {
                throw entry.error("group_by", expected: "a field name, or a list of field names", found: item)
            }
            guard !names.contains(name) else {
                throw entry.error("group_by", expected: "each field once", found: item)
            }
            names.append(name)
        }
        return names
    }

    /// `aggregates:` is a list of field names, or of `{field, label, format, stats}` mappings.
    private static func aggregates(_ entry: ConfigNode) throws -> [DatasetConfig.AggregateField] {
        guard let items = try entry.sequence("aggregates") else { return [] }
        var aggregates: [DatasetConfig.AggregateField] = []
        for (index, item) in items.enumerated() {
            let node = ConfigNode(file: entry.file, path: entry.path + ".aggregates[\(index)]", node: item)
            let aggregate = try aggregate(node)
            guard !aggregates.contains(where: { $0.field == aggregate.field }) else {
                throw node.error("field", expected: "each field once in aggregates", found: node.child("field") ?? item)
            }
            aggregates.append(aggregate)
        }
        return aggregates
    }

    private static func aggregate(_ node: ConfigNode) throws -> DatasetConfig.AggregateField {
        if let name = node.node.scalar?.string, !name.isEmpty {
            return DatasetConfig.AggregateField(field: name, label: Label.from(name))
        }
        try node.checkKeys(["field", "label", "format", "stats"])
        guard let field = try node.string("field"), !field.isEmpty else {
            throw node.error("field", expected: "the name of a numeric field", found: node.child("field"))
        }
        var aggregate = DatasetConfig.AggregateField(
            field: field, label: try node.string("label") ?? Label.from(field))
        if let text = try node.string("format") {
            guard let format = ValueFormat(text), format != .hours else {
                throw node.error("format", expected: ValueFormat.numericExpected, found: node.child("format"))
            }
            aggregate.format = format
        }
        if let stats = node.child("stats") {
            aggregate.statistics = try statistics(stats, of: node)
        }
        return aggregate
    }

    /// `stats: [count, median]` or `stats: median`.
    private static func statistics(_ stats: Node, of node: ConfigNode) throws -> [AggregateStatistic] {
        let expected = AggregateStatistic.allCases.map(\.rawValue).joined(separator: ", ")
        let items = stats.sequence.map(Array.init) ?? [stats]
        guard !items.isEmpty else { throw node.error("stats", expected: "one or more of \(expected)", found: stats) }
        var statistics: [AggregateStatistic] = []
        for item in items {
            guard let name = item.scalar?.string, let statistic = AggregateStatistic(rawValue: name.lowercased())
            else {
                throw node.error("stats", expected: "one or more of \(expected)", found: item)
            }
            guard !statistics.contains(statistic) else {
                throw node.error("stats", expected: "each statistic once", found: item)
            }
            statistics.append(statistic)
        }
        return statistics
    }

    /// `derived:` is a list of `{name, from, rule}`; a derived field may be computed from an earlier one.
    private static func derived(_ entry: ConfigNode) throws -> [DatasetConfig.DerivedField] {
        guard let items = try entry.sequence("derived") else { return [] }
        var derived: [DatasetConfig.DerivedField] = []
        for (index, item) in items.enumerated() {
            let node = ConfigNode(file: entry.file, path: entry.path + ".derived[\(index)]", node: item)
            try node.checkKeys(["name", "from", "rule"])
            guard let name = try node.string("name"), !name.isEmpty else {
                throw node.error("name", expected: "the name of the new field", found: node.child("name"))
            }
            guard !derived.contains(where: { $0.name == name }) else {
                throw node.error("name", expected: "a name no other derived field has", found: node.child("name"))
            }
            guard let source = try node.string("from"), !source.isEmpty, source != name else {
                throw node.error(
                    "from", expected: "the field \"\(name)\" is computed from (another field)",
                    found: node.child("from"))
            }
            // A later derived field has no value yet when this one is computed.
            let later = items[(index + 1)...].compactMap { $0.mapping?["name"]?.string }
            guard !later.contains(source) else {
                throw node.error(
                    "from", expected: "a field of the data or a derived field defined above", found: node.child("from"))
            }
            guard let ruleName = try node.string("rule") else {
                throw node.error("rule", expected: DerivationRule.expected)
            }
            guard let rule = DerivationRule(rawValue: ruleName.lowercased()) else {
                throw node.error("rule", expected: DerivationRule.expected, found: node.child("rule"))
            }
            derived.append(DatasetConfig.DerivedField(name: name, source: source, rule: rule))
        }
        return derived
    }
}
