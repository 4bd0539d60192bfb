/// A JSON value as written in a file, every number kept as its own text.
///
/// `JSONSerialization` reads numbers into `NSNumber`s, a few ulp off on Linux and with 16- or
/// 17-digit values changed; mapsite reads each number from its text, when and as it needs it.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    /// The number's text exactly as written: `12`, `-0.5`, `1e400`.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The elements, when this is an array.
    var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, when this is an object.
    var object: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The text, when this is a string.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number read from its text, correctly rounded (infinite when out of a Double's range),
    /// when this is a number.
    var number: Double? {
        if case .number(let text) = self { return Self.exactDecimal(text) ?? Double(text) }
        return nil
    }

    /// The value of a number the reader took in (`-?digits(.digits)?`, without an exponent) of at
    /// most 15 digits, done in one division: both its digits as a whole number and the power of
    /// ten are exact in a Double, so the quotient is the correctly rounded value `Double(text)`
    /// gives, without its general parse. `nil` for any other number.
    private static func exactDecimal(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes -> Double? in
            var whole: Int64 = 0
            var digits = 0
            var decimals = -1
            for (index, byte) in bytes.enumerated() {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    whole = whole * 10 + Int64(byte - UInt8(ascii: "0"))
                    digits += 1
                    if decimals >= 0 { decimals += 1 }
                case UInt8(ascii: "-") where index == 0: continue
                case UInt8(ascii: "."): decimals = 0
                default: return nil
                }
                guard digits <= 15 else { return nil }
            }
            guard digits > 0 else { return nil }
            let value = Double(whole) / powersOfTen[max(0, decimals)]
            return bytes[0] == UInt8(ascii: "-") ? -value : value
        }
    }

    /// 10⁰ … 10¹⁵, each exact in a Double.
    private static let powersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ]

    /// The member `key`, when this is an object that has one.
    subscript(key: String) -> JSONValue? { object?.members[key] }
}

/// A JSON object: its members by name (no two with the same name; the reader makes sure).
struct JSONObject: Equatable {
    var members: [String: JSONValue]

    subscript(key: String) -> JSONValue? { members[key] }
}
