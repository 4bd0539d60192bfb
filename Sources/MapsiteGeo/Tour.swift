/// An order in which to visit places, and the length of the way through them.
public struct Tour: Sendable, Equatable {
    /// Positions of the places, in the order they are visited; the start first.
    public var order: [Int]
    /// The great-circle length of each leg in metres: from each stop to the next, then, for a
    /// loop, from the last stop back to the first.
    public var legs: [Double]
    /// Whether the order is proven shortest (`TourPlanner.exactLimit` stops or fewer), rather
    /// than the best that local search found.
    public var isExact: Bool

    /// The length of the whole tour in metres.
    public var length: Double { legs.reduce(0, +) }

    public init(order: [Int], legs: [Double], isExact: Bool) {
        self.order = order
        self.legs = legs
        self.isExact = isExact
    }
}
