extension CycleSearch {
    /// How many nearest nodes each node's moves are tried towards.
    static let candidates = 10

    /// The shortest cycle iterated local search finds: the nearest-neighbour cycle improved by
    /// 2-opt and Or-opt moves until none shortens it, then `kicks` times a random double bridge
    /// (a change no single move undoes) on the best cycle so far, improved again and kept when
    /// shorter. Moves are tried only towards each node's nearest nodes. The same input gives the
    /// same cycle.
    /// - Complexity: O(n·k) per improving pass of the moves, k = `candidates`.
    func shortestFound(kicks: Int? = nil) -> [Int] {
        let near = nearestNodes()
        var best = improve(nearestNeighbourCycle(), near: near)
        var bestLength = length(best)
        guard count >= 8 else { return best }
        var random = SplitMix64(seed: UInt64(count))
        for _ in 0..<(kicks ?? max(30, min(150, 20_000 / count))) {
            let candidate = improve(doubleBridge(best, using: &random), near: near)
            let candidateLength = length(candidate)
            if candidateLength < bestLength - 1e-7 {
                best = candidate
                bestLength = candidateLength
            }
        }
        return best
    }

    /// From the anchor, always on to the nearest node not visited yet.
    func nearestNeighbourCycle() -> [Int] {
        var visited = [Bool](repeating: false, count: count)
        var nodes = [anchor]
        visited[anchor] = true
        while nodes.count < count {
            let here = nodes[nodes.count - 1]
            var next = -1
            for node in 0..<count where !visited[node] && (next < 0 || weight(here, node) < weight(here, next)) {
                next = node
            }
            visited[next] = true
            nodes.append(next)
        }
        return nodes
    }

    /// Each node's `candidates` nearest other nodes, nearest first.
    func nearestNodes() -> [[Int]] {
        (0..<count).map { node in
            let others = (0..<count).filter { $0 != node }
            return Array(others.sorted { (weight(node, $0), $0) < (weight(node, $1), $1) }.prefix(Self.candidates))
        }
    }

    /// Cuts the cycle in three places after the anchor and joins the pieces in another order.
    func doubleBridge(_ nodes: [Int], using random: inout SplitMix64) -> [Int] {
        let n = nodes.count
        var cuts = Set<Int>()
        while cuts.count < 3 { cuts.insert(1 + Int(random.next() % UInt64(n - 1))) }
        let sorted = cuts.sorted()
        let (p, q, r) = (sorted[0], sorted[1], sorted[2])
        return Array(nodes[..<p]) + nodes[q..<r] + nodes[p..<q] + nodes[r...]
    }

    /// Applies improving 2-opt and Or-opt moves until neither finds one. The anchor stays first.
    func improve(_ start: [Int], near: [[Int]]) -> [Int] {
        var tour = Cycle(start)
        while twoOpt(&tour, near: near) || orOpt(&tour, near: near) {}
        return tour.nodes
    }

    /// One pass of 2-opt over every node: replaces two edges by two shorter ones, reversing the
    /// stretch between them, for each node towards its nearest nodes. Returns whether it moved.
    func twoOpt(_ tour: inout Cycle, near: [[Int]]) -> Bool {
        let n = tour.nodes.count
        guard n > 3 else { return false }
        var moved = false
        for a in 0..<count {
            // After a: (a, b) and (c, d) become (a, c) and (b, d).
            var b = tour.next(a)
            for c in near[a] {
                let gain = weight(a, b) - weight(a, c)
                if gain <= 1e-7 { break }
                let d = tour.next(c)
                if c == b || d == a { continue }
                if gain + weight(c, d) - weight(b, d) > 1e-7 {
                    tour.reverse(from: b, to: c)
                    moved = true
                    b = tour.next(a)
                    break
                }
            }
            // Before a: (p, a) and (e, c) become (c, a) and (e, p).
            let p = tour.previous(a)
            for c in near[a] {
                let gain = weight(p, a) - weight(a, c)
                if gain <= 1e-7 { break }
                let e = tour.previous(c)
                if c == p || e == a { continue }
                if gain + weight(e, c) - weight(p, e) > 1e-7 {
                    tour.reverse(from: c, to: p)
                    moved = true
                    break
                }
            }
        }
        return moved
    }

    /// One pass of Or-opt: moves a stretch of one to three nodes, either way round, next to one of
    /// the nearest nodes of its ends, when that is shorter. Returns whether it moved.
    func orOpt(_ tour: inout Cycle, near: [[Int]]) -> Bool {
        guard tour.nodes.count > 4 else { return false }
        var moved = false
        for length in 1...3 {
            for head in 0..<count where head != anchor {
                var stretch = [head]
                while stretch.count < length, tour.next(stretch[stretch.count - 1]) != anchor {
                    stretch.append(tour.next(stretch[stretch.count - 1]))
                }
                guard stretch.count == length else { continue }
                let tail = stretch[stretch.count - 1]
                let before = tour.previous(head)
                let after = tour.next(tail)
                if before == after { continue }
                let saved = weight(before, head) + weight(tail, after) - weight(before, after)
                var best: (cost: Double, p: Int, reversed: Bool)?
                for end in [head, tail] {
                    for c in near[end] where !stretch.contains(c) {
                        for (p, q) in [(c, tour.next(c)), (tour.previous(c), c)] {
                            if stretch.contains(p) || stretch.contains(q) { continue }
                            if p == before && q == head { continue }
                            let forward = weight(p, head) + weight(tail, q) - weight(p, q)
                            let backward = weight(p, tail) + weight(head, q) - weight(p, q)
                            let cost = min(forward, backward)
                            if cost < saved - 1e-7 && cost < (best?.cost ?? .infinity) {
                                best = (cost, p, backward < forward)
                            }
                        }
                    }
                }
                if let best {
                    tour.move(stretch, after: best.p, reversed: best.reversed)
                    moved = true
                }
            }
        }
        return moved
    }
}

/// A cycle as an array beginning at its anchor, with each node's position, for the moves of the
/// local search.
struct Cycle {
    private(set) var nodes: [Int]
    private var positions: [Int]

    init(_ nodes: [Int]) {
        self.nodes = nodes
        positions = [Int](repeating: 0, count: nodes.count)
        for (position, node) in nodes.enumerated() { positions[node] = position }
    }

    func next(_ node: Int) -> Int { nodes[(positions[node] + 1) % nodes.count] }
    func previous(_ node: Int) -> Int { nodes[(positions[node] + nodes.count - 1) % nodes.count] }

    /// Reverses the stretch from `first` on to `last`. When it holds the anchor (position 0), the
    /// rest of the cycle is reversed instead: the same cycle, run the other way.
    mutating func reverse(from first: Int, to last: Int) {
        var start = positions[first]
        var end = positions[last]
        if start > end || start == 0 {
            (start, end) = ((end + 1) % nodes.count, (start + nodes.count - 1) % nodes.count)
        }
        guard start < end, start > 0 else { return }
        nodes[start...end].reverse()
        for position in start...end { positions[nodes[position]] = position }
    }

    /// Takes `stretch` (consecutive nodes, not the anchor) out and puts it back after `node`.
    mutating func move(_ stretch: [Int], after node: Int, reversed: Bool) {
        let inStretch = Set(stretch)
        var rebuilt: [Int] = []
        rebuilt.reserveCapacity(nodes.count)
        for current in nodes where !inStretch.contains(current) {
            rebuilt.append(current)
            if current == node { rebuilt += reversed ? stretch.reversed() : stretch }
        }
        self = Cycle(rebuilt)
    }
}
