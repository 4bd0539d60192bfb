import Foundation

/// Reads a JSON array of objects, and GeoJSON FeatureCollections, into records: a Point feature
/// as a position, any other geometry as a shape (`GeoJSONShapeReader`; polygons that are not
/// valid repaired by `PolygonRepair`).
/// Nested values are read by dotted path: `location.lat`.
///
/// Numbers are kept as written (`12345678901234567`, `0.30000000000000004`), and coordinates read
/// from their text, correctly rounded (see `JSONReader`).
enum JSONLoader {
    static func readArray(
        bytes: [UInt8], file: String, invalid: (InputError) throws -> Void, body: (Record) throws -> Void
    ) throws {
        let root = try JSONReader.parse(bytes, file: file)
        guard let objects = root.array else {
            throw InputError(file: file, expected: "a JSON array of objects", found: describe(root))
        }
        for (index, element) in objects.enumerated() {
            guard let object = element.object else {
                let location = "object \(index + 1)"
                try invalid(
                    InputError(file: file, location: location, expected: "a JSON object", found: describe(element)))
                continue
            }
            try body(
                Record(
                    line: nil, location: "object \(index + 1)", value: { lookup($0, in: object) },
                    fieldKind: "key", geometry: nil, emptyValue: { emptyValue($0, in: object) }))
        }
    }

    /// - Parameter warn: told of each polygon that was not valid and was repaired (`PolygonRepair`).
    static func readFeatures(
        bytes: [UInt8], file: String, invalid: (InputError) throws -> Void, warn: (String) -> Void = { _ in },
        body: (Record) throws -> Void
    ) throws {
        let root = try JSONReader.parse(bytes, file: file)
        guard root["type"]?.string == "FeatureCollection", let features = root["features"]?.array else {
            throw InputError(
                file: file, expected: "a GeoJSON FeatureCollection with a \"features\" list", found: describe(root))
        }
        for (index, element) in features.enumerated() {
            var location = "feature \(index + 1)"
            guard let feature = element.object else {
                try invalid(
                    InputError(file: file, location: location, expected: "a Feature object", found: describe(element)))
                continue
            }
            if let id = feature["id"].flatMap(text) { location += " (id \(id))" }
            let properties = feature["properties"]?.object ?? JSONObject(members: [:])
            let geometry = feature["geometry"]
            guard let geometry, geometry != .null else {
                try invalid(
                    InputError(
                        file: file, location: location, field: "geometry", expected: "a geometry",
                        found: "no geometry"))
                continue
            }
            guard geometry["type"]?.string == "Point" else {
                do {
                    var shape = try GeoJSONShapeReader(file: file, location: location).geometry(geometry)
                    do {
                        if let repaired = try PolygonRepair.repaired(shape) {
                            shape = repaired
                            warn(PolygonRepair.warning(file: file, location: location))
                        }
                    } catch {
                        throw InputError(
                            file: file, location: location, field: error.field, expected: error.expected,
                            found: error.found)
                    }
                    try body(
                        Record(
                            line: nil, location: location, value: { lookup($0, in: properties) },
                            fieldKind: "property", geometry: nil, emptyValue: { emptyValue($0, in: properties) },
                            shape: shape, properties: SourceProperties(properties)))
                } catch let error as InputError {
                    try invalid(error)
                }
                continue
            }
            guard let position = geometry["coordinates"]?.array, position.count >= 2,
                let longitude = position[0].number, let latitude = position[1].number
            else {
                try invalid(
                    InputError(
                        file: file, location: location, field: "geometry",
                        expected: "coordinates [longitude, latitude] of two numbers",
                        found: geometry["coordinates"].map(written) ?? "nothing"))
                continue
            }
            guard longitude.isFinite, latitude.isFinite else {
                // `1e400`: a number, but none a Double holds; named as written.
                try invalid(
                    InputError(
                        file: file, location: location, field: "geometry",
                        expected: "coordinates [longitude, latitude] within -180…180 and -90…90",
                        found: "[\(written(position[0])), \(written(position[1]))]"))
                continue
            }
            try body(
                Record(
                    line: nil, location: location, value: { lookup($0, in: properties) }, fieldKind: "property",
                    geometry: (latitude, longitude), emptyValue: { emptyValue($0, in: properties) },
                    properties: SourceProperties(properties)))
        }
    }

    /// Follows a dotted path through nested objects; a key holding a dot wins over the path.
    static func lookup(_ path: String, in object: JSONObject) -> String? {
        member(path, in: object).flatMap(text)
    }

    /// `null` when the member at `path` is there and null (so not missing).
    static func emptyValue(_ path: String, in object: JSONObject) -> String? {
        member(path, in: object) == .null ? "null" : nil
    }

    private static func member(_ path: String, in object: JSONObject) -> JSONValue? {
        if let direct = object[path] { return direct }
        var current = JSONValue.object(object)
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard let next = current[String(part)] else { return nil }
            current = next
        }
        return current
    }

    /// A value as a field's text: numbers as written, lists joined by `, `; nil for null and objects.
    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .null, .object: nil
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .array(let elements): elements.compactMap(text).joined(separator: ", ")
        }
    }

    /// A value for a message: its text, or what it is.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .array: "a list"
        case .object: "an object"
        case .null: "null"
        default: text(value) ?? ""
        }
    }

    /// A value written out as in JSON, short lists in full: `[1e400, 5]`.
    static func written(_ value: JSONValue) -> String {
        switch value {
        case .array(let elements) where elements.count <= 4: "[" + elements.map(written).joined(separator: ", ") + "]"
        case .string(let text): "\"" + text + "\""
        default: describe(value)
        }
    }
}
