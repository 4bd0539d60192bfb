import CGDAL
import Foundation
import MapsiteGeo

/// The rule for polygons that are not valid, in every format: a ring that crosses itself or
/// another, a hole outside its shell, parts of a MultiPolygon that overlap. GEOS repairs them by
/// their structure (`OGR_G_MakeValidEx` with `METHOD=STRUCTURE`), which keeps polygons polygons
/// (a bow tie becomes two triangles, overlapping parts one), and the build warns about each,
/// saying what was wrong and what it became.
///
/// Validity is judged where the polygon lies. A polygon in longitude and latitude that crosses
/// the antimeridian (an edge whose longitudes are more than 180° apart, which RFC 7946 reads as
/// the short way across) or goes around a pole is judged in its flat form on the globe
/// (`Polygon.planarForm`: longitudes made continuous, a ring around a pole closed along it); one
/// valid there is kept exactly as written, however it looks in the plane as written. One that is
/// not is repaired in that form, then split at ±180° (RFC 7946, 3.1.9) so that its longitudes
/// are within -180…180 again. Any other polygon, or one in projected coordinates, is judged as
/// a plane, as GIS tools judge it.
enum PolygonRepair {
    /// What was wrong with a repaired polygon and how it was read, for its warning.
    struct Repair: Sendable, Equatable {
        enum Flaw: Int, Sendable, Comparable {
            case crossesItself, hole, overlap, other
            static func < (a: Flaw, b: Flaw) -> Bool { a.rawValue < b.rawValue }
        }
        enum Reading: Sendable, Equatable {
            case plane, antimeridian, northPole, southPole
        }
        var flaws: Set<Flaw>
        var reading: Reading = .plane
        /// Whether the repaired polygon was split at ±180°.
        var split = false
    }

    /// The warning for a repaired feature, `shape` being what it became.
    static func warning(file: String, location: String, repair: Repair, shape: Geometry) -> String {
        let flaws = repair.flaws.sorted().map { flaw in
            switch flaw {
            case .crossesItself: "a polygon whose outline crosses itself"
            case .hole: "a polygon with a hole that crosses its outline or lies outside it"
            case .overlap: "a MultiPolygon whose parts overlap"
            case .other: "a polygon that is not valid"
            }
        }
        let reading =
            switch repair.reading {
            case .plane: ""
            case .antimeridian: " (read across the antimeridian, each edge the short way round)"
            case .northPole: " (read as a cap around the north pole)"
            case .southPole: " (read as a cap around the south pole)"
            }
        let count = shape.polygons.count
        return "\(file): \(location): \(flaws.joined(separator: " and "))\(reading); repaired by GEOS "
            + "(MakeValid, structure) into \(count) \(count == 1 ? "polygon" : "polygons")"
            + (repair.split ? ", split at ±180°" : "")
    }

    /// `shape` repaired, when it has polygons and they are not valid; nil when it has none or
    /// they are valid, and then it is kept as written.
    /// - Parameter onSphere: whether the coordinates are longitude and latitude, so that a
    ///   polygon across the antimeridian or around a pole is judged as it lies on the globe.
    static func repaired(
        _ shape: Geometry, onSphere: Bool = true
    ) throws(OGRGeometryReader.Problem) -> (shape: Geometry, repair: Repair)? {
        let polygons = shape.polygons
        guard !polygons.isEmpty else { return nil }
        if onSphere, polygons.contains(where: \.liesAcrossAntimeridianOrPole),
            shape.allPoints.allSatisfy({ abs($0.longitude) <= 180 && abs($0.latitude) <= 90 })
        {
            return try repairedOnSphere(polygons)
        }
        // Most polygons are one small simple ring: valid without asking GEOS.
        if polygons.count == 1, polygons[0].isPlainlyValid { return nil }
        let geometry = made(polygons)
        defer { OGR_G_DestroyGeometry(geometry) }
        guard GDALLibrary.quietly({ OGR_G_IsValid(geometry) }) == 0 else { return nil }
        let flaws = GDALLibrary.quietly { Self.flaws(of: geometry) }
        guard let valid = GDALLibrary.quietly({ madeValid(geometry) }) else { throw unrepairable() }
        defer { OGR_G_DestroyGeometry(valid) }
        return (try OGRGeometryReader.geometry(valid), Repair(flaws: flaws))
    }

    /// `repaired` for polygons some of which lie across the antimeridian or around a pole: each
    /// judged in its flat form, repaired there when not valid and split at ±180°; then the parts
    /// together, in -180…180, judged for overlaps.
    private static func repairedOnSphere(
        _ polygons: [Polygon]
    ) throws(OGRGeometryReader.Problem) -> (shape: Geometry, repair: Repair)? {
        var repair = Repair(flaws: [])
        // How the first polygon across was read, for overlapping parts.
        var firstReading = Repair.Reading.plane
        var pieces: [OGRGeometryH] = []
        defer { pieces.forEach { OGR_G_DestroyGeometry($0) } }
        for polygon in polygons {
            let form = flatForm(of: polygon)
            let across = form != nil
            let geometry = made([form ?? polygon])
            defer { OGR_G_DestroyGeometry(geometry) }
            var reading = Repair.Reading.plane
            if across {
                let pole = Geodesic.enclosedPole(polygon.outer)
                reading = pole > 0 ? .northPole : pole < 0 ? .southPole : .antimeridian
                if firstReading == .plane { firstReading = reading }
            }
            if GDALLibrary.quietly({ OGR_G_IsValid(geometry) }) != 0 {
                pieces += GDALLibrary.quietly { split(geometry, repair: &repair) }
                continue
            }
            repair.flaws.formUnion(GDALLibrary.quietly { flaws(of: geometry) })
            if across { repair.reading = reading }
            guard let valid = GDALLibrary.quietly({ madeValid(geometry) }) else { throw unrepairable() }
            defer { OGR_G_DestroyGeometry(valid) }
            pieces += GDALLibrary.quietly { split(valid, repair: &repair) }
        }
        let whole = OGR_G_CreateGeometry(wkbMultiPolygon)!
        defer { OGR_G_DestroyGeometry(whole) }
        for piece in pieces { OGR_G_AddGeometry(whole, piece) }
        var result = whole
        if pieces.count > 1, GDALLibrary.quietly({ OGR_G_IsValid(whole) }) == 0 {
            repair.flaws.insert(.overlap)
            if repair.reading == .plane { repair.reading = firstReading }
            guard let valid = GDALLibrary.quietly({ madeValid(whole) }) else { throw unrepairable() }
            result = valid
        }
        defer { if result != whole { OGR_G_DestroyGeometry(result) } }
        guard !repair.flaws.isEmpty else { return nil }
        let read = try OGRGeometryReader.geometry(result).polygons.map(trimmedAtPoles)
        if polygons.count == 1, read.count == 1 { return (.polygon(read[0]), repair) }
        return (.multiPolygon(MultiPolygon(polygons: read)), repair)
    }

    /// `shape` with each polygon across the antimeridian or around a pole split at ±180° (a cap
    /// drawn down to its pole), the same ground in -180…180 as a plane: for the answers that read
    /// polygons as flat in longitude and latitude, such as `RegionIndex`. Other polygons, and
    /// one whose hole goes around a pole too, are kept as they are.
    /// - Complexity: O(n) for n vertices when none lies across; GEOS's overlay for those that do.
    static func splitAtAntimeridian(_ shape: MultiPolygon) -> MultiPolygon {
        guard shape.polygons.contains(where: \.liesAcrossAntimeridianOrPole) else { return shape }
        return MultiPolygon(
            polygons: shape.polygons.flatMap { polygon -> [Polygon] in
                guard let form = flatForm(of: polygon) else { return [polygon] }
                let geometry = made([form])
                defer { OGR_G_DestroyGeometry(geometry) }
                var repair = Repair(flaws: [])
                let pieces = GDALLibrary.quietly { split(geometry, repair: &repair) }
                defer { pieces.forEach { OGR_G_DestroyGeometry($0) } }
                let read = pieces.compactMap { try? OGRGeometryReader.geometry($0).polygons }.flatMap { $0 }
                return read.isEmpty ? [polygon] : read.map(trimmedAtPoles)
            })
    }

    /// The polygon's `planarForm` when it lies across the antimeridian or around a pole; nil
    /// when it does not, or has no such form here: a hole that goes around a pole too, or
    /// longitudes that unwrap to more than one and a half turns (a ring that winds around more
    /// than once), which is then judged as written.
    private static func flatForm(of polygon: Polygon) -> Polygon? {
        guard polygon.liesAcrossAntimeridianOrPole, !polygon.holes.contains(where: { Geodesic.enclosedPole($0) != 0 })
        else { return nil }
        let form = polygon.planarForm
        let longitudes = form.rings.joined().map(\.longitude)
        guard let west = longitudes.min(), let east = longitudes.max(), east - west <= 540 else { return nil }
        return form
    }

    /// The polygons of `geometry` (a flat form whose longitudes may go past ±180°) cut at ±180°
    /// and moved by whole turns into -180…180, the pieces of one ring around a pole joined again
    /// where they meet; new geometries, owned by the caller. Sets `repair.split` when it cut.
    private static func split(_ geometry: OGRGeometryH, repair: inout Repair) -> [OGRGeometryH] {
        var envelope = OGREnvelope()
        OGR_G_GetEnvelope(geometry, &envelope)
        guard envelope.MinX < -180 || envelope.MaxX > 180 else { return polygons(of: geometry) }
        repair.split = true
        var pieces: [OGRGeometryH] = []
        let turns = Int(((envelope.MinX + 180) / 360).rounded(.down))...Int(((envelope.MaxX - 180) / 360).rounded(.up))
        for turn in turns {
            let west = Double(turn) * 360 - 180
            let corners = [(west, -90.0), (west + 360, -90), (west + 360, 90), (west, 90), (west, -90)]
            let window = made([Polygon(outer: corners.map { GeoPoint(latitude: $0.1, longitude: $0.0) })])
            defer { OGR_G_DestroyGeometry(window) }
            guard let part = OGR_G_Intersection(geometry, window) else { continue }
            defer { OGR_G_DestroyGeometry(part) }
            for piece in polygons(of: part) {
                if turn != 0 { shift(piece, by: -360 * Double(turn)) }
                pieces.append(piece)
            }
        }
        guard pieces.count > 1 else { return pieces }
        // Pieces of a cap around a pole meet along the meridian where its ring was cut open.
        let all = OGR_G_CreateGeometry(wkbMultiPolygon)!
        defer { OGR_G_DestroyGeometry(all) }
        for piece in pieces { OGR_G_AddGeometryDirectly(all, piece) }
        guard let joined = OGR_G_UnionCascaded(all) else { return polygons(of: all) }
        defer { OGR_G_DestroyGeometry(joined) }
        return polygons(of: joined)
    }

    /// The polygon without the vertices at a pole between two others there, such as the one GEOS
    /// leaves where the pieces of a cap were joined: an edge along the pole has no length, but
    /// `Geodesic.area` would count the turn of longitude across such a vertex.
    private static func trimmedAtPoles(_ polygon: Polygon) -> Polygon {
        Polygon(
            rings: polygon.rings.map { ring in
                guard ring.count > 4, ring.first == ring.last else { return ring }
                let count = ring.count - 1
                var kept: [GeoPoint] = []
                for index in 0..<count {
                    let point = ring[index]
                    let before = ring[(index + count - 1) % count]
                    let after = ring[(index + 1) % count]
                    if abs(point.latitude) == 90, before.latitude == point.latitude, after.latitude == point.latitude {
                        continue
                    }
                    kept.append(point)
                }
                return kept.count >= 3 ? kept + [kept[0]] : ring
            })
    }

    /// Copies of the non-empty polygons in `geometry`, owned by the caller.
    private static func polygons(of geometry: OGRGeometryH) -> [OGRGeometryH] {
        switch OGR_GT_Flatten(OGR_G_GetGeometryType(geometry)) {
        case wkbPolygon:
            return OGR_G_IsEmpty(geometry) != 0 ? [] : [OGR_G_Clone(geometry)]
        case wkbMultiPolygon, wkbGeometryCollection:
            return (0..<OGR_G_GetGeometryCount(geometry)).flatMap { polygons(of: OGR_G_GetGeometryRef(geometry, $0)!) }
        default:
            return []
        }
    }

    /// Moves every vertex of a polygon `degrees` east.
    private static func shift(_ polygon: OGRGeometryH, by degrees: Double) {
        for index in 0..<OGR_G_GetGeometryCount(polygon) {
            let ring = OGR_G_GetGeometryRef(polygon, index)!
            for point in 0..<OGR_G_GetPointCount(ring) {
                OGR_G_SetPoint_2D(ring, point, OGR_G_GetX(ring, point) + degrees, OGR_G_GetY(ring, point))
            }
        }
    }

    /// What makes a Polygon or MultiPolygon that GEOS finds not valid so: a ring that is not
    /// simple crosses itself (or touches or doubles back on itself); otherwise a polygon with
    /// holes has a hole out of place; parts each valid overlap.
    static func flaws(of geometry: OGRGeometryH) -> Set<Repair.Flaw> {
        guard OGR_GT_Flatten(OGR_G_GetGeometryType(geometry)) == wkbMultiPolygon else { return polygonFlaws(geometry) }
        var flaws = Set<Repair.Flaw>()
        for index in 0..<OGR_G_GetGeometryCount(geometry) {
            let part = OGR_G_GetGeometryRef(geometry, index)!
            if OGR_G_IsValid(part) == 0 { flaws.formUnion(polygonFlaws(part)) }
        }
        return flaws.isEmpty ? [.overlap] : flaws
    }

    private static func polygonFlaws(_ polygon: OGRGeometryH) -> Set<Repair.Flaw> {
        let rings = OGR_G_GetGeometryCount(polygon)
        for index in 0..<rings {
            let ring = OGR_G_GetGeometryRef(polygon, index)!
            let line = OGR_G_CreateGeometry(wkbLineString)!
            defer { OGR_G_DestroyGeometry(line) }
            for point in 0..<OGR_G_GetPointCount(ring) {
                OGR_G_AddPoint_2D(line, OGR_G_GetX(ring, point), OGR_G_GetY(ring, point))
            }
            if OGR_G_IsSimple(line) == 0 { return [.crossesItself] }
        }
        return rings > 1 ? [.hole] : [.other]
    }

    static func unrepairable() -> OGRGeometryReader.Problem {
        .init(
            field: "geometry", expected: "a valid polygon, or one GEOS can repair",
            found: "a polygon GEOS could not repair (\(GDALLibrary.lastMessage()))")
    }

    /// `polygons` as an OGR Polygon (one) or MultiPolygon; owned by the caller.
    private static func made(_ polygons: [Polygon]) -> OGRGeometryH {
        let geometry = OGR_G_CreateGeometry(polygons.count == 1 ? wkbPolygon : wkbMultiPolygon)!
        if polygons.count == 1 {
            addRings(of: polygons[0], to: geometry)
        } else {
            for polygon in polygons {
                let part = OGR_G_CreateGeometry(wkbPolygon)!
                addRings(of: polygon, to: part)
                OGR_G_AddGeometryDirectly(geometry, part)
            }
        }
        return geometry
    }

    private static func addRings(of polygon: Polygon, to geometry: OGRGeometryH) {
        for ring in polygon.rings {
            let made = OGR_G_CreateGeometry(wkbLinearRing)!
            var xs = ring.map(\.longitude)
            var ys = ring.map(\.latitude)
            xs.withUnsafeMutableBytes { x in
                ys.withUnsafeMutableBytes { y in
                    OGR_G_SetPoints(made, Int32(ring.count), x.baseAddress, 8, y.baseAddress, 8, nil, 0)
                }
            }
            OGR_G_AddGeometryDirectly(geometry, made)
        }
    }

    /// GEOS's repair by structure, when it gives a non-empty polygon or multipolygon; owned by
    /// the caller.
    static func madeValid(_ geometry: OGRGeometryH) -> OGRGeometryH? {
        let option = strdup("METHOD=STRUCTURE")
        defer { free(option) }
        var options: [UnsafeMutablePointer<CChar>?] = [option, nil]
        guard let valid = options.withUnsafeMutableBufferPointer({ OGR_G_MakeValidEx(geometry, $0.baseAddress) })
        else { return nil }
        let type = OGR_GT_Flatten(OGR_G_GetGeometryType(valid))
        guard type == wkbPolygon || type == wkbMultiPolygon, OGR_G_IsEmpty(valid) == 0 else {
            OGR_G_DestroyGeometry(valid)
            return nil
        }
        return valid
    }
}
