import CGDAL
import Foundation

/// One layer of a vector source GDAL opens, with its attribute filter applied and the
/// transformation of its coordinates to WGS 84 made.
///
/// Everything GDAL says while opening it is an error naming the file and the layer (a damaged
/// file, a VRT naming a layer its source lacks, a coordinate system it cannot read), or a
/// warning; so is a Shapefile whose parts disagree (`ShapefileParts`).
///
/// Closes the source when released. Used by one thread.
final class GDALSource {
    private let dataset: GDALDatasetH
    let layer: OGRLayerH
    /// The layer's name, for messages: `layer "tracks"`.
    let layerName: String
    /// From the layer's coordinate system (or `crs`) to WGS 84; nil when the layer has none, or
    /// is in WGS 84 already.
    let transform: CoordinateTransform?
    /// Whether the coordinates have a system, `crs` or their own; without, they must be
    /// longitudes and latitudes.
    let hasSystem: Bool
    /// How many features the layer says it has, without the filter, when its driver knows without
    /// reading them (a FlatGeobuf's or Shapefile's header, a GeoPackage's table of contents).
    let declaredCount: Int?
    /// GDAL's warnings while opening, and the disagreement of a Shapefile's parts (see
    /// `GDALLoader`, which makes it an error unless `skip_invalid`).
    private(set) var warnings: [String] = []
    private(set) var mismatch: InputError?
    /// Whether the layer is a Shapefile's, whose count of shapes includes the records its `.dbf`
    /// marks deleted (which GDAL skips): its parts are compared instead (`ShapefileParts`).
    private(set) var isShapefile = false

    /// - Parameter path: the file on disk; a `.zip` is opened as a folder of its files.
    /// - Parameter file: the path shown in messages.
    /// - Parameter messages: catching GDAL's messages on this thread.
    /// - Throws: `InputError` naming the file and the key (`layer`, `where`, `crs`) at fault, with
    ///   GDAL's whole reason.
    init(path: String, file: String, config: DatasetConfig, messages: GDALMessages) throws {
        _ = GDALLibrary.registered
        let opened = Self.opened(path)
        let flags = UInt32(GDAL_OF_VECTOR | GDAL_OF_READONLY | GDAL_OF_VERBOSE_ERROR)
        let handle = GDALOpenEx(opened, flags, nil, nil, nil)
        let opening = messages.take()
        guard let handle else {
            throw InputError(
                file: file,
                expected: "a vector data source GDAL reads, such as a Shapefile, GeoPackage, KML or GPX file"
                    + Self.reason(opening),
                found: "a file GDAL cannot open")
        }
        dataset = handle
        do {
            if GDALMessages.anyFailure(opening) {
                // Opened, but damaged: a FlatGeobuf whose header is broken opens with no layer.
                throw InputError(
                    file: file, expected: "a vector data source GDAL reads whole" + Self.reason(opening),
                    found: "a damaged file")
            }
            let (layer, layerName) = try Self.layer(of: handle, named: config.layer, file: file)
            (self.layer, self.layerName) = (layer, layerName)
            let location = "layer \"\(layerName)\""
            let count = OGR_L_GetFeatureCount(layer, 0)
            declaredCount = count >= 0 ? Int(count) : nil
            // A VRT's layer opens its source only now.
            let layerMessages = opening + messages.take()
            if GDALMessages.anyFailure(layerMessages) {
                throw InputError(
                    file: file, location: location, expected: "a layer GDAL reads" + Self.reason(layerMessages),
                    found: "a layer GDAL cannot read")
            }
            let warned = layerMessages.map { "\(file): \(location): GDAL warns: \($0.text)" }
            if let filter = config.filter {
                // Some drivers (GeoPackage's SQL) check the filter only when reading: read one feature.
                var said: [GDALMessages.Message] = []
                if OGR_L_SetAttributeFilter(layer, filter) == OGRERR_NONE {
                    if let feature = OGR_L_GetNextFeature(layer) { OGR_F_Destroy(feature) }
                    OGR_L_ResetReading(layer)
                    said = messages.take()
                } else {
                    said = messages.take()
                    if !GDALMessages.anyFailure(said) { said.append(.init(isFailure: true, text: "refused")) }
                }
                if GDALMessages.anyFailure(said) {
                    throw InputError(
                        file: file, location: location, field: "key \"where\"",
                        expected:
                            "an attribute filter GDAL reads, such as kind = 'park' (\(GDALMessages.joined(said)))",
                        found: filter)
                }
            }
            let parts = ShapefileParts(
                dataset: handle, opened: opened, layerName: layerName, renaming: Self.renaming(path, file))
            let system = try Self.system(
                of: layer, crs: config.crs, file: file, location: location, messages: messages, parts: parts)
            hasSystem = system != nil
            if let system, !system.isWGS84 {
                do { transform = try CoordinateTransform(from: system) } catch {
                    throw InputError(
                        file: file, location: location, field: "coordinate system",
                        expected: "a system PROJ reprojects to WGS 84 (\(error.reason))", found: system.name)
                }
            } else {
                transform = nil
            }
            warnings = warned
            mismatch = parts?.mismatch
            isShapefile = parts != nil
        } catch {
            GDALClose(handle)
            throw error
        }
    }

    deinit { GDALClose(dataset) }

    /// The name GDAL opens `path` by: a `.zip` as a folder.
    static func opened(_ path: String) -> String {
        (path as NSString).pathExtension.lowercased() == "zip" ? "/vsizip/" + path : path
    }

    /// The paths GDAL may name in its messages, each with the text shown instead.
    static func renaming(_ path: String, _ file: String) -> [(String, String)] {
        // A Shapefile's other parts, and the files a VRT names, lie in the same folder.
        let folder = (path as NSString).deletingLastPathComponent
        let shownFolder = (file as NSString).deletingLastPathComponent
        return [(opened(path), file), (path, file), (folder + "/", shownFolder.isEmpty ? "" : shownFolder + "/")]
    }

    /// ` (GDAL: its messages)`, or nothing when it said nothing.
    static func reason(_ messages: [GDALMessages.Message]) -> String {
        messages.isEmpty ? "" : " (GDAL: \(GDALMessages.joined(messages)))"
    }

    /// The layer `name`, or the only one; an error listing the layers (with their feature counts)
    /// otherwise.
    private static func layer(
        of dataset: GDALDatasetH, named name: String?, file: String
    ) throws -> (OGRLayerH, String) {
        let layers = (0..<GDALDatasetGetLayerCount(dataset)).compactMap { GDALDatasetGetLayer(dataset, $0) }
        let names = layers.map { String(cString: OGR_L_GetName($0)) }
        if let name, let index = names.firstIndex(of: name) { return (layers[index], name) }
        if name == nil, layers.count == 1 { return (layers[0], names[0]) }
        let listed = zip(layers, names).map { layer, name in
            let count = OGR_L_GetFeatureCount(layer, 0)
            return "\"\(name)\"" + (count >= 0 ? " (\(count) features)" : "")
        }
        let choice = listed.isEmpty ? "a source with a layer (it has none)" : "one of " + listed.joined(separator: ", ")
        throw InputError(
            file: file, field: "key \"layer\"",
            expected: name == nil ? "a layer to read: \(choice)" : "a layer of the source: \(choice)",
            found: name ?? (layers.isEmpty ? nil : "\(layers.count) layers and no layer key"))
    }

    /// `crs` when set, else the layer's own system; nil when neither. A system the source has but
    /// GDAL cannot read (a `.prj` of garbage, a GeoPackage's WKT that does not parse) is an error
    /// naming the file that holds it.
    private static func system(
        of layer: OGRLayerH, crs: String?, file: String, location: String, messages: GDALMessages,
        parts: ShapefileParts?
    ) throws -> CoordinateSystem? {
        if let crs {
            do { return try CoordinateSystem(userInput: crs) } catch {
                throw InputError(
                    file: file, field: "key \"crs\"", expected: "a coordinate system GDAL knows (\(error.reason))",
                    found: crs)
            }
        }
        // A Shapefile's .prj is read only now.
        let reference = OGR_L_GetSpatialRef(layer)
        let said = messages.take()
        let advice = "; or crs: in site.yml to set the system instead"
        if reference == nil, let prj = parts?.projection {
            throw InputError(
                file: prj.shown, expected: "the coordinate system of \(file) as WKT\(advice)" + reason(said),
                found: prj.found)
        }
        if reference == nil, !said.isEmpty {
            throw InputError(
                file: file, location: location, field: "coordinate system",
                expected: "a coordinate system GDAL reads\(advice)" + reason(said), found: "one GDAL cannot read")
        }
        return reference.map(CoordinateSystem.init(copying:))
    }
}
