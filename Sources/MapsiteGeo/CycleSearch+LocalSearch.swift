extension CycleSearch {
    /// How many seeded random cycles are improved besides the nearest-neighbour one.
    static let randomStarts = 24

    /// The shortest of several local optima: from the nearest-neighbour cycle and from seeded
    /// random ones, each improved by 2-opt and Or-opt moves until none shortens it. The same
    /// input gives the same cycle.
    /// - Complexity: O(n²) per improving pass, for n = `count`.
    func shortestFound() -> [Int] {
        var random = SplitMix64(seed: UInt64(count))
        var starts = [nearestNeighbourCycle()]
        for _ in 0..<Self.randomStarts {
            var nodes = (0..<count).filter { $0 != anchor }
            for index in stride(from: nodes.count - 1, to: 0, by: -1) {
                nodes.swapAt(index, Int(random.next() % UInt64(index + 1)))
            }
            starts.append([anchor] + nodes)
        }
        var best: [Int] = []
        var bestLength = Double.infinity
        for start in starts {
            let improved = improve(start)
            let length = self.length(improved)
            if length < bestLength - 1e-9 {
                best = improved
                bestLength = length
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

    /// Applies improving 2-opt and Or-opt moves until neither finds one. The anchor stays first.
    func improve(_ start: [Int]) -> [Int] {
        var nodes = start
        while twoOpt(&nodes) || orOpt(&nodes) {}
        return nodes
    }

    /// Reverses the first stretch `nodes[i+1...j]` whose reversal shortens the cycle. Returns
    /// whether it found one.
    func twoOpt(_ nodes: inout [Int]) -> Bool {
        let n = nodes.count
        guard n > 3 else { return false }
        for i in 0..<(n - 2) {
            let a = nodes[i]
            let b = nodes[i + 1]
            for j in (i + 2)..<n where !(i == 0 && j == n - 1) {
                let c = nodes[j]
                let d = nodes[(j + 1) % n]
                if weight(a, c) + weight(b, d) < weight(a, b) + weight(c, d) - 1e-7 {
                    nodes[(i + 1)...j].reverse()
                    return true
                }
            }
        }
        return false
    }

    /// Moves the first stretch of one to three nodes whose move elsewhere (either way round)
    /// shortens the cycle. Returns whether it found one.
    func orOpt(_ nodes: inout [Int]) -> Bool {
        let n = nodes.count
        guard n > 4 else { return false }
        for length in 1...3 {
            for first in 1...(n - length) {
                let last = first + length - 1
                let before = nodes[first - 1]
                let after = nodes[(last + 1) % n]
                let head = nodes[first]
                let tail = nodes[last]
                let saved = weight(before, head) + weight(tail, after) - weight(before, after)
                for gap in 0..<n where gap < first - 1 || gap > last {
                    let p = nodes[gap]
                    let q = nodes[(gap + 1) % n]
                    if gap == n - 1 && first == 1 { continue }  // the gap that closes on the stretch
                    let forward = weight(p, head) + weight(tail, q) - weight(p, q)
                    let backward = weight(p, tail) + weight(head, q) - weight(p, q)
                    guard min(forward, backward) < saved - 1e-7 else { continue }
                    var stretch = Array(nodes[first...last])
                    if backward < forward { stretch.reverse() }
                    var rest = Array(nodes[..<first]) + nodes[(last + 1)...]
                    let insertAt = gap < first ? gap + 1 : gap + 1 - length
                    rest.insert(contentsOf: stretch, at: insertAt)
                    nodes = rest
                    return true
                }
            }
        }
        return false
    }
}
