import Foundation

/// A compact JSON writer whose output is also safe inside an HTML `<script>` element: `<`, `>`,
/// `&` and the line separators are written as `\u` escapes. Deterministic: keys in the order given.
public struct JSONWriter {
    public private(set) var text = ""

    public init() {}

    public enum Value {
        case string(String)
        case number(Double, decimals: Int)
        case int(Int)
        case bool(Bool)
        case null
        case array([Value])
        case object([(String, Value)])
    }

    // Streaming: `beginObject()`, `key("a")`, `string("x")`, `endObject()` write `{"a":"x"}`
    // with no tree of values in between, for JSON made once per page.
    private var needsComma: [Bool] = []
    private var afterKey = false

    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        if let last = needsComma.last {
            if last { text += "," }
            needsComma[needsComma.count - 1] = true
        }
    }

    public mutating func beginObject() {
        separate()
        text += "{"
        needsComma.append(false)
    }

    public mutating func endObject() {
        text += "}"
        needsComma.removeLast()
    }

    public mutating func beginArray() {
        separate()
        text += "["
        needsComma.append(false)
    }

    public mutating func endArray() {
        text += "]"
        needsComma.removeLast()
    }

    public mutating func key(_ name: String) {
        separate()
        writeString(name)
        text += ":"
        afterKey = true
    }

    public mutating func string(_ value: String) {
        separate()
        writeString(value)
    }

    public mutating func number(_ value: Double, decimals: Int) {
        separate()
        text += Self.format(value, decimals: decimals)
    }

    public static func encode(_ value: Value) -> String {
        var writer = JSONWriter()
        writer.write(value)
        return writer.text
    }

    public mutating func write(_ value: Value) {
        switch value {
        case .string(let string): writeString(string)
        case .number(let number, let decimals): text += Self.format(number, decimals: decimals)
        case .int(let int): text += String(int)
        case .bool(let bool): text += bool ? "true" : "false"
        case .null: text += "null"
        case .array(let values):
            text += "["
            for (index, element) in values.enumerated() {
                if index > 0 { text += "," }
                write(element)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, (key, element)) in members.enumerated() {
                if index > 0 { text += "," }
                writeString(key)
                text += ":"
                write(element)
            }
            text += "}"
        }
    }

    public mutating func writeString(_ string: String) {
        // Most strings need no escape: copy them whole.
        if !string.utf8.contains(where: {
            $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0xE2
        }) {
            text += "\""
            text += string
            text += "\""
            return
        }
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "<": text += "\\u003c"
            case ">": text += "\\u003e"
            case "&": text += "\\u0026"
            case "\u{2028}": text += "\\u2028"
            case "\u{2029}": text += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    text += String(format: "\\u%04x", scalar.value)
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    /// A number with at most `decimals` decimals and no trailing zeros: `41.881900` → `41.8819`.
    /// Integer arithmetic instead of `String(format:)`, which is slow enough to show in a build.
    public static func format(_ number: Double, decimals: Int, minimumDecimals: Int = 0) -> String {
        guard number.isFinite else { return "null" }
        let decimals = min(max(decimals, 0), 9)
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(number) * Double(scale)).rounded()
        guard scaled < 9e15 else { return String(number) }
        let units = Int64(scaled)
        var whole = String(units / scale)
        var fraction = units % scale
        if units != 0 && number < 0 { whole = "-" + whole }
        guard fraction != 0 || minimumDecimals > 0 else { return whole }
        var digits = decimals
        while digits > minimumDecimals && fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return whole + "." + String(repeating: "0", count: digits - text.count) + text
    }
}
