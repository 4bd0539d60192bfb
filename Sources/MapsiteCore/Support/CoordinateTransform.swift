import CGDAL
import Foundation

/// Reprojects coordinates from one system to WGS 84 longitude and latitude through PROJ, both
/// in the traditional GIS order (x and longitude first).
///
/// PROJ's transformations keep state, so one is used by one thread at a time: a lock guards it,
/// and the loaders that build items on two threads share it safely.
final class CoordinateTransform: @unchecked Sendable {
    let source: CoordinateSystem
    private let handle: OGRCoordinateTransformationH
    private let lock = NSLock()

    /// - Throws: `CoordinateSystem.Rejected` with PROJ's reason when there is no way from
    ///   `source` to WGS 84.
    init(from source: CoordinateSystem) throws(CoordinateSystem.Rejected) {
        self.source = source
        let made = GDALLibrary.quietly { () -> (OGRCoordinateTransformationH?, String) in
            (OCTNewCoordinateTransformation(source.handle, CoordinateSystem.wgs84.handle), GDALLibrary.lastMessage())
        }
        guard let handle = made.0 else {
            throw CoordinateSystem.Rejected(
                reason: "no transformation from \(source.name) to WGS 84"
                    + (made.1.isEmpty ? "" : ": \(made.1)"))
        }
        self.handle = handle
    }

    deinit { OCTDestroyCoordinateTransformation(handle) }

    /// The longitude and latitude of `(x, y)`; nil when PROJ cannot reproject it or gives a
    /// result that is not finite or out of -180…180 and -90…90.
    func lonLat(x: Double, y: Double) -> (longitude: Double, latitude: Double)? {
        var xs = x
        var ys = y
        var zs = 0.0
        var success: Int32 = 0
        let done = lock.withLock {
            GDALLibrary.quietly { OCTTransformEx(handle, 1, &xs, &ys, &zs, &success) }
        }
        guard done != 0, success != 0 else { return nil }
        return Self.clampedLonLat(xs, ys)
    }

    /// Reprojects the points `(xs[i], ys[i])` in place, all in one call to PROJ.
    /// - Returns: for each point, whether it was reprojected to a longitude and latitude in range
    ///   (those within `CoordinateLimits.tolerance` of it clamped).
    func lonLat(xs: inout [Double], ys: inout [Double]) -> [Bool] {
        precondition(xs.count == ys.count)
        var zs = [Double](repeating: 0, count: xs.count)
        var success = [Int32](repeating: 0, count: xs.count)
        lock.withLock {
            _ = GDALLibrary.quietly { OCTTransformEx(handle, Int32(xs.count), &xs, &ys, &zs, &success) }
        }
        return xs.indices.map { index in
            guard success[index] != 0, let (x, y) = Self.clampedLonLat(xs[index], ys[index]) else { return false }
            (xs[index], ys[index]) = (x, y)
            return true
        }
    }

    /// A longitude and latitude within -180…180 and -90…90, clamped to them within
    /// `CoordinateLimits.tolerance`; nil when not finite or further out.
    static func clampedLonLat(_ longitude: Double, _ latitude: Double) -> (longitude: Double, latitude: Double)? {
        guard let x = CoordinateLimits.longitude(longitude), let y = CoordinateLimits.latitude(latitude) else {
            return nil
        }
        return (x, y)
    }
}
