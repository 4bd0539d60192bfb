/// The latitudes and longitudes every reader accepts: -90…90 and -180…180, and values past a
/// limit by at most `tolerance`, taken as the limit itself.
///
/// Data computed elsewhere lands a rounding error past a limit (geopandas' Natural Earth has Russia
/// at longitude 180.00000000000006; a point reprojected from Web Mercator's edge gives much the
/// same), and ogr2ogr, shapely and QGIS take such values as the limit. Refusing them would stop
/// the build, or with `skip_invalid` drop the place, for a difference no map can show.
enum CoordinateLimits {
    /// How far past ±90 or ±180 a value may be: 1e-9°, about 0.1 mm on the ground. That is
    /// thousands of times a reprojection's rounding (about 1e-13° at the limits) and far below any
    /// real measurement, so a value past it is a mistake in the data, still an error.
    static let tolerance = 1e-9

    /// `value` within `range`, or clamped to it when past it by no more than `tolerance`; nil when
    /// it is not finite or further out.
    static func clamped(_ value: Double, to range: ClosedRange<Double>) -> Double? {
        guard value.isFinite, value >= range.lowerBound - tolerance, value <= range.upperBound + tolerance else {
            return nil
        }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    /// A latitude within -90…90, clamped as `clamped(_:to:)` does.
    static func latitude(_ value: Double) -> Double? { clamped(value, to: -90...90) }

    /// A longitude within -180…180, clamped as `clamped(_:to:)` does.
    static func longitude(_ value: Double) -> Double? { clamped(value, to: -180...180) }
}
