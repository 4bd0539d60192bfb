import Foundation

/// A cluster tile of a `TilePyramid`: the clusters that stand for its points at its zoom.
public struct ClusterTile: Sendable, Hashable {
    public var key: TileKey
    /// Sorted by descending count, then ascending representative.
    public var clusters: [Cluster]
    /// For each cluster, what it merges: clusters of the child tiles and points of child leaves.
    let parts: [ClusterParts]

    init(key: TileKey, clusters: [Cluster], parts: [ClusterParts]) {
        self.key = key
        self.clusters = clusters
        self.parts = parts
    }
}

/// The items one cluster merged: clusters one zoom in (by child quadrant and index) and points
/// of leaf children (in Z-order; `TilePyramid.points(inCluster:of:)` sorts them).
struct ClusterParts: Sendable, Hashable {
    var childClusters: [ChildCluster]
    var points: [Int32]
}

/// A cluster in child tile `quadrant` (quadkey digit) at position `index`.
struct ChildCluster: Sendable, Hashable {
    var quadrant: UInt8
    var index: Int32
}
