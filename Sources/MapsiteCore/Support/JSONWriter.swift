import Foundation

/// A compact JSON writer whose output is also safe inside an HTML `<script>` element: `<`, `>`,
/// `&` and the line separators are written as `\u` escapes. Deterministic: keys in the order given.
public struct JSONWriter {
    /// What was written, as UTF-8: appending bytes costs less than appending to a `String`.
    public private(set) var bytes: [UInt8] = []
    public var text: String { String(decoding: bytes, as: UTF8.self) }

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

    /// Empties the writer for the next value, keeping its buffers, so that one writer can make
    /// many small values without allocating for each.
    public mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
        needsComma.removeAll(keepingCapacity: true)
        afterKey = false
    }

    private mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        if let last = needsComma.last {
            if last { append(",") }
            needsComma[needsComma.count - 1] = true
        }
    }

    public mutating func beginObject() {
        separate()
        append("{")
        needsComma.append(false)
    }

    public mutating func endObject() {
        append("}")
        needsComma.removeLast()
    }

    public mutating func beginArray() {
        separate()
        append("[")
        needsComma.append(false)
    }

    public mutating func endArray() {
        append("]")
        needsComma.removeLast()
    }

    public mutating func key(_ name: String) {
        separate()
        writeString(name)
        append(":")
        afterKey = true
    }

    public mutating func string(_ value: String) {
        separate()
        writeString(value)
    }

    public mutating func number(_ value: Double, decimals: Int) {
        separate()
        Self.appendNumber(value, decimals: decimals, to: &bytes)
    }

    public static func encode(_ value: Value) -> String {
        var writer = JSONWriter()
        writer.write(value)
        return writer.text
    }

    public mutating func write(_ value: Value) {
        switch value {
        case .string(let string): writeString(string)
        case .number(let number, let decimals): Self.appendNumber(number, decimals: decimals, to: &bytes)
        case .int(let int): append(String(int))
        case .bool(let bool): append(bool ? "true" : "false")
        case .null: append("null")
        case .array(let values):
            append("[")
            for (index, element) in values.enumerated() {
                if index > 0 { append(",") }
                write(element)
            }
            append("]")
        case .object(let members):
            append("{")
            for (index, (key, element)) in members.enumerated() {
                if index > 0 { append(",") }
                writeString(key)
                append(":")
                write(element)
            }
            append("}")
        }
    }

    public mutating func writeString(_ string: String) {
        Self.appendString(string, to: &bytes)
    }

    /// Appends `string` as a JSON string, quotes included, escaped to be safe inside `<script>`.
    static func appendString(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        // Most strings need no escape: copy them whole.
        if !mayNeedEscape(string) {
            string.withUTF8 { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for scalar in string.unicodeScalars {
            let escape: String
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case "<": escape = "\\u003c"
            case ">": escape = "\\u003e"
            case "&": escape = "\\u0026"
            case "\u{2028}": escape = "\\u2028"
            case "\u{2029}": escape = "\\u2029"
            default:
                escape = scalar.value < 0x20 ? String(format: "\\u%04x", scalar.value) : String(scalar)
            }
            bytes += escape.utf8
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether `string` has a byte that may need an escape: controls, `"`, `\\`, `<`, `>`, `&`,
    /// and 0xE2, the first byte of U+2028 and U+2029. A tight loop over the UTF-8 bytes.
    static func mayNeedEscape(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in
            for byte in bytes {
                switch byte {
                case 0..<0x20, 0x22, 0x5C, 0x3C, 0x3E, 0x26, 0xE2: return true
                default: continue
                }
            }
            return false
        }
    }

    /// A number with at most `decimals` decimals and no trailing zeros: `41.881900` → `41.8819`.
    /// Integer arithmetic instead of `String(format:)`, which is slow enough to show in a build.
    public static func format(_ number: Double, decimals: Int, minimumDecimals: Int = 0) -> String {
        var bytes: [UInt8] = []
        appendNumber(number, decimals: decimals, minimumDecimals: minimumDecimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `format(number, decimals:minimumDecimals:)` to `bytes`, digit by digit.
    static func appendNumber(_ number: Double, decimals: Int, minimumDecimals: Int = 0, to bytes: inout [UInt8]) {
        guard number.isFinite else {
            bytes += "null".utf8
            return
        }
        let decimals = min(max(decimals, 0), 9)
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(number) * Double(scale)).rounded()
        guard scaled < 9e15 else {
            bytes += String(number).utf8
            return
        }
        let units = Int64(scaled)
        if units != 0 && number < 0 { bytes.append(UInt8(ascii: "-")) }
        Digits.append(UInt64(units / scale), to: &bytes)
        var fraction = units % scale
        guard fraction != 0 || minimumDecimals > 0 else { return }
        var digits = decimals
        while digits > minimumDecimals && fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        bytes.append(UInt8(ascii: "."))
        Digits.append(UInt64(fraction), minimumCount: digits, to: &bytes)
    }

}
