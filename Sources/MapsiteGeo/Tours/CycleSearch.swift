/// The shortest cycle through every node of a symmetric weight matrix, beginning at `anchor`:
/// exactly by Held–Karp, or by local search (`CycleSearch+LocalSearch.swift`).
struct CycleSearch {
    /// Row-major `count`×`count`, symmetric, zero on the diagonal.
    let weights: [Double]
    let count: Int
    let anchor: Int

    func weight(_ a: Int, _ b: Int) -> Double { weights[a * count + b] }

    /// The length of the cycle through `nodes` and back to the first.
    func length(_ nodes: [Int]) -> Double {
        guard let last = nodes.last else { return 0 }
        return zip(nodes, nodes.dropFirst()).reduce(weight(last, nodes[0])) { $0 + weight($1.0, $1.1) }
    }

    /// The shortest cycle, by dynamic programming over the sets of nodes visited after the
    /// anchor: `best[set][end]` is the shortest path from the anchor through `set`, ending at
    /// `end`. Ties go to the path found first, in the order of the nodes.
    /// - Complexity: O(2ⁿ·n²) time, O(2ⁿ·n) memory, for n = `count` - 1.
    func shortestExactly() -> [Int] {
        let others = (0..<count).filter { $0 != anchor }
        let n = others.count
        guard n > 1 else { return [anchor] + others }
        let sets = 1 << n
        var best = [Double](repeating: .infinity, count: sets * n)
        var previous = [Int8](repeating: -1, count: sets * n)
        for end in 0..<n { best[(1 << end) * n + end] = weight(anchor, others[end]) }
        for set in 1..<sets {
            for end in 0..<n where set & (1 << end) != 0 {
                let here = best[set * n + end]
                guard here < .infinity else { continue }
                for next in 0..<n where set & (1 << next) == 0 {
                    let to = (set | (1 << next)) * n + next
                    let length = here + weight(others[end], others[next])
                    if length < best[to] {
                        best[to] = length
                        previous[to] = Int8(end)
                    }
                }
            }
        }
        let all = sets - 1
        var end = 0
        for candidate in 1..<n
        where best[all * n + candidate] + weight(others[candidate], anchor) < best[all * n + end]
            + weight(others[end], anchor)
        {
            end = candidate
        }
        var path: [Int] = []
        var set = all
        while end >= 0 {
            path.append(others[end])
            let before = Int(previous[set * n + end])
            set &= ~(1 << end)
            end = before
        }
        return [anchor] + path.reversed()
    }
}
