import Foundation
import MapsiteGeo

/// Reads a GeoJSON geometry other than a Point (MultiPoint, LineString, MultiLineString, Polygon,
/// MultiPolygon) into a `Geometry`, checking it: every error names the file, the feature and
/// the position in the coordinates (`geometry.coordinates[0][3]`).
///
/// Checked: no empty lists; positions of two (or three) finite numbers in -180…180 and -90…90; a
/// LineString of at least two positions; a ring whose last position equals its first. A ring of
/// fewer than four positions is dropped (`CollapsedRings`), its polygon with it when it is the
/// outer ring; a geometry left with no polygon is an error. A GeometryCollection, or any other
/// type, is an error.
struct GeoJSONShapeReader {
    let file: String
    let location: String

    /// - Returns: the shape, and whether rings of fewer than four positions were dropped from it.
    func geometry(_ geometry: JSONValue) throws(InputError) -> (shape: Geometry, collapsed: Bool) {
        let type = geometry["type"]?.string
        let coordinates = geometry["coordinates"]
        let path = CoordinatePath()
        switch type {
        case "MultiPoint":
            return (.multiPoint(try list(coordinates, path, of: "positions", minimum: 1, position)), false)
        case "LineString":
            return (.lineString(try line(coordinates, path)), false)
        case "MultiLineString":
            return (.multiLineString(try list(coordinates, path, of: "lines", minimum: 1, line)), false)
        case "Polygon":
            let read = try polygon(coordinates, path)
            guard let polygon = read.polygon else { throw nothingLeft([read]) }
            return (.polygon(polygon), read.collapsed)
        case "MultiPolygon":
            let parts = try list(coordinates, path, of: "polygons", minimum: 1, polygon)
            let polygons = parts.compactMap(\.polygon)
            guard !polygons.isEmpty else { throw nothingLeft(parts) }
            return (.multiPolygon(MultiPolygon(polygons: polygons)), parts.contains(where: \.collapsed))
        case "GeometryCollection":
            throw failure(
                "geometry",
                "a Point, MultiPoint, LineString, MultiLineString, Polygon or MultiPolygon "
                    + "(a GeometryCollection is not read: split it into features)", "a GeometryCollection")
        case let type:
            throw failure(
                "geometry", "a Point, MultiPoint, LineString, MultiLineString, Polygon or MultiPolygon",
                type ?? (geometry == .null ? "no geometry" : "a geometry without a type"))
        }
    }

    private func failure(_ field: String, _ expected: String, _ found: String) -> InputError {
        InputError(file: file, location: location, field: field, expected: expected, found: found)
    }

    /// The elements of a list of at least `minimum`, each read by `element` at its own path.
    private func list<Element>(
        _ value: JSONValue?, _ path: CoordinatePath, of what: String, minimum: Int,
        _ read: (JSONValue?, CoordinatePath) throws(InputError) -> Element
    ) throws(InputError) -> [Element] {
        guard let elements = value?.array, elements.count >= minimum else {
            let expected =
                minimum == 0
                ? "a list of \(what)"
                : minimum == 1 ? "a non-empty list of \(what)" : "a list of at least \(minimum) \(what)"
            throw failure(path.text, expected, found(value))
        }
        var elementsRead: [Element] = []
        elementsRead.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() { elementsRead.append(try read(element, path.appending(index))) }
        return elementsRead
    }

    private func line(_ value: JSONValue?, _ path: CoordinatePath) throws(InputError) -> [GeoPoint] {
        try list(value, path, of: "positions", minimum: 2, position)
    }

    /// A polygon read, without its collapsed rings: nil when its outer ring is collapsed.
    private struct PolygonRead {
        var polygon: Polygon?
        var collapsed: Bool
        /// The outer ring's path and coordinates, when it is collapsed.
        var shell: (path: String, value: JSONValue?)?
    }

    private func polygon(_ value: JSONValue?, _ path: CoordinatePath) throws(InputError) -> PolygonRead {
        let rings = try list(value, path, of: "rings", minimum: 1, ring)
        if rings[0] == nil {
            return PolygonRead(polygon: nil, collapsed: true, shell: (path.appending(0).text, value?.array?[0]))
        }
        let kept = rings.compactMap { $0 }
        return PolygonRead(polygon: Polygon(rings: kept), collapsed: kept.count < rings.count)
    }

    /// The error of a geometry whose every polygon has a collapsed outer ring.
    private func nothingLeft(_ polygons: [PolygonRead]) -> InputError {
        let shell = polygons.lazy.compactMap(\.shell).first
        let problem = CollapsedRings.nothingLeft(
            at: shell?.path ?? "geometry.coordinates", found: shell.map { found($0.value) } ?? "nothing")
        return failure(problem.field, problem.expected, problem.found)
    }

    /// A ring's positions; nil when it has fewer than four (collapsed).
    private func ring(_ value: JSONValue?, _ path: CoordinatePath) throws(InputError) -> [GeoPoint]? {
        let points = try list(value, path, of: "positions", minimum: 0, position)
        guard points.count >= CollapsedRings.minimum else { return nil }
        guard points.first == points.last else {
            // Four positions at least: `list` made sure.
            let positions = value?.array ?? []
            throw failure(
                path.text, "a closed ring: its last position the same as its first",
                "\(JSONLoader.written(positions[0])) … \(JSONLoader.written(positions[positions.count - 1]))")
        }
        return points
    }

    private func position(_ value: JSONValue?, _ path: CoordinatePath) throws(InputError) -> GeoPoint {
        guard let numbers = value?.array, (2...3).contains(numbers.count), let longitude = numbers[0].number,
            let latitude = numbers[1].number
        else {
            throw failure(path.text, "a position [longitude, latitude] of two numbers", found(value))
        }
        guard let (longitude, latitude) = CoordinateTransform.clampedLonLat(longitude, latitude) else {
            throw failure(
                path.text, "a position [longitude, latitude] within -180…180 and -90…90",
                "[\(JSONLoader.written(numbers[0])), \(JSONLoader.written(numbers[1]))]")
        }
        return ItemBuilder.point(latitude, longitude)
    }

    private func found(_ value: JSONValue?) -> String {
        guard let value else { return "nothing" }
        if let elements = value.array, elements.isEmpty { return "an empty list" }
        return JSONLoader.written(value)
    }
}

/// Where a value lies in `geometry.coordinates`, at most three lists deep (a position of a ring
/// of a MultiPolygon), kept as numbers and written out only for a message.
private struct CoordinatePath {
    private var indexes: (Int, Int, Int) = (0, 0, 0)
    private var depth = 0

    /// The path of element `index` of the list at this path.
    func appending(_ index: Int) -> CoordinatePath {
        var path = self
        switch depth {
        case 0: path.indexes.0 = index
        case 1: path.indexes.1 = index
        default:
            precondition(depth == 2, "GeoJSON coordinates nest at most three lists deep")
            path.indexes.2 = index
        }
        path.depth += 1
        return path
    }

    /// `geometry.coordinates[0][3]`.
    var text: String {
        [indexes.0, indexes.1, indexes.2].prefix(depth).reduce("geometry.coordinates") { $0 + "[\($1)]" }
    }
}
