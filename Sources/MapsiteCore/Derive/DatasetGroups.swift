import Foundation

/// Everything a dataset's `group_by` and `aggregates` ask for: one `GroupIndex` for each group field,
/// and the aggregates over all items for the dataset's own page.
public struct DatasetGroups: Sendable {
    /// One for each of `config.groupBy`, in that order.
    public var indexes: [GroupIndex]
    /// One for each of `config.aggregates`, over every item of the dataset.
    public var totals: [Aggregate]

    /// Groups and aggregates `dataset` as its config says. Each aggregate field's values are parsed
    /// once for all group fields.
    /// - Complexity: O(f·(n + g log g) + (f + 1)·a·n) for f group fields, a aggregate fields, n items, g groups.
    public init(_ dataset: Dataset) {
        let columns = NumericColumns(dataset)
        let all = [Int](repeating: 0, count: dataset.items.count)
        totals = columns.aggregates(groupOf: all, groupCount: 1)[0]
        indexes = dataset.config.groupBy.map { GroupIndex(dataset: dataset, field: $0, columns: columns) }
    }

    /// The index of the group field `field`.
    public func index(of field: String) -> GroupIndex? {
        indexes.first { $0.field == field }
    }
}
