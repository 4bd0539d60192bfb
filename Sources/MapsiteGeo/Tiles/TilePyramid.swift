import Foundation

/// Point tiles and cluster tiles for a slippy map, split so no point tile exceeds a byte budget.
///
/// The pyramid is an adaptive quadtree, starting at tile 0/0/0:
/// - A tile whose points fit the budget (their sizes plus `tileOverhead`) is a **leaf**: a point
///   tile listing its points, shown at its zoom and every deeper one.
/// - Any other tile is **internal**: it gets a cluster tile for its own zoom and is split into
///   its non-empty children.
/// - At `maxZoom` a tile is always a leaf, even over budget (points at one spot cannot be split
///   apart); those tiles are listed in `overfullLeaves` so the caller can warn.
///
/// So at any zoom z each point is drawn exactly once: inside one cluster of the cluster tile at z
/// if its tile at z is internal, or as itself from the leaf at or above z that holds it.
///
/// Clusters are built bottom-up, nested like supercluster's: an internal tile at zoom z
/// clusters the clusters of its internal children and the points of its leaf children, in
/// pixel space at zoom z (256-pixel tiles). Greedily, largest count first (ties in quadkey
/// order), each unassigned item seeds a cluster that takes every unassigned item within
/// `clusterRadius` pixels of it. Clusters never cross tile edges. A lone item stays a cluster
/// of its own: a point alone is a cluster with `count == 1`. The build is deterministic:
/// equal inputs give equal pyramids, whatever the thread timing.
///
/// ```swift
/// let pyramid = TilePyramid(points: positions, pointSizes: encodedSizes)
/// for leaf in pyramid.leaves { write(leaf.key, leaf.points) }
/// for tile in pyramid.clusterTiles { write(tile.key, tile.clusters) }
/// ```
public struct TilePyramid: Sendable, Hashable {
    /// How the pyramid is split and clustered.
    public struct Options: Sendable, Hashable {
        /// The most bytes a point tile may hold, overhead included.
        public var byteBudget: Int
        /// The deepest zoom; tiles there are leaves whatever their size. At most 24.
        public var maxZoom: Int
        /// How close, in pixels of 256-pixel tiles, an item must be to a cluster's seed to join it.
        public var clusterRadius: Double
        /// Bytes every point tile costs before its first point.
        public var tileOverhead: Int

        public init(byteBudget: Int = 100_000, maxZoom: Int = 18, clusterRadius: Double = 60, tileOverhead: Int = 0) {
            self.byteBudget = byteBudget
            self.maxZoom = maxZoom
            self.clusterRadius = clusterRadius
            self.tileOverhead = tileOverhead
        }
    }

    public let options: Options
    /// The number of points tiled.
    public let pointCount: Int
    /// Point tiles, sorted by key.
    public let leaves: [LeafTile]
    /// Cluster tiles, sorted by key.
    public let clusterTiles: [ClusterTile]
    /// The zooms of the shallowest and deepest point tiles, or `nil` without points.
    public let leafZooms: ClosedRange<Int>?
    /// The rectangle around all points (their true latitudes, not clamped), or `nil` without points.
    public let bounds: GeoBounds?
    /// Point tiles over the byte budget, all at `maxZoom`, sorted.
    public let overfullLeaves: [TileKey]

    /// Builds the pyramid.
    ///
    /// - Parameters:
    ///   - points: positions; latitudes in -90...90, longitudes in -180...180.
    ///   - pointSizes: the encoded size of each point in a point tile, in bytes.
    /// - Complexity: O(n · maxZoom / 5) to sort, plus O(n · d) to cluster, where d is the number
    ///   of internal levels above a point (representatives are found by scanning each cluster
    ///   tile's points); spread over all cores.
    public init(points: [GeoPoint], pointSizes: [Int], options: Options = Options()) {
        precondition(points.count == pointSizes.count, "one size per point")
        precondition((0...24).contains(options.maxZoom), "maxZoom must be in 0...24")
        precondition(options.clusterRadius > 0, "clusterRadius must be positive")
        precondition(points.count < Int(Int32.max), "TilePyramid holds at most 2^31 - 1 points")
        precondition(
            points.allSatisfy { abs($0.latitude) <= 90 && abs($0.longitude) <= 180 },
            "latitudes must be in -90...90 and longitudes in -180...180")
        let built = PyramidBuilder(points: points, sizes: pointSizes, options: options).build()
        self.options = options
        self.pointCount = points.count
        self.leaves = built.leaves
        self.clusterTiles = built.clusterTiles
        self.leafZooms =
            built.leaves.isEmpty ? nil : built.leaves.map(\.key.z).min()!...built.leaves.map(\.key.z).max()!
        self.bounds = GeoBounds(points: points)
        self.overfullLeaves = built.leaves.filter { $0.byteSize > options.byteBudget }.map(\.key)
    }
}
