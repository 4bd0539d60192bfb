import Foundation

extension DatasetConfig {
    /// A numeric field summarised for each group: `aggregates: [{field: assessed_value, format: currency}]`.
    public struct AggregateField: Sendable, Equatable {
        public var field: String
        public var label: String
        /// How the sum, minimum, maximum, mean and median are shown; the count is always a plain number.
        public var format: ValueFormat
        /// The statistics to show, in order; all of them unless `stats:` says otherwise.
        public var statistics: [AggregateStatistic]

        public init(
            field: String, label: String, format: ValueFormat = .number,
            statistics: [AggregateStatistic] = AggregateStatistic.allCases
        ) {
            self.field = field
            self.label = label
            self.format = format
            self.statistics = statistics
        }
    }

    /// A field computed from another when items are built: `derived: [{name: block, from: address, rule: block}]`.
    ///
    /// It can be used in `fields`, `group_by` and `aggregates` (not in `item_title`, `slug` or `id`, which
    /// read the source row), and replaces a field of the data with the same name.
    public struct DerivedField: Sendable, Equatable {
        public var name: String
        /// The field it is computed from: a field of the data, or an earlier derived field.
        public var source: String
        public var rule: DerivationRule

        public init(name: String, source: String, rule: DerivationRule) {
            self.name = name
            self.source = source
            self.rule = rule
        }
    }

    /// `fields` first, then the group, aggregate, derived and filter fields not among them, each once.
    ///
    /// Item pages show the first `fields.count` values; the others are kept for groups and aggregates.
    static func kept(
        fields: [Field], groupBy: [String], aggregates: [AggregateField], derived: [DerivedField],
        filters: [FilterConfig] = []
    ) -> [String] {
        var seen = Set<String>()
        var kept: [String] = []
        let all =
            fields.map(\.name) + groupBy + aggregates.map(\.field)
            + derived.flatMap { [$0.source, $0.name] } + filters.map(\.field)
        for name in all where seen.insert(name).inserted { kept.append(name) }
        return kept
    }
}
