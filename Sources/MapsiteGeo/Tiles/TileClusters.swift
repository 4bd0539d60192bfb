import Foundation

/// The clusters of one internal tile, with the sums its parent needs to merge them.
struct TileClusters: Sendable {
    var clusters: [Cluster]
    var parts: [ClusterParts]
    var sums: [ClusterSums]
}

/// Sums over a cluster's points, so merged clusters get exact weighted means.
struct ClusterSums: Sendable {
    var latitude = 0.0
    var longitude = 0.0
    /// Web Mercator world coordinates, for positions in pixel space.
    var x = 0.0
    var y = 0.0

    mutating func add(_ other: ClusterSums) {
        latitude += other.latitude
        longitude += other.longitude
        x += other.x
        y += other.y
    }
}
