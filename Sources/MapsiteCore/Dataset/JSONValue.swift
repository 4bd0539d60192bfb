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
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// The member `key`, when this is an object that has one.
    subscript(key: String) -> JSONValue? { object?.members[key] }
}

/// A JSON object: its members by name (no two with the same name; the reader makes sure).
struct JSONObject: Equatable {
    var members: [String: JSONValue]

    subscript(key: String) -> JSONValue? { members[key] }
}
