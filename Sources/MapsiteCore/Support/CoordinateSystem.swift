import CGDAL
import Foundation

/// A coordinate reference system as GDAL and PROJ know it, with its axes in the traditional GIS
/// order: easting or longitude first, then northing or latitude, whatever the authority says.
///
/// ```swift
/// let feet = try CoordinateSystem(userInput: "EPSG:2272")   // Pennsylvania South, US feet
/// let toWGS84 = try CoordinateTransform(from: feet)
/// toWGS84.lonLat(x: 2_694_000, y: 236_000)                  // (-75.17…, 39.95…)
/// ```
final class CoordinateSystem: @unchecked Sendable {
    /// Owned: released when this is.
    let handle: OGRSpatialReferenceH

    /// WGS 84 longitude and latitude in degrees, what every place of a site is in.
    static let wgs84: CoordinateSystem = {
        let handle = OSRNewSpatialReference(nil)!
        OSRImportFromEPSG(handle, 4326)
        return CoordinateSystem(owning: handle)
    }()

    private init(owning handle: OGRSpatialReferenceH) {
        OSRSetAxisMappingStrategy(handle, OAMS_TRADITIONAL_GIS_ORDER)
        self.handle = handle
    }

    /// A copy of a system GDAL holds (a layer's), which may be released before this one.
    convenience init(copying handle: OGRSpatialReferenceH) {
        self.init(owning: OSRClone(handle))
    }

    /// What the text `crs:` gives: `EPSG:2272`, `ESRI:102729`, a PROJ string, WKT or PROJJSON.
    /// - Throws: `Rejected` with GDAL's reason when GDAL reads no system from it. The name of a
    ///   file or a URL, which GDAL would read too, is refused: `crs:` holds the system itself.
    init(userInput text: String) throws(Rejected) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw Rejected(reason: "an empty text") }
        guard !trimmed.contains("://"), !FileManager.default.fileExists(atPath: trimmed) else {
            throw Rejected(reason: "a file name or URL (give the system itself)")
        }
        let handle = OSRNewSpatialReference(nil)!
        let failure = GDALLibrary.quietly { () -> String? in
            OSRSetFromUserInput(handle, trimmed) == OGRERR_NONE ? nil : GDALLibrary.lastMessage()
        }
        if let failure {
            OSRRelease(handle)
            throw Rejected(reason: failure.isEmpty ? "no coordinate system GDAL knows" : failure)
        }
        self.handle = handle
        OSRSetAxisMappingStrategy(handle, OAMS_TRADITIONAL_GIS_ORDER)
    }

    deinit { OSRRelease(handle) }

    /// Why a text is no coordinate system.
    struct Rejected: Error {
        var reason: String
    }

    /// `EPSG:2272` when the system has an authority code, else its name.
    var name: String {
        if let authority = OSRGetAuthorityName(handle, nil), let code = OSRGetAuthorityCode(handle, nil) {
            return String(cString: authority) + ":" + String(cString: code)
        }
        return OSRGetName(handle).map { String(cString: $0) } ?? "a coordinate system without a name"
    }

    /// Whether this is WGS 84 longitude and latitude already (axis order aside).
    var isWGS84: Bool { OSRIsSame(handle, Self.wgs84.handle) != 0 }
}
