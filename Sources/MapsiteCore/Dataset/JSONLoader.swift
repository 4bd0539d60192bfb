import Foundation

/// Reads a JSON array of objects, and GeoJSON FeatureCollections of Points, into records.
/// Nested values are read by dotted path: `location.lat`.
enum JSONLoader {
    static func readArray(
        bytes: [UInt8], file: String, invalid: (InputError) throws -> Void, body: (Record) throws -> Void
    ) throws {
        let root = try parse(bytes, file: file)
        guard let objects = root as? [Any] else {
            throw InputError(file: file, expected: "a JSON array of objects", found: describe(root))
        }
        for (index, element) in objects.enumerated() {
            guard let object = element as? [String: Any] else {
                let location = "object \(index + 1)"
                try invalid(
                    InputError(file: file, location: location, expected: "a JSON object", found: describe(element)))
                continue
            }
            try body(
                Record(
                    line: nil, location: "object \(index + 1)", value: { lookup($0, in: object) },
                    fieldKind: "key", geometry: nil))
        }
    }

    static func readFeatures(
        bytes: [UInt8], file: String, invalid: (InputError) throws -> Void, body: (Record) throws -> Void
    ) throws {
        let root = try parse(bytes, file: file)
        guard let collection = root as? [String: Any], collection["type"] as? String == "FeatureCollection",
            let features = collection["features"] as? [Any]
        else {
            throw InputError(
                file: file, expected: "a GeoJSON FeatureCollection with a \"features\" list", found: describe(root))
        }
        for (index, element) in features.enumerated() {
            var location = "feature \(index + 1)"
            guard let feature = element as? [String: Any] else {
                try invalid(
                    InputError(file: file, location: location, expected: "a Feature object", found: describe(element)))
                continue
            }
            if let id = feature["id"].flatMap(text) { location += " (id \(id))" }
            let properties = feature["properties"] as? [String: Any] ?? [:]
            let geometry = feature["geometry"] as? [String: Any]
            guard let geometry, geometry["type"] as? String == "Point" else {
                let type = geometry?["type"] as? String ?? "no geometry"
                try invalid(
                    InputError(file: file, location: location, field: "geometry", expected: "a Point", found: type))
                continue
            }
            guard let position = geometry["coordinates"] as? [Any], position.count >= 2,
                let longitude = number(position[0]), let latitude = number(position[1])
            else {
                try invalid(
                    InputError(
                        file: file, location: location, field: "geometry",
                        expected: "coordinates [longitude, latitude]",
                        found: describe(geometry["coordinates"] ?? NSNull())))
                continue
            }
            try body(
                Record(
                    line: nil, location: location, value: { lookup($0, in: properties) }, fieldKind: "property",
                    geometry: (latitude, longitude)))
        }
    }

    private static func parse(_ bytes: [UInt8], file: String) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw InputError(file: file, expected: "valid JSON", found: detail)
        }
    }

    /// Follows a dotted path through nested objects; a key holding a dot wins over the path.
    static func lookup(_ path: String, in object: [String: Any]) -> String? {
        if let direct = object[path] { return text(direct) }
        var current: Any = object
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard let dictionary = current as? [String: Any], let next = dictionary[String(part)] else { return nil }
            current = next
        }
        return text(current)
    }

    static func text(_ value: Any) -> String? {
        switch value {
        case is NSNull: return nil
        case let string as String: return string
        case let bool as Bool where type(of: value) == Bool.self: return bool ? "true" : "false"
        case let number as NSNumber:
            // JSON booleans arrive as NSNumbers of type `c` (char).
            let type = String(cString: number.objCType)
            if type == "c" { return number.boolValue ? "true" : "false" }
            // Whole numbers keep every digit; a Double holds only 15 or 16.
            if type == "Q" || type == "L" { return String(number.uint64Value) }
            if ["q", "l", "i", "s"].contains(type) { return String(number.int64Value) }
            if let int = Int(exactly: number.doubleValue), !"\(number)".contains(".") { return String(int) }
            return "\(number.doubleValue)"
        case let array as [Any]: return array.compactMap(text).joined(separator: ", ")
        default: return nil
        }
    }

    private static func number(_ value: Any) -> Double? {
        guard !(value is String), let number = value as? NSNumber else { return nil }
        return number.doubleValue
    }

    static func describe(_ value: Any) -> String {
        switch value {
        case is [Any]: return "a list"
        case is [String: Any]: return "an object"
        case is NSNull: return "null"
        default: return text(value) ?? "\(value)"
        }
    }
}
