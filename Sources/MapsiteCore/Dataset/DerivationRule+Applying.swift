import Foundation

/// Every rule maps empty text to empty text, and text it cannot use to empty text, so that the
/// item is left out of that field's groups.
extension DerivationRule {
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
