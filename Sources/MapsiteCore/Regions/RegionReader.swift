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
        for (index, element) in features.enumerated() {
            do {
                regions.append(try region(element, number: index + 1))
            } catch let error as InputError {
                problems.append(error)
            }
        }
        if !problems.isEmpty { throw InputErrors(errors: problems, total: problems.count) }
        for (index, slug) in RegionSet.slugs(for: regions.map(\.name)).enumerated() { regions[index].slug = slug }
        return regions
    }

    private func features(_ data: Data) throws -> [JSONValue] {
        let root: JSONValue
        do {
            root = try JSONReader.parse([UInt8](data), file: file)
        } catch let error as InputError {
            throw InputErrors(errors: [error], total: 1)
        }
        guard root["type"]?.string == "FeatureCollection", let features = root["features"]?.array, !features.isEmpty
        else {
            let found = root["features"]?.array != nil ? "no features" : JSONLoader.describe(root)
            throw InputErrors(
                errors: [
                    InputError(
                        file: file, expected: "a GeoJSON FeatureCollection with a \"features\" list of regions",
                        found: found)
                ], total: 1)
        }
        return features
    }

    private func region(_ element: JSONValue, number: Int) throws -> Region {
        var location = "feature \(number)"
        guard let feature = element.object else {
            throw InputError(
                file: file, location: location, expected: "a Feature object", found: JSONLoader.describe(element))
        }
        let id = feature["id"].flatMap(JSONLoader.text)
        if let id { location += " (id \(id))" }
        let geometry = feature["geometry"]
        let shape: MultiPolygon
        switch geometry?["type"]?.string {
        case "Polygon":
            shape = MultiPolygon(try polygon(geometry?["coordinates"], location, field: "geometry"))
        case "MultiPolygon":
            guard let polygons = geometry?["coordinates"]?.array, !polygons.isEmpty else {
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
                found: type ?? (geometry == nil || geometry == .null ? "no geometry" : "a geometry without a type"))
        }
        let properties = feature["properties"]?.object ?? JSONObject(members: [:])
        let value = JSONLoader.lookup(nameProperty, in: properties)
        let name = value?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !name.isEmpty else {
            // A name property the features do not have is most often a typo of `regions.name`.
            let names = properties.members.keys.sorted()
            let closest = ClosestName.closest(to: nameProperty, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
            var among = ""
            if value == nil && !names.isEmpty {
                let listed = names.prefix(12).joined(separator: ", ") + (names.count > 12 ? ", …" : "")
                among = " (regions.name in site.yml; its properties: " + listed + closest + ")"
            }
            throw InputError(
                file: file, location: location, field: "property \"\(nameProperty)\"",
                expected: "the region's name" + among, found: value == nil ? "nothing" : value)
        }
        return Region(name: name, slug: "", id: id, shape: shape, origin: location)
    }

    /// A GeoJSON Polygon's coordinates: rings of positions, outer first.
    private func polygon(_ value: JSONValue?, _ location: String, field: String) throws -> Polygon {
        guard let rings = value?.array, !rings.isEmpty else {
            throw InputError(
                file: file, location: location, field: field,
                expected: "a list of rings, each a list of [longitude, latitude] positions", found: describe(value))
        }
        return Polygon(
            rings: try rings.enumerated().map { index, ring in
                try self.ring(ring, location, field: field + ", ring \(index + 1)")
            })
    }

    private func ring(_ value: JSONValue, _ location: String, field: String) throws -> [GeoPoint] {
        func failure(_ field: String, _ expected: String, _ found: String) -> InputError {
            InputError(file: file, location: location, field: field, expected: expected, found: found)
        }
        guard let positions = value.array else {
            throw failure(field, "a ring: a list of [longitude, latitude] positions", describe(value))
        }
        var points: [GeoPoint] = []
        points.reserveCapacity(positions.count)
        for (index, element) in positions.enumerated() {
            let position = field + ", position \(index + 1)"
            guard let pair = element.array, pair.count >= 2, let x = pair[0].number, let y = pair[1].number else {
                throw failure(position, "a position [longitude, latitude] of two numbers", describe(element))
            }
            // Just past a limit (Natural Earth's 180.00000000000006) is the limit, as in every reader.
            guard let longitude = CoordinateLimits.longitude(x), let latitude = CoordinateLimits.latitude(y) else {
                throw failure(
                    position, "[longitude, latitude] within -180…180 and -90…90",
                    "[\(JSONLoader.written(pair[0])), \(JSONLoader.written(pair[1]))]")
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

    private func describe(_ value: JSONValue?) -> String {
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
