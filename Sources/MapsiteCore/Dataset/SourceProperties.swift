import Foundation

/// Every property a source gave a place, kept to be written into the downloads as it was: numbers
/// as their own text (full precision), text as text, null as null, nested lists and objects whole.
public struct SourceProperties: Sendable, Equatable {
    /// The properties' names: of a GeoJSON feature or a JSON object in UTF-8 order; of a table
    /// (SQLite, GDAL) in its columns' order, one array shared by every row.
    public let names: [String]
    /// The members as JSON, `"name":value` separated by commas, without braces, in `names` order.
    public let json: [UInt8]
    /// Whether `names` is in UTF-8 order, so that `has` can halve.
    private let sorted: Bool

    /// The values of a table's row, in the order of `names`: numbers as written, null for NULL.
    /// - Complexity: O(n) for n values; `names` is shared, not copied.
    init(names: [String], values: [JSONValue]) {
        var json: [UInt8] = []
        for (index, name) in names.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(name, to: &json)
            json.append(UInt8(ascii: ":"))
            Self.append(values[index], to: &json)
        }
        self.names = names
        self.json = json
        sorted = false
    }

    /// The members of a GeoJSON feature's `properties` object.
    /// - Complexity: O(n log n) for n members (they are sorted, so that builds are reproducible).
    init(_ object: JSONObject) {
        let names = object.members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var json: [UInt8] = []
        for (index, name) in names.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(name, to: &json)
            json.append(UInt8(ascii: ":"))
            Self.append(object.members[name]!, to: &json)
        }
        self.names = names
        self.json = json
        sorted = true
    }

    /// Whether the source has a property `name`.
    /// - Complexity: O(log n), or O(n) for a table's row.
    public func has(_ name: String) -> Bool {
        guard sorted else { return names.contains(name) }
        var low = 0
        var high = names.count
        while low < high {
            let middle = (low + high) / 2
            if names[middle].utf8.lexicographicallyPrecedes(name.utf8) { low = middle + 1 } else { high = middle }
        }
        return low < names.count && names[low] == name
    }

    /// Each member's value as JSON, in the order of `names`.
    /// - Complexity: O(b) for b bytes of `json`.
    func values() -> [ArraySlice<UInt8>] {
        var values: [ArraySlice<UInt8>] = []
        values.reserveCapacity(names.count)
        var index = 0
        let end = json.count
        // Past a string starting at `index` (its opening quote).
        func skipString() {
            index += 1
            while index < end, json[index] != UInt8(ascii: "\"") {
                index += json[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index += 1
        }
        while index < end {
            skipString()  // the name
            index += 1  // the colon
            let start = index
            var depth = 0
            while index < end {
                let byte = json[index]
                if byte == UInt8(ascii: "\"") {
                    skipString()
                    continue
                }
                if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
                if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { depth -= 1 }
                if byte == UInt8(ascii: ","), depth == 0 { break }
                index += 1
            }
            values.append(json[start..<index])
            index += 1  // the comma
        }
        return values
    }

    /// Whether `bytes` are a number as JSON writes one (RFC 8259): `-0.5`, `12`, `1e-5`; not `+1`,
    /// `012`, `.5`, `1.`, `1,234`, `inf`.
    static func isJSONNumber<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var index = bytes.startIndex
        let end = bytes.endIndex
        func isDigit() -> Bool { index < end && bytes[index] >= 0x30 && bytes[index] <= 0x39 }
        func digits() -> Bool {
            guard isDigit() else { return false }
            while isDigit() { index = bytes.index(after: index) }
            return true
        }
        if index < end, bytes[index] == UInt8(ascii: "-") { index = bytes.index(after: index) }
        if index < end, bytes[index] == UInt8(ascii: "0") {
            index = bytes.index(after: index)
        } else if !digits() {
            return false
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index = bytes.index(after: index)
            guard digits() else { return false }
        }
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index = bytes.index(after: index)
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index = bytes.index(after: index)
            }
            guard digits() else { return false }
        }
        return index == end
    }

    /// A value of `values()` as a CSV cell: text unescaped, null empty, anything else as written.
    static func cell(_ value: ArraySlice<UInt8>) -> String {
        guard value.first == UInt8(ascii: "\"") else {
            return value.elementsEqual("null".utf8) ? "" : String(decoding: value, as: UTF8.self)
        }
        if !value.contains(UInt8(ascii: "\\")) { return String(decoding: value.dropFirst().dropLast(), as: UTF8.self) }
        return (try? JSONReader.parse(Array(value), file: "")).flatMap(\.string) ?? ""
    }

    /// Appends `value` as JSON: numbers as written, strings escaped as the site's JSON escapes them.
    private static func append(_ value: JSONValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes += "null".utf8
        case .bool(let flag): bytes += (flag ? "true" : "false").utf8
        case .number(let text): bytes += text.utf8
        case .string(let text): JSONWriter.appendString(text, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                append(element, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            bytes += SourceProperties(object).json
            bytes.append(UInt8(ascii: "}"))
        }
    }
}
