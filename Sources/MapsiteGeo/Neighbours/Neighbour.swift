import Foundation

/// One result of a nearest-neighbour query.
public struct Neighbour: Sendable, Hashable {
    /// The neighbour's position in the indexed `points` array.
    public var index: Int32
    /// The distance in metres: between points, exactly `GreatCircle.distance(query, points[index])`;
    /// between shapes (`ShapeIndex`), the shortest great-circle distance between them.
    public var distance: Double
    /// The initial bearing from the query to the neighbour, exactly `GreatCircle.bearing(from:to:)`
    /// (for shapes, between their representative points).
    public var bearing: Double

    public init(index: Int32, distance: Double, bearing: Double) {
        self.index = index
        self.distance = distance
        self.bearing = bearing
    }
}
