import MapsiteGeo

/// The reference answers the fast structures must reproduce exactly.
enum BruteForce {
    /// The `k` points nearest to `query` by `GreatCircle.distance`, ties broken by lower index.
    static func nearest(to query: GeoPoint, in points: [GeoPoint], k: Int, excluding: Int? = nil) -> [Neighbour] {
        let ranked = points.indices.lazy
            .filter { $0 != excluding }
            .map { (distance: GreatCircle.distance(query, points[$0]), index: $0) }
            .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
        return ranked.prefix(k).map {
            Neighbour(
                index: Int32($0.index), distance: $0.distance,
                bearing: GreatCircle.bearing(from: query, to: points[$0.index]))
        }
    }

    /// The `k` nearest other points for every point.
    static func allNearest(_ points: [GeoPoint], k: Int) -> [[Neighbour]] {
        points.indices.map { nearest(to: points[$0], in: points, k: k, excluding: $0) }
    }
}
