import Foundation

/// Simplifies lines and rings for a zoom (Douglas–Peucker in world coordinates) so that no point
/// of the result is farther than `tolerance` from the original, nor any point of the original
/// from the result.
///
/// A ring is cut at its first vertex and at the vertex farthest from it, and each half simplified
/// as a line. A ring (a polygon's outer ring, with its holes, or a hole) less than
/// `minimumSize` across (the larger side of its box) is too small to see and is dropped, and so is
/// a stretch of a line (a part of a piece: the line is cut by the tile) that small. A larger
/// ring that Douglas–Peucker leaves with fewer than three vertices becomes the triangle of its
/// first vertex, the vertex farthest from it and the vertex farthest from the line between them
/// (still within the tolerance); one with no area even so has collapsed and is dropped. A polygon
/// whose simplified rings, once rounded to the tile's grid, touch or cross each other (which
/// neither Douglas–Peucker nor rounding rules out) is simplified again with a quarter of the
/// tolerance, then not at all, then the same on each finer grid given.
enum ShapeSimplifier {
    /// A grid the vertices are rounded to: its units per tile side (`nil`: the tile's own), and
    /// the rounding.
    typealias Grid = (units: Int?, round: (WorldPoint) -> WorldPoint)

    /// `piece` simplified within `tolerance` (world units), each vertex then rounded to the first
    /// of `grids` that keeps it valid (the last is taken as it comes), or `nil` when every part
    /// was dropped.
    static func simplified(
        _ piece: ShapePiece, tolerance: Double, minimumSize: Double, grids: [Grid]
    ) -> ShapePiece? {
        for (gridIndex, grid) in grids.enumerated() {
            let round = grid.round
            let finest = gridIndex == grids.count - 1
            for attempt in [tolerance, tolerance / 4, 0] {
                var parts: [[[WorldPoint]]] = []
                switch piece.kind {
                case .lines:
                    for part in piece.parts {
                        // A stretch of a line as small as a ring that is dropped goes too.
                        guard let box = WorldBox(points: part[0]), max(box.width, box.height) >= minimumSize
                        else { continue }
                        let line = RectangleClipper.deduplicated(kept(part[0], attempt).map(round))
                        if line.count > 1 { parts.append([line]) }
                    }
                case .polygons:
                    for part in piece.parts {
                        var rings: [[WorldPoint]] = []
                        for (index, ring) in part.enumerated() {
                            let box = WorldBox(points: ring)!
                            var simple: [WorldPoint] = []
                            if max(box.width, box.height) >= minimumSize {
                                simple = closedRing(keptRing(ring, attempt), round)
                                if simple.count < 3 || ShapePiece.shoelace(simple) == 0 {
                                    simple = closedRing(triangle(ring), round)
                                }
                            }
                            let collapsed = simple.count < 3 || ShapePiece.shoelace(simple) == 0
                            if collapsed && index == 0 { break }
                            if !collapsed { rings.append(simple) }
                        }
                        if !rings.isEmpty { parts.append(rings) }
                    }
                }
                guard !parts.isEmpty else { return nil }
                let last = attempt == 0 && finest
                if piece.kind == .lines || last || !SegmentCrossings.touch(parts.flatMap { $0 }) {
                    return ShapePiece(
                        item: piece.item, kind: piece.kind, parts: parts, extent: piece.extent, units: grid.units)
                }
            }
        }
        return nil
    }

    /// A ring's vertices rounded, without repeats or a closing vertex.
    private static func closedRing(_ ring: [WorldPoint], _ round: (WorldPoint) -> WorldPoint) -> [WorldPoint] {
        var result = RectangleClipper.deduplicated(ring.map(round))
        if result.count > 1 && result.first == result.last { result.removeLast() }
        return result
    }

    /// The first vertex, the vertex farthest from it and the vertex farthest from the line
    /// between them, in the ring's order.
    static func triangle(_ ring: [WorldPoint]) -> [WorldPoint] {
        guard ring.count > 3 else { return ring }
        let far = ring.indices.max { squaredLength(ring[0] - ring[$0]) < squaredLength(ring[0] - ring[$1]) }!
        let third = ring.indices.max {
            squaredDistance(ring[$0], ring[0], ring[far]) < squaredDistance(ring[$1], ring[0], ring[far])
        }!
        return [0, far, third].sorted().map { ring[$0] }
    }

    /// The vertices of an open line that Douglas–Peucker keeps, ends included.
    static func kept(_ line: [WorldPoint], _ tolerance: Double) -> [WorldPoint] {
        guard line.count > 2, tolerance > 0 else { return line }
        var keep = [Bool](repeating: false, count: line.count)
        keep[0] = true
        keep[line.count - 1] = true
        mark(line, 0, line.count - 1, tolerance * tolerance, &keep)
        return line.indices.filter { keep[$0] }.map { line[$0] }
    }

    /// The vertices of a ring (not closed) that Douglas–Peucker keeps.
    static func keptRing(_ ring: [WorldPoint], _ tolerance: Double) -> [WorldPoint] {
        guard ring.count > 3, tolerance > 0 else { return ring }
        let far = ring.indices.max { squaredLength(ring[0] - ring[$0]) < squaredLength(ring[0] - ring[$1]) }!
        let closed = ring + [ring[0]]
        let first = kept(Array(closed[0...far]), tolerance)
        let second = kept(Array(closed[far...]), tolerance)
        return first + second.dropFirst().dropLast()
    }

    private static func mark(_ line: [WorldPoint], _ first: Int, _ last: Int, _ squared: Double, _ keep: inout [Bool]) {
        var stack = [(first, last)]
        while let (a, b) = stack.popLast() {
            guard b > a + 1 else { continue }
            var worst = a
            var worstDistance = -1.0
            for index in (a + 1)..<b {
                let d = squaredDistance(line[index], line[a], line[b])
                if d > worstDistance {
                    worstDistance = d
                    worst = index
                }
            }
            if worstDistance > squared {
                keep[worst] = true
                stack.append((a, worst))
                stack.append((worst, b))
            }
        }
    }

    /// The squared distance from `p` to the segment from `a` to `b`.
    static func squaredDistance(_ p: WorldPoint, _ a: WorldPoint, _ b: WorldPoint) -> Double {
        let d = b - a
        let length = squaredLength(d)
        guard length > 0 else { return squaredLength(p - a) }
        let t = min(1, max(0, dot(p - a, d) / length))
        return squaredLength(p - (a + t * d))
    }
}
