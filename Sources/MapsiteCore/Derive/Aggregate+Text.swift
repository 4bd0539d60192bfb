import Foundation

extension Aggregate {
    /// Decimals are capped so that a field written with many digits does not make results unreadable.
    static let maximumDecimals = 6

    /// A statistic as text through the field's `ValueFormat`: `$245,000`, `1,204.5`; nil when there
    /// are no numbers. The count is always a plain grouped number.
    ///
    /// Sum, minimum and maximum keep the field's decimals; the median one more (the mean of two
    /// middle values can end in 5), the mean two more. Trailing zeros are dropped, except as the
    /// currency format adds them for cents.
    public func text(_ statistic: Statistic) -> String? {
        guard let value = value(of: statistic) else { return nil }
        let places: Int
        switch statistic {
        case .count: return ValueFormat.number.format(String(count))
        case .sum, .min, .max: places = decimals
        case .median: places = decimals + 1
        case .mean: places = decimals + 2
        }
        return format.format(Self.plain(value, decimals: min(places, Self.maximumDecimals)))
    }

    /// `1234.5` with 2 decimals → `"1234.5"`: fixed notation, trailing zeros dropped, no `-0`.
    static func plain(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var text = String(format: "%.\(max(0, decimals))f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
