import Foundation

/// How a derived field's value is computed from its source value. Every rule maps empty text to
/// empty text, and text it cannot use to empty text, so that the item is left out of that field's groups.
public enum DerivationRule: String, Sendable, Equatable, CaseIterable {
    /// `"1552 Walnut St"` → `"1500 block of Walnut St"`; see `blockOf(_:)`.
    case block
    /// `"Walnut St"` → `"WALNUT ST"`.
    case upper
    /// `"Walnut St"` → `"walnut st"`.
    case lower
    /// `"Traffic and trolleys"` → `"Traffic"`.
    case firstWord = "first_word"

    static let expected = "a rule: " + allCases.map(\.rawValue).joined(separator: ", ")

    /// The derived value of `value`.
    public func apply(_ value: String) -> String {
        switch self {
        case .block: Self.blockOf(value)
        case .upper: value.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        case .lower: value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        case .firstWord: value.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
        }
    }
}
