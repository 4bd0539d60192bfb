import Foundation

/// How a field's value is shown: as it is, as a number with thousands separators, as money, or
/// as opening or collection hours. A value that is not a number (or hours) is shown as it is.
public enum ValueFormat: Sendable, Equatable {
    case text
    /// `1234567.5` → `1,234,567.5`.
    case number
    /// `387900` → `$387,900`; cents are kept when there are any.
    case currency(symbol: String)
    /// `Mo-Fr 17:00; Sa 12:00`, a subset of OpenStreetMap's `opening_hours` (`WeeklyHours`): shown
    /// as a table of the week, with the next time worked out in the visitor's browser.
    case hours

    static let expected = "text, number, currency, currency <symbol> (e.g. \"currency €\") or hours"
    /// What an aggregate's format may be: the formats of numbers.
    static let numericExpected = "text, number, currency or currency <symbol> (e.g. \"currency €\")"

    /// Parses `text`, `number`, `currency`, `currency €`.
    init?(_ text: String) {
        let words = text.split(separator: " ", maxSplits: 1).map(String.init)
        switch words.first?.lowercased() {
        case "text": self = .text
        case "number": self = .number
        case "currency": self = .currency(symbol: words.count > 1 ? words[1] : "$")
        case "hours" where words.count == 1: self = .hours
        default: return nil
        }
    }

    public func format(_ value: String) -> String {
        if self == .hours { return WeeklyHours(value)?.summary ?? value }
        guard self != .text else { return value }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let number = DecimalText.double(trimmed), number.isFinite, abs(number) < 1e15 else { return value }
        let negative = number < 0
        let cents = (abs(number) * 100).rounded()
        let whole = Int(cents / 100)
        let fraction = Int(cents) % 100
        var text = NumberText.grouped(whole)
        switch self {
        case .text, .hours: return value
        case .number:
            if let dot = trimmed.firstIndex(of: ".") { text += trimmed[dot...] }
        case .currency(let symbol):
            if fraction != 0 { text += String(format: ".%02d", fraction) }
            text = symbol + text
        }
        return negative ? "-" + text : text
    }
}
