import Foundation
import MapsiteGeo

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
            var record = Record(
                line: nil, location: "object \(index + 1)", value: { lookup($0, in: object) },
                fieldKind: "key", geometry: nil, emptyValue: { emptyValue($0, in: object) })
            record.names = { object.members.keys.sorted() }
            record.properties = SourceProperties(object)
            try body(record)
        }
    }

    /// The features of a GeoJSON FeatureCollection, each built into an item by `build`, the
    /// features read (`JSONReader.parseFeatureCollection`) and built on two threads (`TwoHalves`):
    /// the successes and the failures in feature order, and the warnings of the polygons that were
    /// not valid and were repaired (`PolygonRepair`), in feature order too.
    /// - Parameter build: runs on two threads at once, so it may only read shared state.
    /// - Throws: `InputError` when the file is not JSON or not a FeatureCollection.
    static func readFeatures<Success>(
        bytes: [UInt8], file: String, build: (Record) -> Result<Success, InputError>
    ) throws -> (successes: [Success], failures: [InputError], warnings: [String]) {
        let root = try JSONReader.parseFeatureCollection(bytes, file: file)
        guard root["type"]?.string == "FeatureCollection", let features = root["features"]?.array else {
            throw InputError(
                file: file, expected: "a GeoJSON FeatureCollection with a \"features\" list", found: describe(root))
        }
        // Each feature's warning in a slot of its own, which only its thread writes; and the
        // location of each that lost collapsed rings, told in one warning.
        let warnings = UnsafeMutableBufferPointer<String?>.allocate(capacity: features.count)
        warnings.initialize(repeating: nil)
        let collapsed = UnsafeMutableBufferPointer<String?>.allocate(capacity: features.count)
        collapsed.initialize(repeating: nil)
        defer {
            warnings.deinitialize()
            warnings.deallocate()
            collapsed.deinitialize()
            collapsed.deallocate()
        }
        let slots = WarningSlots(base: warnings.baseAddress)
        let collapsedSlots = WarningSlots(base: collapsed.baseAddress)
        let built = TwoHalves.results(count: features.count) { index in
            record(
                of: features[index], at: index, file: file, warn: { slots.base?[index] = $0 },
                collapsed: { collapsedSlots.base?[index] = $0 }
            ).flatMap(build)
        }
        let dropped = collapsed.compactMap { $0 }
        let once = dropped.isEmpty ? [] : [CollapsedRings.warning(file: file, features: dropped)]
        return (built.successes, built.failures, warnings.compactMap { $0 } + once)
    }

    /// The slots of the features' warnings, shared by the two threads, each writing its own.
    private struct WarningSlots: @unchecked Sendable {
        let base: UnsafeMutablePointer<String?>?
    }

    /// Feature `index` (0-based) as a record, or what is wrong with it.
    /// - Parameter warn: told when its polygon was not valid and was repaired (`PolygonRepair`).
    /// - Parameter collapsed: told its location when rings of fewer than four positions were
    ///   dropped from it (`CollapsedRings`).
    private static func record(
        of element: JSONValue, at index: Int, file: String, warn: (String) -> Void, collapsed: (String) -> Void
    ) -> Result<Record, InputError> {
        var location = "feature \(index + 1)"
        guard let feature = element.object else {
            return .failure(
                InputError(file: file, location: location, expected: "a Feature object", found: describe(element)))
        }
        if let id = feature["id"].flatMap(text) { location += " (id \(id))" }
        let properties = feature["properties"]?.object ?? JSONObject(members: [:])
        let geometry = feature["geometry"]
        guard let geometry, geometry != .null else {
            return .failure(
                InputError(
                    file: file, location: location, field: "geometry", expected: "a geometry", found: "no geometry"))
        }
        guard geometry["type"]?.string == "Point" else {
            var shape: Geometry
            do {
                let read = try GeoJSONShapeReader(file: file, location: location).geometry(geometry)
                shape = read.shape
                if read.collapsed { collapsed(location) }
            } catch {
                return .failure(error)
            }
            do {
                if let repaired = try PolygonRepair.repaired(shape) {
                    shape = repaired.shape
                    warn(
                        PolygonRepair.warning(file: file, location: location, repair: repaired.repair, shape: shape))
                }
            } catch {
                return .failure(
                    InputError(
                        file: file, location: location, field: error.field, expected: error.expected,
                        found: error.found))
            }
            return .success(
                Record(
                    line: nil, location: location, value: { lookup($0, in: properties) }, fieldKind: "property",
                    geometry: nil, emptyValue: { emptyValue($0, in: properties) }, shape: shape,
                    properties: SourceProperties(properties)))
        }
        guard let position = geometry["coordinates"]?.array, position.count >= 2,
            let longitude = position[0].number, let latitude = position[1].number
        else {
            return .failure(
                InputError(
                    file: file, location: location, field: "geometry",
                    expected: "coordinates [longitude, latitude] of two numbers",
                    found: geometry["coordinates"].map(written) ?? "nothing"))
        }
        guard longitude.isFinite, latitude.isFinite else {
            // `1e400`: a number, but none a Double holds; named as written.
            return .failure(
                InputError(
                    file: file, location: location, field: "geometry",
                    expected: "coordinates [longitude, latitude] within -180…180 and -90…90",
                    found: "[\(written(position[0])), \(written(position[1]))]"))
        }
        return .success(
            Record(
                line: nil, location: location, value: { lookup($0, in: properties) }, fieldKind: "property",
                geometry: (latitude, longitude), emptyValue: { emptyValue($0, in: properties) },
                properties: SourceProperties(properties)))
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
