import Foundation
import MapsiteGeo

/// Reads a GeoJSON FeatureCollection of Polygon and MultiPolygon features into regions, checking
/// every feature and reporting each bad one by number and id: not a polygon, a ring of fewer than
/// 4 positions, a ring not closed (never closed silently: a missing last position may as well be a
/// lost one), coordinates out of range, no name.
struct RegionReader {
    /// The file as named in messages.
    let file: String
    /// The property holding each region's name (a dotted path reaches into objects).
    let nameProperty: String

    /// - Throws: `InputErrors` listing every bad feature, or the one problem with the whole file.
    func regions(from data: Data) throws -> [Region] {
        let features = try self.features(data)
        var regions: [Region] = []
        var problems: [InputError] = []
        var total = 0
        for (index, element) in features.enumerated() {
            do {
                regions.append(try region(element, number: index + 1))
            } catch let error as InputError {
                total += 1
                if problems.count < DatasetLoader.errorLimit { problems.append(error) }
            }
        }
        if total > 0 { throw InputErrors(errors: problems, total: total) }
        for (index, slug) in RegionSet.slugs(for: regions.map(\.name)).enumerated() { regions[index].slug = slug }
        return regions
    }

    private func features(_ data: Data) throws -> [Any] {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw InputErrors(errors: [InputError(file: file, expected: "valid JSON", found: detail)], total: 1)
        }
        guard let collection = root as? [String: Any], collection["type"] as? String == "FeatureCollection",
            let features = collection["features"] as? [Any], !features.isEmpty
        else {
            let found = (root as? [String: Any])?["features"] is [Any] ? "no features" : JSONLoader.describe(root)
            throw InputErrors(
                errors: [
                    InputError(
                        file: file, expected: "a GeoJSON FeatureCollection with a \"features\" list of regions",
                        found: found)
                ], total: 1)
        }
        return features
    }

    private func region(_ element: Any, number: Int) throws -> Region {
        var location = "feature \(number)"
        guard let feature = element as? [String: Any] else {
            throw InputError(
                file: file, location: location, expected: "a Feature object", found: JSONLoader.describe(element))
        }
        let id = feature["id"].flatMap(JSONLoader.text)
        if let id { location += " (id \(id))" }
        let geometry = feature["geometry"] as? [String: Any]
        let shape: MultiPolygon
        switch geometry?["type"] as? String {
        case "Polygon":
            shape = MultiPolygon(try polygon(geometry?["coordinates"], location, field: "geometry"))
        case "MultiPolygon":
            guard let polygons = geometry?["coordinates"] as? [Any], !polygons.isEmpty else {
                throw InputError(
                    file: file, location: location, field: "geometry", expected: "a list of polygons",
                    found: describe(geometry?["coordinates"]))
            }
            shape = MultiPolygon(
                polygons: try polygons.enumerated().map { index, polygon in
                    try self.polygon(polygon, location, field: "geometry, polygon \(index + 1)")
                })
        case let type:
            throw InputError(
                file: file, location: location, field: "geometry", expected: "a Polygon or MultiPolygon",
                found: type ?? (geometry == nil ? "no geometry" : "a geometry without a type"))
        }
        let properties = feature["properties"] as? [String: Any] ?? [:]
        let value = JSONLoader.lookup(nameProperty, in: properties)
        let name = value?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !name.isEmpty else {
            throw InputError(
                file: file, location: location, field: "property \"\(nameProperty)\"", expected: "the region's name",
                found: value == nil ? "nothing" : value)
        }
        return Region(name: name, slug: "", id: id, shape: shape, origin: location)
    }

    /// A GeoJSON Polygon's coordinates: rings of positions, outer first.
    private func polygon(_ value: Any?, _ location: String, field: String) throws -> Polygon {
        guard let rings = value as? [Any], !rings.isEmpty else {
            throw InputError(
                file: file, location: location, field: field,
                expected: "a list of rings, each a list of [longitude, latitude] positions", found: describe(value))
        }
        return Polygon(
            rings: try rings.enumerated().map { index, ring in
                try self.ring(ring, location, field: field + ", ring \(index + 1)")
            })
    }

    private func ring(_ value: Any, _ location: String, field: String) throws -> [GeoPoint] {
        func failure(_ field: String, _ expected: String, _ found: String) -> InputError {
            InputError(file: file, location: location, field: field, expected: expected, found: found)
        }
        guard let positions = value as? [Any] else {
            throw failure(field, "a ring: a list of [longitude, latitude] positions", describe(value))
        }
        var points: [GeoPoint] = []
        points.reserveCapacity(positions.count)
        for (index, element) in positions.enumerated() {
            let position = field + ", position \(index + 1)"
            guard let pair = element as? [Any], pair.count >= 2, let longitude = number(pair[0]),
                let latitude = number(pair[1])
            else {
                throw failure(position, "a position [longitude, latitude] of two numbers", describe(element))
            }
            guard (-180...180).contains(longitude), (-90...90).contains(latitude) else {
                throw failure(
                    position, "[longitude, latitude] within -180…180 and -90…90", Self.text(longitude, latitude))
            }
            points.append(GeoPoint(latitude: latitude, longitude: longitude))
        }
        guard points.count >= 4 else {
            let noun = points.count == 1 ? "position" : "positions"
            throw failure(
                field, "a ring of at least 4 positions, the last repeating the first", "\(points.count) \(noun)")
        }
        guard let first = points.first, let last = points.last, first == last else {
            throw failure(
                field, "a closed ring: the last position equal to the first",
                "first \(Self.text(points[0])), last \(Self.text(points[points.count - 1]))")
        }
        return points
    }

    private func number(_ value: Any) -> Double? {
        // JSON's true and false arrive as Swift Bools, or as NSNumbers of type `c` (char).
        guard !(value is String), type(of: value) != Bool.self, let number = value as? NSNumber,
            String(cString: number.objCType) != "c"
        else { return nil }
        return number.doubleValue
    }

    private func describe(_ value: Any?) -> String {
        value.map(JSONLoader.describe) ?? "nothing"
    }

    private static func text(_ point: GeoPoint) -> String { text(point.longitude, point.latitude) }

    /// `[200, 39.95]`: whole numbers without `.0`.
    private static func text(_ longitude: Double, _ latitude: Double) -> String {
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        }
        return "[\(number(longitude)), \(number(latitude))]"
    }
}
