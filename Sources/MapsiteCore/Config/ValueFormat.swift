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

    /// The currency symbol a value of this format may be written with (`WrittenNumber`); nil for
    /// the other formats.
    public var symbol: String? {
        if case .currency(let symbol) = self { return symbol }
        return nil
    }

    /// `value` as shown: a number read by `WrittenNumber`'s rule (`$2,285,700`, `1234.50`, `1.5e3`)
    /// written with thousands separators, with as many decimals as it is written with (`number`) or
    /// cents when there are any (`currency`); anything that does not read is shown as it is.
    public func format(_ value: String) -> String {
        if self == .hours { return WeeklyHours(value)?.summary ?? value }
        guard self != .text,
            case .number(let number, let decimals) = WrittenNumber.read(value, symbol: symbol),
            abs(number) < 1e15, decimals <= 20
        else { return value }
        let negative = number < 0
        var text: String
        switch self {
        case .text, .hours: return value
        case .number:
            // The decimals as written (`12.50`, digits beyond a Double's kept), unless an exponent
            // moves the point.
            if !value.contains(where: { $0 == "e" || $0 == "E" }) {
                text = NumberText.grouped(Int(abs(number).rounded(.towardZero)))
                if let point = value.firstIndex(of: ".") {
                    text += value[point...].prefix { $0 == "." || $0.isASCII && $0.isNumber }
                }
            } else {
                let fixed = String(format: "%.\(decimals)f", abs(number))
                let parts = fixed.split(separator: ".", maxSplits: 1)
                text = NumberText.grouped(Int(parts[0]) ?? 0)
                if parts.count > 1 { text += "." + parts[1] }
            }
        case .currency(let symbol):
            let cents = (abs(number) * 100).rounded()
            text = NumberText.grouped(Int(cents / 100))
            let fraction = Int(cents.truncatingRemainder(dividingBy: 100))
            if fraction != 0 { text += String(format: ".%02d", fraction) }
            text = symbol + text
        }
        return negative && text.utf8.contains(where: { $0 >= 0x31 && $0 <= 0x39 }) ? "-" + text : text
    }
}
