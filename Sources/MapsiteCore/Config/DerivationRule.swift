import Foundation

/// How a derived field's value is computed from its source value (`derived:` in `site.yml`).
/// The rules run while items are loaded (`DerivationRule+Applying.swift` in `Dataset/`).
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
}
