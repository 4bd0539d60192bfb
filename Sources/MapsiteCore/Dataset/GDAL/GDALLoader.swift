import CGDAL
import Foundation
import MapsiteGeo

/// Reads one layer of any vector source GDAL reads (Shapefile, GeoPackage, KML, GPX, FlatGeobuf,
/// OpenStreetMap, …) into records: attributes typed by `GDALFields`, shapes made by
/// `GDALGeometry` in WGS 84.
///
/// Features are named by layer and FID (`layer "parks", FID 12`), with the `id` field's value
/// when the dataset has one. The FID is also the field `fid` when the layer has no attribute of
/// that name, so `id: fid` works for every source.
enum GDALLoader {
    /// - Parameter path: the source on disk; `file`: as named in messages.
    /// - Parameter warn: told of each polygon GEOS repaired.
    /// - Throws: `InputError` when GDAL cannot open the source, or the layer, filter or coordinate
    ///   system is wrong; each bad feature goes to `invalid` instead.
    static func read(
        path: String, file: String, config: DatasetConfig, invalid: (InputError) throws -> Void,
        warn: (String) -> Void, body: (Record) throws -> Void
    ) throws {
        let source = try GDALSource(path: path, file: file, config: config)
        let fields = GDALFields(layer: source.layer)
        var columns: [String: Int] = [:]
        var folded: [String: Int] = [:]
        for (index, name) in fields.names.enumerated() {
            if columns[name] == nil { columns[name] = index }
            if folded[name.lowercased()] == nil { folded[name.lowercased()] = index }
        }
        let hasFIDField = folded["fid"] != nil
        let idIndex = config.idField.flatMap { columns[$0] ?? folded[$0.lowercased()] }
        let needsGeometry = config.latitude == nil && config.coordinates == nil && config.x == nil
        OGR_L_ResetReading(source.layer)
        while let feature = GDALLibrary.quietly({ OGR_L_GetNextFeature(source.layer) }) {
            defer { OGR_F_Destroy(feature) }
            let fid = OGR_F_GetFID(feature)
            var location = "layer \"\(source.layerName)\", FID \(fid)"
            let values: [String?]
            do { values = try fields.values(of: feature) } catch {
                try invalid(
                    InputError(
                        file: file, location: location, field: "field \"\(error.field)\"",
                        expected: error.problem.expected, found: error.problem.found))
                continue
            }
            if let idIndex, let id = values[idIndex], config.idField?.lowercased() != "fid" {
                location += " (id \(id))"
            }
            var record = Record(
                line: nil, location: location,
                value: { name in
                    if let index = columns[name] ?? folded[name.lowercased()] { return values[index] }
                    return !hasFIDField && name.lowercased() == "fid" ? String(fid) : nil
                },
                fieldKind: "field", geometry: nil,
                emptyValue: { name in
                    (columns[name] ?? folded[name.lowercased()]).flatMap { values[$0] == nil ? "null" : nil }
                })
            record.names = { fields.names }
            record.properties = SourceProperties(names: fields.names, values: fields.json(values))
            if let geometry = OGR_F_StealGeometry(feature) {
                do {
                    let made = try GDALGeometry.shape(
                        geometry, transform: source.transform, hasSystem: source.hasSystem)
                    if case .point(let point) = made.shape {
                        record.geometry = (point.latitude, point.longitude)
                    } else {
                        record.shape = made.shape
                    }
                    if made.repaired {
                        warn(
                            "\(file): \(location): a polygon that crosses itself, repaired by GEOS (MakeValid, structure)"
                        )
                    }
                } catch {
                    try invalid(
                        InputError(
                            file: file, location: location, field: error.field, expected: error.expected,
                            found: error.found))
                    continue
                }
            } else if needsGeometry {
                try invalid(
                    InputError(
                        file: file, location: location, field: "geometry", expected: "a geometry", found: "no geometry")
                )
                continue
            }
            try body(record)
        }
        // GDAL ends a layer early on a read error (a truncated file); say so rather than build a part.
        let message = GDALLibrary.lastMessage()
        if CPLGetLastErrorType() == CE_Failure || CPLGetLastErrorType() == CE_Fatal {
            throw InputError(
                file: file, location: "layer \"\(source.layerName)\"", expected: "features GDAL can read",
                found: message)
        }
    }
}
