import CGDAL
import Foundation

/// One layer of a vector source GDAL opens, with its attribute filter applied and the
/// transformation of its coordinates to WGS 84 made.
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

    /// - Parameter path: the file on disk; a `.zip` is opened as a folder of its files.
    /// - Parameter file: the path shown in messages.
    /// - Throws: `InputError` naming the file and the key (`layer`, `where`, `crs`) at fault, with
    ///   GDAL's reason.
    init(path: String, file: String, config: DatasetConfig) throws {
        _ = GDALLibrary.registered
        let opened = (path as NSString).pathExtension.lowercased() == "zip" ? "/vsizip/" + path : path
        let flags = UInt32(GDAL_OF_VECTOR | GDAL_OF_READONLY | GDAL_OF_VERBOSE_ERROR)
        let (handle, message) = GDALLibrary.quietly {
            (GDALOpenEx(opened, flags, nil, nil, nil), GDALLibrary.lastMessage())
        }
        guard let handle else {
            throw InputError(
                file: file, expected: "a vector data source GDAL reads (Shapefile, GeoPackage, KML, GPX, …)",
                found: message.isEmpty ? "a file GDAL does not read" : message)
        }
        dataset = handle
        do {
            let (layer, layerName) = try Self.layer(of: handle, named: config.layer, file: file)
            (self.layer, self.layerName) = (layer, layerName)
            if let filter = config.filter {
                // Some drivers (GeoPackage's SQL) check the filter only when reading: read one feature.
                let failure = GDALLibrary.quietly { () -> String? in
                    guard OGR_L_SetAttributeFilter(layer, filter) == OGRERR_NONE else {
                        return GDALLibrary.lastMessage()
                    }
                    if let feature = OGR_L_GetNextFeature(layer) { OGR_F_Destroy(feature) }
                    OGR_L_ResetReading(layer)
                    return CPLGetLastErrorType() == CE_Failure ? GDALLibrary.lastMessage() : nil
                }
                if let failure {
                    throw InputError(
                        file: file, location: "layer \"\(layerName)\"", field: "key \"where\"",
                        expected: "an attribute filter GDAL reads, such as kind = 'park' (\(failure))", found: filter)
                }
            }
            let system = try Self.system(of: layer, crs: config.crs, file: file)
            hasSystem = system != nil
            if let system, !system.isWGS84 {
                do { transform = try CoordinateTransform(from: system) } catch {
                    throw InputError(
                        file: file, location: "layer \"\(layerName)\"", field: "coordinate system",
                        expected: "a system PROJ reprojects to WGS 84 (\(error.reason))", found: system.name)
                }
            } else {
                transform = nil
            }
        } catch {
            GDALClose(handle)
            throw error
        }
    }

    deinit { GDALClose(dataset) }

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

    /// `crs` when set, else the layer's own system; nil when neither.
    private static func system(of layer: OGRLayerH, crs: String?, file: String) throws -> CoordinateSystem? {
        if let crs {
            do { return try CoordinateSystem(userInput: crs) } catch {
                throw InputError(
                    file: file, field: "key \"crs\"", expected: "a coordinate system GDAL knows (\(error.reason))",
                    found: crs)
            }
        }
        return OGR_L_GetSpatialRef(layer).map(CoordinateSystem.init(copying:))
    }
}
