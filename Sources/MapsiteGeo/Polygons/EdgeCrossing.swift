/// What one polygon edge means for a point: the edge crosses the ray from the point towards
/// +longitude, or the point lies on the edge, or neither.
///
/// The ray test counts an edge when one end lies strictly above the point and the other at or
/// below it (a half-open rule), so a ray through a vertex counts the two edges meeting there once
/// between them, or not at all, as it should. Horizontal edges never cross the ray. The side test
/// is exact (`Orientation`), so a point on an edge is always recognised, and the same point is
/// classified the same way by every polygon sharing that edge. This is the ray-crossing counter
/// of GEOS (`RayCrossingCounter`), and therefore of shapely.
enum EdgeCrossing {
    case none
    case crossing
    case boundary

    /// Classifies the edge from `(x1, y1)` to `(x2, y2)` for the point `(x, y)`.
    ///
    /// Only the edge's end vertex is compared with the point: in a closed ring every vertex ends
    /// exactly one edge.
    /// - Complexity: O(1).
    @inline(__always)
    static func classify(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, x: Double, y: Double
    ) -> EdgeCrossing {
        if x1 < x && x2 < x { return .none }
        if x == x2 && y == y2 { return .boundary }
        if y1 == y && y2 == y {
            return x >= min(x1, x2) && x <= max(x1, x2) ? .boundary : .none
        }
        guard (y1 > y && y2 <= y) || (y2 > y && y1 <= y) else { return .none }
        var side = Orientation.sign(x1, y1, x2, y2, x, y)
        if side == 0 { return .boundary }
        if y2 < y1 { side = -side }
        return side > 0 ? .crossing : .none
    }
}
