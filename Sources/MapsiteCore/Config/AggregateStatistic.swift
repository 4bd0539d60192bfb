import Foundation

/// The statistics an aggregate offers, by the names `stats:` uses.
public enum AggregateStatistic: String, Sendable, Equatable, CaseIterable {
    case count, sum, min, max, mean, median

    /// A label for a table heading: `Count`, `Total`, `Lowest`, `Highest`, `Mean`, `Median`.
    public var label: String {
        switch self {
        case .count: "Count"
        case .sum: "Total"
        case .min: "Lowest"
        case .max: "Highest"
        case .mean: "Mean"
        case .median: "Median"
        }
    }
}
