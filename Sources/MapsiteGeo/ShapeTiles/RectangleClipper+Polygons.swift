import Foundation

extension RectangleClipper {
    /// A stretch of a ring inside the box, from where it enters to where it leaves; positions
    /// along the box's edge as `perimeter` measures them.
    struct Chain {
        var points: [WorldPoint]
        var entry: Double
        var exit: Double
    }

    /// The polygons that make up the part of polygon `rings` (outer first, oriented as
    /// `ShapePiece` says) inside `box`, each as its rings, outer first.
    static func clipPolygon(_ rings: [[WorldPoint]], to box: WorldBox) -> [[[WorldPoint]]] {
        guard let outer = rings.first, outer.count > 2 else { return [] }
        var chains: [Chain] = []
        var whole: [[WorldPoint]] = []  // rings wholly inside, outer first when it is
        var apart: [Int] = []  // rings neither crossing the box nor inside it
        for (index, ring) in rings.enumerated() where ring.count > 2 {
            let found = self.chains(of: ring, box)
            if let found {
                chains += found
            } else if ring.allSatisfy(box.contains) {
                whole.append(ring)
            } else {
                apart.append(index)
            }
        }
        let centre = WorldPoint((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)
        if chains.isEmpty {
            if whole.first == outer { return [whole] }
            // The box lies wholly inside or wholly outside each ring that does not reach it.
            guard apart.first == 0, contains(outer, centre) else { return [] }
            if apart.dropFirst().contains(where: { contains(rings[$0], centre) }) { return [] }
            return [[corners(box)] + whole]
        }
        var result = link(chains, box).map { [$0] }
        for hole in whole {
            if let index = result.firstIndex(where: { contains($0[0], hole[0]) }) { result[index].append(hole) }
        }
        return result
    }

    /// The chains of `ring` inside `box`, or `nil` when the ring does not leave the box or does
    /// not cross into it.
    static func chains(of ring: [WorldPoint], _ box: WorldBox) -> [Chain]? {
        guard let start = ring.firstIndex(where: { !box.contains($0) }) else { return nil }
        var chains: [Chain] = []
        var current: [WorldPoint] = []
        func close(_ exit: WorldPoint) {
            current.append(exit)
            let points = deduplicated(current)
            if points.count > 1 {
                chains.append(Chain(points: points, entry: perimeter(points[0], box), exit: perimeter(exit, box)))
            }
            current = []
        }
        let n = ring.count
        for step in 0..<n {
            let a = ring[(start + step) % n]
            let b = ring[(start + step + 1) % n]
            switch segment(a, b, box) {
            case .inside: current.append(b)
            case .leaving(let exit): close(exit)
            case .entering(let entry): current = [entry, b]
            case .crossing(let entry, let exit):
                current = [entry]
                close(exit)
            case .outside: break
            }
        }
        return chains.isEmpty ? nil : chains
    }

    /// Joins chains into rings along the box's edge, walking it in the direction of positive
    /// orientation (`corners` order).
    static func link(_ chains: [Chain], _ box: WorldBox) -> [[WorldPoint]] {
        let length = 2 * (box.width + box.height)
        let cornerPoints = corners(box)
        let cornerPositions = [0, box.width, box.width + box.height, 2 * box.width + box.height]
        func ahead(_ from: Double, _ to: Double) -> Double {
            let d = (to - from).truncatingRemainder(dividingBy: length)
            return d < 0 ? d + length : d
        }
        var used = [Bool](repeating: false, count: chains.count)
        var rings: [[WorldPoint]] = []
        for first in chains.indices where !used[first] {
            var ring: [WorldPoint] = []
            var current = first
            while true {
                used[current] = true
                ring += chains[current].points
                let exit = chains[current].exit
                // The next entry along the edge; the chain's own entry only when no other comes first.
                var next = first
                var best = Double.infinity
                for index in chains.indices where !used[index] || index == first {
                    let d = ahead(exit, chains[index].entry)
                    if d < best || (d == best && index == current) {
                        best = d
                        next = index
                    }
                }
                // The corners passed on the way, in the order met.
                let passed = (0..<4).map { (ahead(exit, cornerPositions[$0]), $0) }.filter { $0.0 > 0 && $0.0 < best }
                ring += passed.sorted { $0.0 < $1.0 }.map { cornerPoints[$0.1] }
                if next == first { break }
                current = next
            }
            let cleaned = deduplicated(ring)
            let closed = cleaned.count > 1 && cleaned.first == cleaned.last ? Array(cleaned.dropLast()) : cleaned
            if closed.count > 2 && ShapePiece.shoelace(closed) > 0 { rings.append(closed) }
        }
        return rings
    }

    /// The box as a ring of positive orientation, from its (minX, minY) corner.
    static func corners(_ box: WorldBox) -> [WorldPoint] {
        [
            WorldPoint(box.minX, box.minY), WorldPoint(box.maxX, box.minY), WorldPoint(box.maxX, box.maxY),
            WorldPoint(box.minX, box.maxY),
        ]
    }

    /// Where `point`, on the box's edge, lies along it from the (minX, minY) corner, in the
    /// order of `corners`.
    static func perimeter(_ point: WorldPoint, _ box: WorldBox) -> Double {
        let distances = [point.y - box.minY, box.maxX - point.x, box.maxY - point.y, point.x - box.minX].map(abs)
        let side = distances.indices.min { distances[$0] < distances[$1] }!
        switch side {
        case 0: return point.x - box.minX
        case 1: return box.width + (point.y - box.minY)
        case 2: return box.width + box.height + (box.maxX - point.x)
        default: return 2 * box.width + box.height + (box.maxY - point.y)
        }
    }

    /// Whether `point` lies inside `ring` (even-odd rule).
    static func contains(_ ring: [WorldPoint], _ point: WorldPoint) -> Bool {
        var inside = false
        var previous = ring[ring.count - 1]
        for vertex in ring {
            if (vertex.y > point.y) != (previous.y > point.y)
                && point.x < (previous.x - vertex.x) * (point.y - vertex.y) / (previous.y - vertex.y) + vertex.x
            {
                inside.toggle()
            }
            previous = vertex
        }
        return inside
    }
}
