/// Lower bounds on the shortest cycle of a `CycleSearch`, from Held–Karp 1-trees, and branch and
/// bound on them, which proves a cycle shortest or says how much shorter one could be.
///
/// A 1-tree is a spanning tree of every node but the anchor, plus two edges at the anchor. Every
/// cycle is one, so the cheapest 1-tree is no longer than the shortest cycle. A penalty πᵢ added
/// to every edge at node i adds 2Σπ to every cycle but not to every 1-tree, and raising the
/// penalties of nodes of degree above 2 (subgradient ascent) lifts the bound close to the
/// shortest cycle. Branch and bound then includes and excludes edges at a node of degree above 2
/// until each branch's cheapest 1-tree is a cycle or is no shorter than the best cycle known.
struct CycleBound {
    let search: CycleSearch
    /// Two lengths closer than this count as equal, so a proof holds to the centimetre.
    static let tolerance = 0.01

    /// What `prove` found.
    struct Result {
        /// The shortest cycle found, beginning at the anchor.
        var cycle: [Int]
        /// No cycle is shorter than this (less the tolerance).
        var bound: Double
        /// Whether `cycle` is proven shortest: the search ran to its end.
        var isProven: Bool
    }

    /// Edge states: free, in every cycle of the branch, or in none.
    enum Edge: Int8 {
        case free = 0, included = 1, excluded = -1
    }

    /// A branch: the state of every edge (row-major, symmetric).
    struct Branch {
        var edges: [Edge]
    }

    /// A branch's cheapest 1-tree under penalties.
    struct OneTree {
        var bound: Double
        var degree: [Int]
        /// Each node's parent in the spanning tree; -1 for its root and the anchor.
        var parent: [Int]
        /// The anchor's two neighbours.
        var anchorEdges: (Int, Int)
        var isCycle: Bool { degree.allSatisfy { $0 == 2 } }

        func neighbours(of node: Int, anchor: Int) -> [Int] {
            if node == anchor { return [anchorEdges.0, anchorEdges.1] }
            var found = parent[node] >= 0 ? [parent[node]] : []
            for other in parent.indices where parent[other] == node { found.append(other) }
            if anchorEdges.0 == node || anchorEdges.1 == node { found.append(anchor) }
            return found
        }
    }

    /// A branch with its best bound so far and the penalties that gave it.
    private struct Node {
        var branch: Branch
        var penalties: [Double]
        var tree: OneTree
    }

    var count: Int { search.count }

    /// Steps of ascent for the whole problem: many, as the bound creeps up slowly at the end, but
    /// no more than about 4·10⁸ / n² (each step is a 1-tree of n² work).
    static func rootSteps(_ count: Int) -> Int { min(20_000, max(200, 400_000_000 / (count * count))) }

    /// Improves on `cycle` (which begins at the anchor) by branch and bound, until it is proven
    /// shortest or the branches have made `budget` 1-trees; then the bound is the lowest of the
    /// branches left. With a budget of 0 it is the bound of the whole problem alone.
    /// - Complexity: O(n²) per 1-tree; at most `budget` of them.
    func prove(_ cycle: [Int], budget: Int) -> Result {
        var best = cycle
        var upper = search.length(cycle)
        guard count > 3 else { return Result(cycle: best, bound: upper, isProven: true) }
        var made = 0
        let root = Branch(edges: [Edge](repeating: .free, count: count * count))
        let rootSteps = Self.rootSteps(count)
        guard
            let first = ascend(
                root, from: [Double](repeating: 0, count: count), upper: upper, steps: rootSteps, made: &made)
        else { return Result(cycle: best, bound: upper, isProven: true) }
        // The budget is for the branches; the root's ascent has its own number of steps.
        made = 0
        var stack: [Node] = []
        consider(first, root, upper: &upper, best: &best, into: &stack)
        while let node = stack.popLast() {
            if node.tree.bound >= upper - Self.tolerance { continue }
            if made >= budget {
                stack.append(node)
                // Every cycle is in a branch left or is no shorter than the best; the root's bound
                // holds for all, and may be the higher.
                let lowest = stack.map(\.tree.bound).min() ?? upper
                return Result(cycle: best, bound: min(upper, max(first.tree.bound, lowest)), isProven: false)
            }
            var children: [Node] = []
            for branch in split(node.branch, at: node.tree) {
                guard let child = ascend(branch, from: node.penalties, upper: upper, steps: 50, made: &made) else {
                    continue
                }
                consider(child, branch, upper: &upper, best: &best, into: &children)
            }
            // The child with the lowest bound is taken next.
            stack += children.sorted { $0.tree.bound > $1.tree.bound }
        }
        return Result(cycle: best, bound: upper, isProven: true)
    }

    /// Keeps a branch to split later, unless its 1-tree is a cycle (then the branch is done: that
    /// cycle is its shortest) or its bound is no lower than the best cycle's length.
    private func consider(
        _ node: (tree: OneTree, penalties: [Double]), _ branch: Branch, upper: inout Double, best: inout [Int],
        into nodes: inout [Node]
    ) {
        if node.tree.isCycle {
            let cycle = walk(node.tree)
            let length = search.length(cycle)
            if length < upper - Self.tolerance {
                upper = length
                best = cycle
            }
            return
        }
        if node.tree.bound >= upper - Self.tolerance { return }
        nodes.append(Node(branch: branch, penalties: node.penalties, tree: node.tree))
    }

    /// Subgradient ascent from `penalties`: the best 1-tree bound of `steps` steps and the
    /// penalties that gave it; nil when the branch has no cycle at all.
    private func ascend(_ branch: Branch, from penalties: [Double], upper: Double, steps: Int, made: inout Int)
        -> (tree: OneTree, penalties: [Double])?
    {
        var penalties = penalties
        guard var tree = oneTree(branch, penalties) else { return nil }
        made += 1
        var best = (tree: tree, penalties: penalties)
        var scale = 2.0
        let patience = max(10, count)
        var sinceBetter = 0
        // Each step moves along this step's degrees and, less, the last step's (which damps the
        // zigzag of plain subgradient steps).
        var lastDegree = tree.degree
        var direction = [Double](repeating: 0, count: count)
        for _ in 0..<steps {
            if tree.isCycle || best.tree.bound >= upper - Self.tolerance { break }
            var squares = 0.0
            for node in 0..<count {
                direction[node] = 0.7 * Double(tree.degree[node] - 2) + 0.3 * Double(lastDegree[node] - 2)
                squares += direction[node] * direction[node]
            }
            guard squares > 0 else { break }
            let step = scale * max(upper - tree.bound, Self.tolerance) / squares
            for node in 0..<count { penalties[node] += step * direction[node] }
            lastDegree = tree.degree
            guard let next = oneTree(branch, penalties) else { return nil }
            made += 1
            tree = next
            if tree.bound > best.tree.bound + 1e-9 || tree.isCycle {
                best = (tree, penalties)
                sinceBetter = 0
            } else {
                sinceBetter += 1
                if sinceBetter >= patience {
                    // Smaller steps, from the best penalties so far.
                    scale /= 2
                    sinceBetter = 0
                    if scale < 1e-7 { break }
                    (tree, penalties) = best
                    lastDegree = tree.degree
                }
            }
        }
        return best
    }

    /// The cheapest 1-tree of the branch under `penalties` (Prim's algorithm on the dense
    /// matrix): it has every included edge and no excluded one. Nil when there is none.
    private func oneTree(_ branch: Branch, _ penalties: [Double]) -> OneTree? {
        let anchor = search.anchor
        let n = count
        // Included edges come before free ones whatever their cost, so the tree has them all:
        // they form paths, which never close a cycle (`include` sees to it).
        var rank = [Int8](repeating: 2, count: n)
        var cost = [Double](repeating: .infinity, count: n)
        var parent = [Int](repeating: -1, count: n)
        var inTree = [Bool](repeating: false, count: n)
        var degree = [Int](repeating: 0, count: n)
        inTree[anchor] = true
        var total = 0.0
        var current = anchor == 0 ? 1 : 0
        inTree[current] = true
        for _ in 0..<(n - 2) {
            let row = current * n
            for other in 0..<n where !inTree[other] {
                let state = branch.edges[row + other]
                guard state != .excluded else { continue }
                let edgeRank: Int8 = state == .included ? 0 : 1
                let edgeCost = search.weights[row + other] + penalties[current] + penalties[other]
                if edgeRank < rank[other] || (edgeRank == rank[other] && edgeCost < cost[other]) {
                    rank[other] = edgeRank
                    cost[other] = edgeCost
                    parent[other] = current
                }
            }
            var next = -1
            for other in 0..<n where !inTree[other] && rank[other] < 2 {
                if next < 0 || rank[other] < rank[next] || (rank[other] == rank[next] && cost[other] < cost[next]) {
                    next = other
                }
            }
            guard next >= 0 else { return nil }
            inTree[next] = true
            total += cost[next]
            degree[next] += 1
            degree[parent[next]] += 1
            current = next
        }
        // The anchor's two edges: its included ones, then its cheapest free ones.
        var chosen: [(node: Int, cost: Double)] = []
        var free: [(node: Int, cost: Double)] = []
        for other in 0..<n where other != anchor {
            let state = branch.edges[anchor * n + other]
            let edgeCost = search.weights[anchor * n + other] + penalties[anchor] + penalties[other]
            switch state {
            case .included: chosen.append((other, edgeCost))
            case .free: free.append((other, edgeCost))
            case .excluded: break
            }
        }
        if chosen.count < 2 {
            free.sort { $0.cost < $1.cost }
            chosen += free.prefix(2 - chosen.count)
        }
        guard chosen.count == 2 else { return nil }
        for edge in chosen {
            total += edge.cost
            degree[edge.node] += 1
            degree[anchor] += 1
        }
        let bound = total - 2 * penalties.reduce(0, +)
        return OneTree(
            bound: bound, degree: degree, parent: parent, anchorEdges: (chosen[0].node, chosen[1].node))
    }

    /// The cycle of a 1-tree in which every node has degree 2, from the anchor.
    private func walk(_ tree: OneTree) -> [Int] {
        let anchor = search.anchor
        var neighbours = [[Int]](repeating: [], count: count)
        for node in 0..<count { neighbours[node] = tree.neighbours(of: node, anchor: anchor) }
        var cycle = [anchor]
        var (previous, current) = (anchor, neighbours[anchor][0])
        while current != anchor {
            cycle.append(current)
            let next = neighbours[current][0] == previous ? neighbours[current][1] : neighbours[current][0]
            (previous, current) = (current, next)
        }
        return cycle
    }
}
