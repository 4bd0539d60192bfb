import CGDAL
import MapsiteGeo

/// Reads an OGR geometry (Point, LineString, Polygon and their Multi kinds) into a `Geometry` in
/// the source's own coordinates, x as longitude and y as latitude, checking it as
/// `GeoJSONShapeReader` does: no empty parts, finite coordinates, lines of two positions or more,
/// rings whose last position is their first. Z and M are dropped. Rings of fewer than four
/// positions are dropped by `CollapsedRings`' rule.
///
/// Problems name the position as GeoJSON would: `geometry.coordinates[1][0]`.
enum OGRGeometryReader {
    struct Problem: Error {
        var field: String
        var expected: String
        var found: String
    }

    static let expectedTypes = "a Point, MultiPoint, LineString, MultiLineString, Polygon or MultiPolygon"

    static func geometry(_ geometry: OGRGeometryH) throws(Problem) -> Geometry {
        var collapsed = false
        return try self.geometry(geometry, collapsed: &collapsed)
    }

    /// - Parameter collapsed: set when a ring of fewer than four positions was dropped.
    static func geometry(_ geometry: OGRGeometryH, collapsed: inout Bool) throws(Problem) -> Geometry {
        let path = "geometry.coordinates"
        switch OGR_GT_Flatten(OGR_G_GetGeometryType(geometry)) {
        case wkbPoint: return .point(try points(geometry, path, minimum: 1)[0])
        case wkbMultiPoint: return .multiPoint(try parts(geometry, path, of: "points", point))
        case wkbLineString: return .lineString(try points(geometry, path, minimum: 2))
        case wkbMultiLineString:
            return .multiLineString(try parts(geometry, path, of: "lines", line))
        case wkbPolygon, wkbTriangle:
            var shell: (path: String, points: [GeoPoint])?
            guard let polygon = try polygon(geometry, path, collapsed: &collapsed, shell: &shell) else {
                throw nothingLeft(shell)
            }
            return .polygon(polygon)
        case wkbMultiPolygon:
            let count = OGR_G_GetGeometryCount(geometry)
            guard count > 0 else {
                throw Problem(field: path, expected: "a non-empty list of polygons", found: "an empty list")
            }
            var polygons: [Polygon] = []
            var shell: (path: String, points: [GeoPoint])?
            for index in 0..<count {
                let part = OGR_G_GetGeometryRef(geometry, index)!
                if let polygon = try polygon(part, "\(path)[\(index)]", collapsed: &collapsed, shell: &shell) {
                    polygons.append(polygon)
                }
            }
            guard !polygons.isEmpty else { throw nothingLeft(shell) }
            return .multiPolygon(MultiPolygon(polygons: polygons))
        default:
            let name = OGR_G_GetGeometryName(geometry).map { String(cString: $0) } ?? "an unknown geometry"
            throw Problem(field: "geometry", expected: expectedTypes, found: name)
        }
    }

    /// The parts of a collection, each read by `read` at its own path.
    private static func parts<Part>(
        _ geometry: OGRGeometryH, _ path: String, of what: String,
        _ read: (OGRGeometryH, String) throws(Problem) -> Part
    ) throws(Problem) -> [Part] {
        let count = OGR_G_GetGeometryCount(geometry)
        guard count > 0 else {
            throw Problem(field: path, expected: "a non-empty list of \(what)", found: "an empty list")
        }
        var result: [Part] = []
        for index in 0..<count {
            result.append(try read(OGR_G_GetGeometryRef(geometry, index)!, "\(path)[\(index)]"))
        }
        return result
    }

    private static func point(_ geometry: OGRGeometryH, _ path: String) throws(Problem) -> GeoPoint {
        try points(geometry, path, minimum: 1)[0]
    }

    private static func line(_ geometry: OGRGeometryH, _ path: String) throws(Problem) -> [GeoPoint] {
        try points(geometry, path, minimum: 2)
    }

    /// A polygon without its collapsed rings; nil when its outer ring is collapsed, which is then
    /// put in `shell` unless one is there already.
    private static func polygon(
        _ geometry: OGRGeometryH, _ path: String, collapsed: inout Bool,
        shell: inout (path: String, points: [GeoPoint])?
    ) throws(Problem) -> Polygon? {
        let count = OGR_G_GetGeometryCount(geometry)
        guard count > 0 else {
            throw Problem(field: path, expected: "a non-empty list of rings", found: "an empty list")
        }
        var rings: [[GeoPoint]] = []
        for index in 0..<count {
            let ringPath = "\(path)[\(index)]"
            let ring = try points(OGR_G_GetGeometryRef(geometry, index)!, ringPath, minimum: 0)
            guard ring.count >= CollapsedRings.minimum else {
                collapsed = true
                if index == 0 {
                    if shell == nil { shell = (ringPath, ring) }
                    return nil
                }
                continue
            }
            guard ring.first == ring.last else {
                throw Problem(
                    field: ringPath, expected: "a closed ring: its last position the same as its first",
                    found: "\(written(ring[0])) … \(written(ring[ring.count - 1]))")
            }
            rings.append(ring)
        }
        return Polygon(rings: rings)
    }

    private static func nothingLeft(_ shell: (path: String, points: [GeoPoint])?) -> Problem {
        let shell = shell ?? ("geometry.coordinates", [])
        return CollapsedRings.nothingLeft(
            at: shell.path,
            found: shell.points.isEmpty ? "no position" : "[" + shell.points.map(written).joined(separator: ", ") + "]")
    }

    /// The positions of a point, line or ring, at least `minimum` of them, every coordinate finite.
    private static func points(_ geometry: OGRGeometryH, _ path: String, minimum: Int) throws(Problem) -> [GeoPoint] {
        let count = Int(OGR_G_GetPointCount(geometry))
        var xs = [Double](repeating: 0, count: count)
        var ys = [Double](repeating: 0, count: count)
        if count > 0 {
            xs.withUnsafeMutableBytes { x in
                ys.withUnsafeMutableBytes { y in
                    _ = OGR_G_GetPoints(geometry, x.baseAddress, 8, y.baseAddress, 8, nil, 0)
                }
            }
        }
        let points = zip(xs, ys).map { GeoPoint(latitude: $1, longitude: $0) }
        guard count >= minimum else {
            let expected = minimum == 1 ? "a position" : "a list of at least \(minimum) positions"
            throw Problem(
                field: path, expected: expected,
                found: count == 0 ? "no position" : "[" + points.map(written).joined(separator: ", ") + "]")
        }
        if let bad = points.firstIndex(where: { !$0.longitude.isFinite || !$0.latitude.isFinite }) {
            throw Problem(
                field: minimum == 1 ? path : "\(path)[\(bad)]", expected: "a position of two finite numbers",
                found: written(points[bad]))
        }
        return points
    }

    /// A position as `[x, y]`.
    static func written(_ point: GeoPoint) -> String {
        "[\(GDALFields.number(point.longitude)), \(GDALFields.number(point.latitude))]"
    }
}
