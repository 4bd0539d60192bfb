import Foundation

/// A numeric field summarised over some items: a group, or the whole dataset.
///
/// Only values that are numbers count (see `NumericColumn`); empty values and text that is not a
/// number are skipped and counted. With no numbers at all, every statistic but the count is nil.
public struct Aggregate: Sendable, Equatable {
    public typealias Statistic = AggregateStatistic

    /// The field summarised.
    public var field: String
    /// How values are shown; from the config's `format`.
    public var format: ValueFormat
    /// How many values are numbers.
    public var count: Int
    /// How many values are empty.
    public var missing: Int
    /// How many values are text that is not a number by `WrittenNumber`'s rule, such as `n/a` (kept
    /// with `skip_invalid` only; otherwise an error).
    public var invalid: Int
    /// The total; exact when every value is a whole number and the total fits in 64 bits, otherwise
    /// compensated (Neumaier) so that rounding errors do not pile up over many values. 0 with no numbers.
    public var sum: Double
    public var minimum: Double?
    public var maximum: Double?
    public var mean: Double?
    /// The middle value, or the mean of the two middle values for an even count.
    public var median: Double?
    /// The most decimals any value of the field is written with, to show results with.
    public var decimals: Int

    /// Values that are not numbers: `missing + invalid`.
    public var skipped: Int { missing + invalid }

    public init(
        field: String, format: ValueFormat = .number, count: Int = 0, missing: Int = 0, invalid: Int = 0,
        sum: Double = 0, minimum: Double? = nil, maximum: Double? = nil, mean: Double? = nil,
        median: Double? = nil, decimals: Int = 0
    ) {
        self.field = field
        self.format = format
        self.count = count
        self.missing = missing
        self.invalid = invalid
        self.sum = sum
        self.minimum = minimum
        self.maximum = maximum
        self.mean = mean
        self.median = median
        self.decimals = decimals
    }

    /// The value of one statistic; nil when there are no numbers (the count is then 0, the sum nil).
    public func value(of statistic: Statistic) -> Double? {
        switch statistic {
        case .count: Double(count)
        case .sum: count == 0 ? nil : sum
        case .min: minimum
        case .max: maximum
        case .mean: mean
        case .median: median
        }
    }
}
