import CGDAL
import MapsiteGeo

/// The rule for polygons that are not valid, in every format: a ring that crosses itself or
/// another, a hole outside its shell, parts of a MultiPolygon that overlap. GEOS repairs them by
/// their structure (`OGR_G_MakeValidEx` with `METHOD=STRUCTURE`), which keeps polygons polygons
/// (a bow tie becomes two triangles, overlapping parts one), and the build warns about each.
/// Validity is judged in the source's coordinates, as a plane, as GIS tools judge it.
enum PolygonRepair {
    /// The warning for a repaired feature.
    static func warning(file: String, location: String) -> String {
        "\(file): \(location): a polygon that crosses itself, repaired by GEOS (MakeValid, structure)"
    }

    /// `shape` repaired, when it has polygons and they are not valid; nil when it has none or
    /// they are valid.
    static func repaired(_ shape: Geometry) throws(OGRGeometryReader.Problem) -> Geometry? {
        let polygons = shape.polygons
        guard !polygons.isEmpty else { return nil }
        // Most polygons are one small simple ring: valid without asking GEOS.
        if polygons.count == 1, polygons[0].isPlainlyValid { return nil }
        let geometry = OGR_G_CreateGeometry(polygons.count == 1 ? wkbPolygon : wkbMultiPolygon)!
        defer { OGR_G_DestroyGeometry(geometry) }
        if polygons.count == 1 {
            addRings(of: polygons[0], to: geometry)
        } else {
            for polygon in polygons {
                let part = OGR_G_CreateGeometry(wkbPolygon)!
                addRings(of: polygon, to: part)
                OGR_G_AddGeometryDirectly(geometry, part)
            }
        }
        guard GDALLibrary.quietly({ OGR_G_IsValid(geometry) }) == 0 else { return nil }
        guard let valid = GDALLibrary.quietly({ madeValid(geometry) }) else { throw unrepairable() }
        defer { OGR_G_DestroyGeometry(valid) }
        return try OGRGeometryReader.geometry(valid)
    }

    static func unrepairable() -> OGRGeometryReader.Problem {
        .init(
            field: "geometry", expected: "a valid polygon, or one GEOS can repair",
            found: "a polygon GEOS could not repair (\(GDALLibrary.lastMessage()))")
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
