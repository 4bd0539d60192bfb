import Foundation

extension GreatCircle {
    /// A lower bound, in metres, of the haversine distance from `point` to anything in `tile`.
    ///
    /// It is 0 when the point is inside the tile and never more than `distance(point, p)` for any
    /// `p` the pyramid places in the tile, so a best-first "near me" search can read tiles in
    /// order of this bound and stop once it exceeds the k-th distance found. The formula, mirrored
    /// in `templates/assets/core/geo.js`, on the tile's rectangle [south, north] × [west, east]:
    ///
    /// 1. The top row reaches north to 90° and the bottom row south to -90°, because points beyond
    ///    ±85.05112878° are clamped into them.
    /// 2. Longitude within [west, east]: 0 inside, else R · Δlatitude (radians) to the nearer edge
    ///    along the meridian.
    /// 3. Otherwise the nearest point lies on the west or east edge: for each edge, the smaller of
    ///    the haversine distances to its two corners and, when |Δlongitude| < 90° and the foot
    ///    latitude atan(tan φ / cos Δλ) falls between south and north, the cross-track distance
    ///    R · asin(|cos φ · sin Δλ|) to the edge's meridian.
    /// 4. Subtract a rounding allowance: `max(0, d · (1 - 1e-7) - 1e-6)`. Haversine loses up to
    ///    ~0.4 m near antipodes (relative 2e-8); points on a tile edge may be a rounding error
    ///    outside its rectangle (1e-9 m).
    /// - Complexity: O(1).
    public static func minimumDistanceLowerBound(from point: GeoPoint, to tile: TileKey) -> Double {
        var box = tile.bounds
        if tile.y == 0 { box.maxLatitude = 90 }
        if tile.y == (1 << tile.z) - 1 { box.minLatitude = -90 }
        let latitude = point.latitude
        let longitude = point.longitude
        let distance: Double
        if box.minLongitude <= longitude && longitude <= box.maxLongitude {
            if latitude >= box.minLatitude && latitude <= box.maxLatitude { return 0 }
            let gap = latitude > box.maxLatitude ? latitude - box.maxLatitude : box.minLatitude - latitude
            distance = earthRadius * gap * .pi / 180
        } else {
            var best = Double.infinity
            for edge in [box.minLongitude, box.maxLongitude] {
                best = min(
                    best, Self.distance(point, GeoPoint(latitude: box.minLatitude, longitude: edge)),
                    Self.distance(point, GeoPoint(latitude: box.maxLatitude, longitude: edge)))
                let dLon = remainder(longitude - edge, 360) * .pi / 180
                guard abs(dLon) < .pi / 2 else { continue }
                let foot = atan(tan(latitude * .pi / 180) / cos(dLon)) * 180 / .pi
                if foot > box.minLatitude && foot < box.maxLatitude {
                    best = min(best, earthRadius * asin(min(1, abs(cos(latitude * .pi / 180) * sin(dLon)))))
                }
            }
            distance = best
        }
        return max(0, distance * (1 - 1e-7) - 1e-6)
    }
}
