import Foundation

/// Whether the edges of a set of rings touch or cross anywhere but where consecutive edges of a
/// ring meet: the test that a simplified polygon is still valid (rings that touch at a point, which
/// OGC allows, count as touching here, so such a polygon is simply simplified less).
enum SegmentCrossings {
    /// Whether two edges of `rings` (each closed implicitly) that are not consecutive in one ring
    /// share a point, or two consecutive ones fold back onto each other.
    /// - Complexity: O(n log n + k) for n edges and k pairs whose x ranges overlap (a sweep along x).
    static func touch(_ rings: [[WorldPoint]]) -> Bool {
        struct Edge {
            var a: WorldPoint
            var b: WorldPoint
            var ring: Int
            var index: Int
            var minX: Double { min(a.x, b.x) }
            var maxX: Double { max(a.x, b.x) }
        }
        var edges: [Edge] = []
        for (ring, points) in rings.enumerated() {
            let n = points.count
            for index in 0..<n {
                let a = points[index]
                let b = points[(index + 1) % n]
                let c = points[(index + 2) % n]
                // A spike: the next edge runs back along this one.
                if orientation(a, b, c) == 0 && dot(b - a, c - b) < 0 { return true }
                edges.append(Edge(a: a, b: b, ring: ring, index: index))
            }
        }
        edges.sort { $0.minX < $1.minX }
        var active: [Edge] = []
        for edge in edges {
            active.removeAll { $0.maxX < edge.minX }
            for other in active {
                if other.ring == edge.ring {
                    let n = rings[edge.ring].count
                    let gap = abs(other.index - edge.index)
                    if gap == 1 || gap == n - 1 { continue }
                }
                if intersect(edge.a, edge.b, other.a, other.b) { return true }
            }
            active.append(edge)
        }
        return false
    }

    static func orientation(_ a: WorldPoint, _ b: WorldPoint, _ c: WorldPoint) -> Double {
        let value = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        return value == 0 ? 0 : value > 0 ? 1 : -1
    }

    /// Whether the closed segments pq and rs share a point.
    static func intersect(_ p: WorldPoint, _ q: WorldPoint, _ r: WorldPoint, _ s: WorldPoint) -> Bool {
        let d1 = orientation(r, s, p)
        let d2 = orientation(r, s, q)
        let d3 = orientation(p, q, r)
        let d4 = orientation(p, q, s)
        if d1 * d2 < 0 && d3 * d4 < 0 { return true }
        return (d1 == 0 && within(r, s, p)) || (d2 == 0 && within(r, s, q)) || (d3 == 0 && within(p, q, r))
            || (d4 == 0 && within(p, q, s))
    }

    /// Whether `p`, on the line through `a` and `b`, lies between them.
    private static func within(_ a: WorldPoint, _ b: WorldPoint, _ p: WorldPoint) -> Bool {
        p.x >= min(a.x, b.x) && p.x <= max(a.x, b.x) && p.y >= min(a.y, b.y) && p.y <= max(a.y, b.y)
    }
}
