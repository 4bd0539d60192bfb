import CGDAL
import MapsiteGeo

/// Makes a place's shape out of a feature's OGR geometry: curves made linear, a collection of
/// one kind made its Multi kind, checked (`OGRGeometryReader`), an invalid polygon repaired,
/// and every position reprojected to WGS 84 longitude and latitude.
///
/// Polygons that are not valid are repaired by `PolygonRepair`'s rule, in the source's own
/// coordinates, before they are reprojected; in longitude and latitude (WGS 84, or no system),
/// one across the antimeridian or around a pole is judged as it lies on the globe.
enum GDALGeometry {
    /// - Parameter geometry: owned: destroyed before this returns.
    /// - Parameter hasSystem: whether the coordinates have a system; without one, positions out
    ///   of longitude and latitude ranges are an error that says to set `crs`.
    /// - Returns: the shape, what was wrong with it when it was a polygon GEOS repaired, and
    ///   whether rings of fewer than four positions were dropped from it (`CollapsedRings`).
    static func shape(
        _ geometry: OGRGeometryH, transform: CoordinateTransform?, hasSystem: Bool
    ) throws(OGRGeometryReader.Problem) -> (shape: Geometry, repair: PolygonRepair.Repair?, collapsed: Bool) {
        var current = geometry
        defer { OGR_G_DestroyGeometry(current) }
        if OGR_G_IsEmpty(current) != 0 {
            throw .init(field: "geometry", expected: "a geometry with coordinates", found: "an empty " + name(current))
        }
        if OGR_G_HasCurveGeometry(current, 0) != 0, let linear = OGR_G_GetLinearGeometry(current, 0, nil) {
            OGR_G_DestroyGeometry(current)
            current = linear
        }
        if OGR_GT_Flatten(OGR_G_GetGeometryType(current)) == wkbGeometryCollection {
            let multi = try collected(current)
            OGR_G_DestroyGeometry(current)
            current = multi
        }
        var collapsed = false
        var shape = try OGRGeometryReader.geometry(current, collapsed: &collapsed)
        var repair: PolygonRepair.Repair?
        // Longitude and latitude as they are (WGS 84, or no system: then they must be).
        let onSphere = transform == nil
        if collapsed || (onSphere && shape.polygons.contains(where: \.liesAcrossAntimeridianOrPole)) {
            // The rings read, without the collapsed ones, are what is checked and repaired.
            if let valid = try PolygonRepair.repaired(shape, onSphere: onSphere) {
                shape = valid.shape
                repair = valid.repair
            }
        } else if !shape.polygons.isEmpty, GDALLibrary.quietly({ OGR_G_IsValid(current) }) == 0 {
            let flaws = GDALLibrary.quietly { PolygonRepair.flaws(of: current) }
            let valid = GDALLibrary.quietly { PolygonRepair.madeValid(current) }
            guard let valid else { throw PolygonRepair.unrepairable() }
            OGR_G_DestroyGeometry(current)
            current = valid
            shape = try OGRGeometryReader.geometry(current)
            repair = PolygonRepair.Repair(flaws: flaws)
        }
        return (try reprojected(shape, transform: transform, hasSystem: hasSystem), repair, collapsed)
    }

    private static func name(_ geometry: OGRGeometryH) -> String {
        OGR_G_GetGeometryName(geometry).map { String(cString: $0) } ?? "geometry"
    }

    /// A GeometryCollection whose members are all points, all lines or all polygons (Multi kinds
    /// included) as a new MultiPoint, MultiLineString or MultiPolygon; an error for mixed ones.
    private static func collected(_ collection: OGRGeometryH) throws(OGRGeometryReader.Problem) -> OGRGeometryH {
        var parts: [OGRGeometryH] = []
        var kinds: Set<String> = []
        for index in 0..<OGR_G_GetGeometryCount(collection) {
            let member = OGR_G_GetGeometryRef(collection, index)!
            let type = OGR_GT_Flatten(OGR_G_GetGeometryType(member))
            switch type {
            case wkbPoint, wkbLineString, wkbPolygon:
                parts.append(member)
            case wkbMultiPoint, wkbMultiLineString, wkbMultiPolygon:
                parts += (0..<OGR_G_GetGeometryCount(member)).map { OGR_G_GetGeometryRef(member, $0)! }
            default:
                kinds.insert(name(member))
                continue
            }
            kinds.insert(
                type == wkbPoint || type == wkbMultiPoint
                    ? "points" : type == wkbLineString || type == wkbMultiLineString ? "lines" : "polygons")
        }
        guard kinds.count == 1, let kind = kinds.first, ["points", "lines", "polygons"].contains(kind) else {
            throw .init(
                field: "geometry",
                expected: OGRGeometryReader.expectedTypes
                    + " (a GeometryCollection only when its members are all points, all lines or all polygons)",
                found: "a GeometryCollection of "
                    + (kinds.isEmpty ? "nothing" : kinds.sorted().joined(separator: " and ")))
        }
        let multi = OGR_G_CreateGeometry(
            kind == "points" ? wkbMultiPoint : kind == "lines" ? wkbMultiLineString : wkbMultiPolygon)!
        for part in parts { OGR_G_AddGeometry(multi, part) }
        return multi
    }

    /// `shape` with its positions in WGS 84 longitude and latitude.
    private static func reprojected(
        _ shape: Geometry, transform: CoordinateTransform?, hasSystem: Bool
    ) throws(OGRGeometryReader.Problem) -> Geometry {
        let points = shape.allPoints
        guard let transform else {
            if let bad = points.first(where: { CoordinateTransform.clampedLonLat($0.longitude, $0.latitude) == nil }) {
                let expected =
                    hasSystem
                    ? "positions within -180…180 and -90…90"
                    : "longitudes and latitudes within -180…180 and -90…90, as the source has no coordinate system "
                        + "(set crs: to the system of its coordinates, such as EPSG:2272)"
                throw .init(field: "geometry", expected: expected, found: OGRGeometryReader.written(bad))
            }
            // Rounding past ±180 or ±90 taken as the limit, as the reprojection below takes it.
            var next = 0
            return shape.replacingPoints {
                defer { next += 1 }
                let point = points[next]
                let (longitude, latitude) = CoordinateTransform.clampedLonLat(point.longitude, point.latitude)!
                return ItemBuilder.point(latitude, longitude)
            }
        }
        var xs = points.map(\.longitude)
        var ys = points.map(\.latitude)
        let reprojected = transform.lonLat(xs: &xs, ys: &ys)
        if let bad = reprojected.firstIndex(of: false) {
            throw .init(
                field: "geometry",
                expected: "positions that reproject from \(transform.source.name) to WGS 84 longitude and latitude",
                found: OGRGeometryReader.written(points[bad]))
        }
        var next = 0
        return shape.replacingPoints {
            defer { next += 1 }
            return ItemBuilder.point(ys[next], xs[next])
        }
    }
}

extension Geometry {
    /// The same shape with each vertex, in the order of `allPoints`, replaced by `next()`.
    fileprivate func replacingPoints(_ next: () -> GeoPoint) -> Geometry {
        func line(_ points: [GeoPoint]) -> [GeoPoint] { points.map { _ in next() } }
        func polygon(_ polygon: Polygon) -> Polygon { Polygon(rings: polygon.rings.map(line)) }
        switch self {
        case .point: return .point(next())
        case .multiPoint(let points): return .multiPoint(line(points))
        case .lineString(let points): return .lineString(line(points))
        case .multiLineString(let lines): return .multiLineString(lines.map(line))
        case .polygon(let shape): return .polygon(polygon(shape))
        case .multiPolygon(let shape): return .multiPolygon(MultiPolygon(polygons: shape.polygons.map(polygon)))
        }
    }
}
