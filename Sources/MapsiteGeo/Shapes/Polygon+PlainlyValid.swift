/// A quick look at a polygon that answers "valid" only when that is plain, so that the loaders
/// need not hand every polygon to GEOS: most polygons of a dataset (buildings, parcels, squares)
/// are single rings of a few vertices whose edges meet only at their ends.
extension Polygon {
    /// The most vertices a ring may have to be looked at here; larger ones go to GEOS, whose
    /// sweep is faster than comparing every pair of edges.
    public static let plainlyValidVertexLimit = 64

    /// True when the polygon is one ring, without holes, of at most `plainlyValidVertexLimit`
    /// vertices, whose edges clearly meet only where consecutive edges share an end: then it is
    /// valid as GIS tools judge it (a simple ring in the plane of longitude and latitude). False
    /// says nothing: the polygon may still be valid, and GEOS decides.
    ///
    /// Conservative in floating point: a pair of edges whose orientation tests come out within a
    /// relative 1e-9 of zero (touching, collinear or nearly so), a repeated vertex, or a turn back
    /// along the same line all count as "not plain".
    /// - Complexity: O(n²) in the ring's n vertices, n ≤ `plainlyValidVertexLimit`.
    public var isPlainlyValid: Bool {
        guard rings.count == 1 else { return false }
        var ring = rings[0]
        if ring.count > 1, ring.first == ring.last { ring.removeLast() }
        let n = ring.count
        guard n >= 3, n <= Self.plainlyValidVertexLimit else { return false }
        let origin = ring[0]
        let xs = ring.map { $0.longitude - origin.longitude }
        let ys = ring.map { $0.latitude - origin.latitude }
        for i in 0..<n {
            let j = (i + 1) % n
            let k = (i + 2) % n
            guard xs[i] != xs[j] || ys[i] != ys[j] else { return false }
            // Consecutive edges: a clear turn, or straight on (never back along the same line).
            let turn = Self.orientation(xs[i], ys[i], xs[j], ys[j], xs[k], ys[k])
            if turn == 0 {
                let forward = (xs[j] - xs[i]) * (xs[k] - xs[j]) + (ys[j] - ys[i]) * (ys[k] - ys[j])
                guard forward > 0 else { return false }
            }
        }
        for i in 0..<n {
            let i2 = (i + 1) % n
            // Edges that share no end: j from i + 2, and never the last edge with the first.
            var j = i + 2
            while j < n {
                let j2 = (j + 1) % n
                if j2 == i { break }
                guard
                    Self.clearlyApart(
                        (xs[i], ys[i]), (xs[i2], ys[i2]), (xs[j], ys[j]), (xs[j2], ys[j2]))
                else { return false }
                j += 1
            }
        }
        return true
    }

    /// The sign of the turn a → b → c: 1 left, -1 right, 0 when too near straight to tell.
    private static func orientation(
        _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ cx: Double, _ cy: Double
    ) -> Int {
        let ux = bx - ax
        let uy = by - ay
        let vx = cx - ax
        let vy = cy - ay
        let cross = ux * vy - uy * vx
        let scale = (abs(ux) + abs(uy)) * (abs(vx) + abs(vy))
        if abs(cross) <= 1e-9 * scale { return 0 }
        return cross > 0 ? 1 : -1
    }

    /// True when segments pq and rs clearly share no point: their boxes are apart, or one lies
    /// strictly on one side of the other's line.
    private static func clearlyApart(
        _ p: (Double, Double), _ q: (Double, Double), _ r: (Double, Double), _ s: (Double, Double)
    ) -> Bool {
        if max(p.0, q.0) < min(r.0, s.0) || max(r.0, s.0) < min(p.0, q.0) { return true }
        if max(p.1, q.1) < min(r.1, s.1) || max(r.1, s.1) < min(p.1, q.1) { return true }
        let r1 = orientation(p.0, p.1, q.0, q.1, r.0, r.1)
        let s1 = orientation(p.0, p.1, q.0, q.1, s.0, s.1)
        if r1 != 0, r1 == s1 { return true }
        let p2 = orientation(r.0, r.1, s.0, s.1, p.0, p.1)
        let q2 = orientation(r.0, r.1, s.0, s.1, q.0, q.1)
        if p2 != 0, p2 == q2 { return true }
        return false
    }
}
