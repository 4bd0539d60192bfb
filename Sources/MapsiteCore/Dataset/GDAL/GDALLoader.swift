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
    /// - Parameter warn: told of each polygon GEOS repaired, of the features that lost collapsed
    ///   rings (once), of GDAL's warnings, and of a layer that gives no place.
    /// - Throws: `InputError` when GDAL cannot open the source, or the layer, filter or coordinate
    ///   system is wrong, or fewer features are read than the source declares (unless
    ///   `skip_invalid`, which warns); each bad feature goes to `invalid` instead.
    static func read(
        path: String, file: String, config: DatasetConfig, invalid: (InputError) throws -> Void,
        warn: (String) -> Void, body: (Record) throws -> Void
    ) throws {
        try GDALMessages.collecting(renaming: GDALSource.renaming(path, file)) { messages in
            let source = try GDALSource(path: path, file: file, config: config, messages: messages)
            source.warnings.forEach(warn)
            if let mismatch = source.mismatch {
                guard config.skipInvalid else { throw mismatch }
                warn(mismatch.description)
            }
            var reader = LayerReader(source: source, file: file, config: config, messages: messages)
            try reader.read(invalid: invalid, warn: warn, body: body)
            let layer = "layer \"\(source.layerName)\""
            if !reader.collapsed.isEmpty {
                warn(CollapsedRings.warning(file: "\(file): \(layer)", features: reader.collapsed))
            }
            for (text, features) in reader.warned {
                let shown = features.prefix(CollapsedRings.listed).joined(separator: ", ")
                let more =
                    features.count > CollapsedRings.listed
                    ? ", … and \(features.count - CollapsedRings.listed) more" : ""
                warn("\(file): \(layer): GDAL warns: \(text) (\(shown)\(more))")
            }
            // GDAL ends a layer early on a read error (a truncated file): say so rather than build a part.
            let ending = messages.take()
            if GDALMessages.anyFailure(ending) {
                throw InputError(
                    file: file, location: layer, expected: "features GDAL can read" + GDALSource.reason(ending),
                    found: "\(reader.count) features read, then an error")
            }
            if config.filter == nil, !source.isShapefile, let declared = source.declaredCount,
                declared != reader.count
            {
                let problem = InputError(
                    file: file, location: layer,
                    expected:
                        "the \(declared) features the source declares (fewer are read from a file cut short, or "
                        + "from parts that disagree)",
                    found: "\(reader.count) features")
                guard config.skipInvalid else { throw problem }
                warn(problem.description)
            }
            if reader.count == 0 {
                let all = source.declaredCount.map { " (of its \($0))" } ?? ""
                warn(
                    config.filter.map {
                        "\(file): \(layer): no feature matches where \"\($0)\"\(all): the dataset has no places"
                    }
                        ?? "\(file): \(layer) has no features: the dataset has no places")
            }
        }
    }
}

/// Reads the features of a source's layer into records, one by one.
private struct LayerReader {
    let source: GDALSource
    let file: String
    let config: DatasetConfig
    let messages: GDALMessages
    /// How many features GDAL gave.
    private(set) var count = 0
    /// The features that lost collapsed rings: `FID 12`.
    private(set) var collapsed: [String] = []
    /// GDAL's warnings, each with the features it was given for, in the order first given.
    private(set) var warned: [(String, [String])] = []

    init(source: GDALSource, file: String, config: DatasetConfig, messages: GDALMessages) {
        (self.source, self.file, self.config, self.messages) = (source, file, config, messages)
    }

    mutating func read(
        invalid: (InputError) throws -> Void, warn: (String) -> Void, body: (Record) throws -> Void
    ) throws {
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
        _ = messages.take()
        while let feature = OGR_L_GetNextFeature(source.layer) {
            defer { OGR_F_Destroy(feature) }
            count += 1
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
            let geometry = OGR_F_StealGeometry(feature)
            // What GDAL said reading this feature: an error (a geometry blob it cannot read) makes
            // the feature invalid, a warning is told.
            let said = messages.take()
            if GDALMessages.anyFailure(said) {
                if let geometry { OGR_G_DestroyGeometry(geometry) }
                try invalid(
                    InputError(
                        file: file, location: location, field: geometry == nil ? "geometry" : nil,
                        expected: (geometry == nil ? "a geometry GDAL reads" : "a feature GDAL reads")
                            + GDALSource.reason(said),
                        found: geometry == nil ? "one GDAL cannot read" : "one GDAL cannot read whole"))
                continue
            }
            for message in said {
                let feature = "FID \(fid)"
                if let index = warned.firstIndex(where: { $0.0 == message.text }) {
                    warned[index].1.append(feature)
                } else {
                    warned.append((message.text, [feature]))
                }
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
            if let geometry {
                do {
                    let made = try GDALGeometry.shape(
                        geometry, transform: source.transform, hasSystem: source.hasSystem)
                    if case .point(let point) = made.shape {
                        record.geometry = (point.latitude, point.longitude)
                    } else {
                        record.shape = made.shape
                    }
                    if let repair = made.repair {
                        warn(PolygonRepair.warning(file: file, location: location, repair: repair, shape: made.shape))
                    }
                    if made.collapsed { collapsed.append("FID \(fid)") }
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
    }
}
