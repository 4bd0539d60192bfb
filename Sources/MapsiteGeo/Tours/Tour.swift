/// An order in which to visit places, and the length of the way through them.
public struct Tour: Sendable, Equatable {
    /// Positions of the places, in the order they are visited; the start first.
    public var order: [Int]
    /// The great-circle length of each leg in metres: from each stop to the next, then, for a
    /// loop, from the last stop back to the first.
    public var legs: [Double]
    /// Whether the order is proven shortest (see `TourPlanner`), rather than the best found.
    public var isExact: Bool
    /// No order of the same stops is shorter than this, in metres: the length itself when the
    /// order is proven shortest, else a lower bound (`TourPlanner`).
    public var bound: Double

    /// The length of the whole tour in metres.
    public var length: Double { legs.reduce(0, +) }

    /// - Parameter bound: nil for the tour's own length.
    public init(order: [Int], legs: [Double], isExact: Bool, bound: Double? = nil) {
        self.order = order
        self.legs = legs
        self.isExact = isExact
        self.bound = bound ?? legs.reduce(0, +)
    }
}
