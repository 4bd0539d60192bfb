import Foundation

/// A group of points drawn as one marker in a cluster tile.
///
/// A cluster with `count == 1` is a lone point: draw it as the point `representative`.
public struct Cluster: Sendable, Hashable {
    /// The mean latitude and mean longitude of the points.
    public var centre: GeoPoint
    /// The number of points.
    public var count: Int
    /// The smallest rectangle holding every point.
    public var bounds: GeoBounds
    /// The point nearest `centre` by haversine distance, ties broken by lower index.
    public var representative: Int32
    /// The zoom at which the cluster first shows as more than one marker (several clusters,
    /// or points); zooming the map to it on click always splits the cluster.
    public var expansionZoom: Int

    public init(centre: GeoPoint, count: Int, bounds: GeoBounds, representative: Int32, expansionZoom: Int) {
        self.centre = centre
        self.count = count
        self.bounds = bounds
        self.representative = representative
        self.expansionZoom = expansionZoom
    }
}
