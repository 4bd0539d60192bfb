import Foundation

/// How an index page orders its groups.
public enum GroupOrder: Sendable, Equatable {
    /// By value in natural order: `Block 2` before `Block 10`.
    case name
    /// By number of items.
    case count
    /// By a statistic of an aggregate field, such as the median assessed value.
    case statistic(Aggregate.Statistic, field: String)

    /// By the median of an aggregate field.
    public static func median(_ field: String) -> GroupOrder { .statistic(.median, field: field) }
}

extension GroupIndex {
    /// The groups in `order`. Ties keep natural order of the values, whichever the direction, and
    /// groups without the statistic (no numbers, or a field that is not aggregated) come last.
    /// - Parameter descending: largest first (`Z` to `A` for `.name`).
    /// - Complexity: O(g log g) for g groups.
    public func sorted(by order: GroupOrder, descending: Bool) -> [Group] {
        switch order {
        case .name:
            return descending ? groups.reversed() : groups
        case .count:
            return sorted(descending: descending) { Double($0.count) }
        case .statistic(let statistic, let field):
            return sorted(descending: descending) { $0.aggregate(of: field)?.value(of: statistic) }
        }
    }

    /// Sorts by `key`; `groups` is in natural order, so its positions break ties.
    private func sorted(descending: Bool, by key: (Group) -> Double?) -> [Group] {
        let keys = groups.map(key)
        let order = groups.indices.sorted { a, b in
            switch (keys[a], keys[b]) {
            case (let x?, let y?) where x != y: descending ? x > y : x < y
            case (.some, nil): true
            case (nil, .some): false
            default: a < b
            }
        }
        return order.map { groups[$0] }
    }
}
