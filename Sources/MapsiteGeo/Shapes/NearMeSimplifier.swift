import Foundation

/// Simplifies a large shape for near me within a tolerance in metres, stated so that the browser
/// can tell when the simplified shape could change what it prints (`docs/shapes.md`).
///
/// Douglas–Peucker on each line or ring, in the plane of longitude times `c` and latitude (degrees),
/// `c` the greatest cosine of latitude over the shape's box grown by 0.01°: edges stay straight in
/// longitude/latitude, as near me measures them, and a step of `s` degrees in that plane is at most
/// `s` degrees of great circle, so every point of the true boundary lies within the tolerance of
/// the simplified one and back (Hausdorff). Vertices are kept, never moved: each simplified edge
/// stands for the run of true vertices between its ends. The vertex budget is met by the one
/// threshold that keeps the most vertices within it; the tolerance is then measured on what was
/// dropped, not the threshold.
///
/// ```swift
/// if let simple = NearMeSimplifier.simplify(rings, maximumVertices: 400) {
///     let kept = simple.kept[0].map { rings[0][$0] }   // within simple.tolerance metres
/// }
/// ```
public enum NearMeSimplifier {
    public struct Result: Sendable, Hashable {
        /// For each line or ring, the indices of its vertices kept, ascending, first and last included.
        public var kept: [[Int]]
        /// Every point of each line lies within this many metres of its simplified line, and back.
        public var tolerance: Double
    }

    /// The lines (or rings, closed as written) simplified to at most `maximumVertices` vertices in
    /// all, each keeping its two ends; `nil` when they have no more than that already, or when a
    /// line crosses the antimeridian or comes within a degree of a pole (left whole).
    public static func simplify(_ lines: [[GeoPoint]], maximumVertices: Int) -> Result? {
        let total = lines.reduce(0) { $0 + $1.count }
        guard total > maximumVertices, maximumVertices >= 2 * lines.count else { return nil }
        var south = 90.0, north = -90.0
        for line in lines {
            for (index, point) in line.enumerated() {
                if index > 0 && abs(point.longitude - line[index - 1].longitude) > 180 { return nil }
                south = min(south, point.latitude)
                north = max(north, point.latitude)
            }
        }
        guard south > -89, north < 89 else { return nil }
        let c = south <= 0.01 && north >= -0.01 ? 1 : cos((min(abs(south), abs(north)) - 0.01) * .pi / 180)
        let planes = lines.map { line in line.map { (x: $0.longitude * c, y: $0.latitude) } }
        let values = planes.map(importance)
        // The threshold: the greatest importance among the vertices left out.
        var inner = values.flatMap { $0.filter(\.isFinite) }
        let ends = values.reduce(0) { $0 + $1.count - $1.filter(\.isFinite).count }
        let room = maximumVertices - ends
        inner.sort(by: >)
        let threshold = room < inner.count ? inner[max(room, 0)] : -1
        var kept: [[Int]] = []
        var deviation = 0.0
        for (plane, value) in zip(planes, values) {
            let indices = value.indices.filter { value[$0] > threshold }
            for (a, b) in zip(indices, indices.dropFirst()) where b > a + 1 {
                for index in (a + 1)..<b {
                    deviation = max(deviation, offset(plane[index], plane[a], plane[b]))
                }
            }
            kept.append(indices)
        }
        // Degrees to metres on the sphere, with room for the arithmetic.
        let metres = deviation * .pi / 180 * GreatCircle.earthRadius * 1.000_001 + 0.01
        return Result(kept: kept, tolerance: metres)
    }

    /// Each vertex's Douglas–Peucker importance: the threshold below which it is kept, the lesser
    /// of its offset from the chord that split it off and its parent's importance; infinite at the ends.
    static func importance(_ plane: [(x: Double, y: Double)]) -> [Double] {
        var value = [Double](repeating: 0, count: plane.count)
        guard plane.count > 1 else { return [Double](repeating: .infinity, count: plane.count) }
        value[0] = .infinity
        value[plane.count - 1] = .infinity
        var stack: [(Int, Int, Double)] = [(0, plane.count - 1, .infinity)]
        while let (a, b, parent) = stack.popLast() {
            guard b > a + 1 else { continue }
            var farthest = a + 1
            var most = -1.0
            for index in (a + 1)..<b {
                let d = offset(plane[index], plane[a], plane[b])
                if d > most {
                    most = d
                    farthest = index
                }
            }
            let own = min(most, parent)
            value[farthest] = own
            stack.append((a, farthest, own))
            stack.append((farthest, b, own))
        }
        return value
    }

    /// The distance in the plane from `p` to the segment from `a` to `b`.
    static func offset(_ p: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double
    {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = dx * dx + dy * dy
        var t = length > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length : 0
        t = min(max(t, 0), 1)
        let ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y
        return (ex * ex + ey * ey).squareRoot()
    }
}
