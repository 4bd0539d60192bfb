/// Control characters made visible, for every value mapsite prints: a cell holding ESC `[2J`
/// or an OSC title sequence would otherwise clear or retitle the terminal that shows the error.
public enum ControlCharacters {
    /// `text` with each C0 control, DEL and C1 control written as Swift writes it in a string
    /// literal: `\n`, `\r`, `\t`, else `\u{1B}`. Every other character is kept as it is.
    /// - Parameter keepingNewlines: keep `\n` as a line break, for a message of several lines.
    public static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepingNewlines: result.unicodeScalars.append(scalar)
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
