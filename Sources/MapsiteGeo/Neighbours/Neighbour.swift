import Foundation

/// One result of a nearest-neighbour query.
public struct Neighbour: Sendable, Hashable {
    /// The neighbour's position in the indexed `points` array.
    public var index: Int32
    /// The haversine distance in metres, exactly `GreatCircle.distance(query, points[index])`.
    public var distance: Double
    /// The initial bearing from the query to the neighbour, exactly `GreatCircle.bearing(from:to:)`.
    public var bearing: Double

    public init(index: Int32, distance: Double, bearing: Double) {
        self.index = index
        self.distance = distance
        self.bearing = bearing
    }
}
