import Foundation

/// A field a visitor can narrow a dataset's map by (`filters:` in `site.yml`): each of its values
/// with a check box, or a range of numbers or years with a histogram.
public struct FilterConfig: Sendable, Equatable {
    /// How a filter reads its field and what it offers.
    public enum Kind: Sendable, Equatable {
        /// Each distinct value, with its count: `borough`.
        case values
        /// Numbers read as the field's format reads them (`WrittenNumber`), in bins with round edges.
        case range(ValueFormat)
        /// The year a text holds (`YearText`): `1915`, `c. 1915`, `1915-05-03`, one bin a year or
        /// more when the years span more than `YearText.maxBins`.
        case year

        static let expected = "values, range or year"

        init?(_ text: String, format: ValueFormat) {
            switch text.lowercased() {
            case "values": self = .values
            case "range": self = .range(format == .text ? .number : format)
            case "year": self = .year
            default: return nil
            }
        }

        /// The name the browser reads: `values`, `range` or `year`.
        var name: String {
            switch self {
            case .values: "values"
            case .range: "range"
            case .year: "year"
            }
        }
    }

    public var field: String
    public var label: String
    public var kind: Kind

    public init(field: String, label: String, kind: Kind = .values) {
        self.field = field
        self.label = label
        self.kind = kind
    }
}
