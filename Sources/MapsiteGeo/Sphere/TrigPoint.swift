import Foundation

/// A point with the trigonometry that `GreatCircle` needs already worked out.
///
/// `distance(to:)` and `bearing(to:)` repeat `GreatCircle.distance` and `GreatCircle.bearing`
/// operation for operation, so they return bit-identical results; the neighbour index relies on
/// that to rank candidates exactly as a brute-force haversine sort would. `TrigPointTests` checks it.
struct TrigPoint: Sendable {
    var latitudeRadians: Double
    var longitudeDegrees: Double
    var cosLatitude: Double
    var sinLatitude: Double

    init(_ point: GeoPoint) {
        latitudeRadians = point.latitude * .pi / 180
        longitudeDegrees = point.longitude
        cosLatitude = cos(latitudeRadians)
        sinLatitude = sin(latitudeRadians)
    }

    /// The haversine distance in metres, bit-identical to `GreatCircle.distance(self, other)`.
    @inline(__always)
    func distance(to other: TrigPoint) -> Double {
        let dLat = other.latitudeRadians - latitudeRadians
        let dLon = (other.longitudeDegrees - longitudeDegrees) * .pi / 180
        let sinHalfLat = sin(dLat / 2)
        let sinHalfLon = sin(dLon / 2)
        let h = sinHalfLat * sinHalfLat + cosLatitude * other.cosLatitude * sinHalfLon * sinHalfLon
        return 2 * GreatCircle.earthRadius * asin(min(1, sqrt(h)))
    }

    /// The initial bearing in degrees, bit-identical to `GreatCircle.bearing(from: self, to: other)`.
    @inline(__always)
    func bearing(to other: TrigPoint) -> Double {
        let dLon = (other.longitudeDegrees - longitudeDegrees) * .pi / 180
        let y = sin(dLon) * other.cosLatitude
        let x = cosLatitude * other.sinLatitude - sinLatitude * other.cosLatitude * cos(dLon)
        let degrees = atan2(y, x) * 180 / .pi
        // `(degrees + 360).truncatingRemainder(dividingBy: 360)` without the fmod call: the sum
        // lies in 180...540, where subtracting 360 is exact (Sterbenz), as fmod's result is.
        let shifted = degrees + 360
        return shifted >= 360 ? shifted - 360 : shifted
    }
}
