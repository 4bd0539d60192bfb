import Foundation

/// Cuts lines and polygons to a rectangle, as a shape tile holds them.
///
/// Lines keep the stretches inside the rectangle. A polygon's rings are cut into chains that
/// enter and leave the rectangle, and each part of the result is made by following a chain to
/// where it leaves, then the rectangle's edge, in the direction that keeps the inside on the
/// same side, to the next chain's entry, until it closes. So a concave polygon crossing the edge
/// several times gives several polygons, never one joined by slivers along the edge; holes that
/// cross the edge become notches of the outline; holes wholly inside stay holes of the part that
/// holds them. A rectangle wholly inside a polygon gives the rectangle. Vertices on the edge
/// count as inside.
enum RectangleClipper {
    /// The part of `piece` inside `box`, or `nil` when nothing of it is.
    /// - Complexity: O(n log n) for n vertices (chains are sorted along the edge).
    static func clip(_ piece: ShapePiece, to box: WorldBox) -> ShapePiece? {
        if box.contains(piece.bounds) { return piece }
        guard box.intersects(piece.bounds) else { return nil }
        var parts: [[[WorldPoint]]] = []
        switch piece.kind {
        case .lines:
            for part in piece.parts { parts += clipLine(part[0], to: box).map { [$0] } }
        case .polygons:
            for part in piece.parts { parts += clipPolygon(part, to: box) }
        }
        guard !parts.isEmpty else { return nil }
        return ShapePiece(item: piece.item, kind: piece.kind, parts: parts, extent: piece.extent)
    }

    /// The stretches of `line` inside `box`, each of two or more distinct points.
    static func clipLine(_ line: [WorldPoint], to box: WorldBox) -> [[WorldPoint]] {
        var result: [[WorldPoint]] = []
        var current: [WorldPoint] = []
        func close() {
            let cleaned = deduplicated(current)
            if cleaned.count > 1 { result.append(cleaned) }
            current = []
        }
        for index in 0..<max(0, line.count - 1) {
            let a = line[index]
            let b = line[index + 1]
            switch segment(a, b, box) {
            case .inside:
                if current.isEmpty { current = [a] }
                current.append(b)
            case .leaving(let exit):
                if current.isEmpty { current = [a] }
                current.append(exit)
                close()
            case .entering(let entry):
                close()
                current = [entry, b]
            case .crossing(let entry, let exit):
                close()
                current = [entry, exit]
                close()
            case .outside:
                close()
            }
        }
        close()
        return result
    }

    /// How a segment from `a` to `b` meets the box, by whether each end is inside.
    enum Segment {
        case inside
        case leaving(WorldPoint)
        case entering(WorldPoint)
        case crossing(WorldPoint, WorldPoint)
        case outside
    }

    static func segment(_ a: WorldPoint, _ b: WorldPoint, _ box: WorldBox) -> Segment {
        let inA = box.contains(a)
        let inB = box.contains(b)
        if inA && inB { return .inside }
        guard let (t0, t1) = interval(a, b, box) else { return inA ? .leaving(a) : inB ? .entering(b) : .outside }
        func point(_ t: Double) -> WorldPoint {
            let p = a + t * (b - a)
            return WorldPoint(min(max(p.x, box.minX), box.maxX), min(max(p.y, box.minY), box.maxY))
        }
        if inA { return .leaving(point(t1)) }
        if inB { return .entering(point(t0)) }
        return t0 < t1 ? .crossing(point(t0), point(t1)) : .outside
    }

    /// The parameters (Liang–Barsky) between which `a + t (b - a)` lies in the box, if any.
    static func interval(_ a: WorldPoint, _ b: WorldPoint, _ box: WorldBox) -> (Double, Double)? {
        var t0 = 0.0
        var t1 = 1.0
        let d = b - a
        for (p, q) in [(-d.x, a.x - box.minX), (d.x, box.maxX - a.x), (-d.y, a.y - box.minY), (d.y, box.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0 {
                if r > t1 { return nil }
                t0 = max(t0, r)
            } else {
                if r < t0 { return nil }
                t1 = min(t1, r)
            }
        }
        return (t0, t1)
    }

    /// `points` without consecutive repeats.
    static func deduplicated(_ points: [WorldPoint]) -> [WorldPoint] {
        var result: [WorldPoint] = []
        result.reserveCapacity(points.count)
        for point in points where point != result.last { result.append(point) }
        return result
    }
}
