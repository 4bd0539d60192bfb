import Foundation

extension Geodesic {
    /// `longitude - origin` in degrees, taken the short way round: -180 < step <= 180.
    @inline(__always)
    static func longitudeStep(from origin: Double, to longitude: Double) -> Double {
        var step = longitude - origin
        if step > 180 { step -= 360 }
        if step <= -180 { step += 360 }
        return step
    }

    /// How far a ring's longitude turns, in degrees, each edge taken the short way round
    /// (vertices at a pole, whose longitude means nothing, skipped): 0 for a ring that does not
    /// go around a pole, ±360 for one that does (positive eastwards).
    /// - Complexity: O(n) for n vertices.
    static func winding(_ ring: [GeoPoint]) -> Double {
        guard var previous = ring.last(where: { abs($0.latitude) < 90 })?.longitude else { return 0 }
        var total = 0.0
        for point in ring where abs(point.latitude) < 90 {
            total += longitudeStep(from: previous, to: point.longitude)
            previous = point.longitude
        }
        return total
    }

    /// The pole a ring goes around and holds inside: +1 the north pole, -1 the south pole, 0 none.
    ///
    /// A ring that winds once around the globe splits it in two, each with a pole; the polygon is
    /// taken to be the part with the pole the ring reaches (a vertex at latitude ±90, as a
    /// polygon cut along the antimeridian and drawn down to the pole writes it: Natural Earth's
    /// Antarctica), or else the pole of the hemisphere where most of its vertices lie (the
    /// smaller part, for a ring that stays on one side of the equator).
    /// - Complexity: O(n) for n vertices.
    public static func enclosedPole(_ ring: [GeoPoint]) -> Int {
        guard abs(winding(ring)) > 180 else { return 0 }
        if ring.contains(where: { $0.latitude == 90 }) { return 1 }
        if ring.contains(where: { $0.latitude == -90 }) { return -1 }
        let north = ring.reduce(0.0) { $0 + sin($1.latitude * .pi / 180) }
        return north >= 0 ? 1 : -1
    }
}
