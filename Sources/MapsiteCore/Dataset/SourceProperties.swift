import Foundation

/// Every property a source gave a place, kept to be written into the GeoJSON download as it was:
/// numbers as their own text (full precision), nested lists and objects whole.
public struct SourceProperties: Sendable, Equatable {
    /// The properties' names, in UTF-8 order.
    public let names: [String]
    /// The members as JSON, `"name":value` separated by commas, without braces, in `names` order.
    public let json: [UInt8]

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
    }

    /// Whether the source has a property `name`.
    /// - Complexity: O(log n).
    public func has(_ name: String) -> Bool {
        var low = 0
        var high = names.count
        while low < high {
            let middle = (low + high) / 2
            if names[middle].utf8.lexicographicallyPrecedes(name.utf8) { low = middle + 1 } else { high = middle }
        }
        return low < names.count && names[low] == name
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
