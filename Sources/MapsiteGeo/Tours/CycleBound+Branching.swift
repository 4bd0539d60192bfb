/// How `CycleBound` splits a branch, and the edge states that follow from including or
/// excluding an edge.
extension CycleBound {
    /// Splits a branch at the node of highest degree in its 1-tree (above 2), by the edges of
    /// the tree there that are still free: without the first; with the first but not the second;
    /// with both. Every cycle of the branch is in exactly one part. Parts that cannot hold a
    /// cycle are left out.
    func split(_ branch: Branch, at tree: OneTree) -> [Branch] {
        let n = count
        var node = 0
        for other in 0..<n where tree.degree[other] > tree.degree[node] { node = other }
        let free = tree.neighbours(of: node, anchor: search.anchor).filter { branch.edges[node * n + $0] == .free }
            .sorted { search.weights[node * n + $0] > search.weights[node * n + $1] }
        let included = (0..<n).filter { branch.edges[node * n + $0] == .included }.count
        guard let first = free.first else { return [] }
        var parts: [Branch] = []
        var without = branch
        if exclude(node, first, in: &without) { parts.append(without) }
        var with = branch
        guard include(node, first, in: &with) else { return parts }
        if included == 0, free.count > 1 {
            var withoutSecond = with
            if exclude(node, free[1], in: &withoutSecond) { parts.append(withoutSecond) }
            if include(node, free[1], in: &with) { parts.append(with) }
        } else {
            parts.append(with)
        }
        return parts
    }

    /// Excludes an edge; false when it is included.
    private func exclude(_ a: Int, _ b: Int, in branch: inout Branch) -> Bool {
        let n = count
        switch branch.edges[a * n + b] {
        case .included: return false
        case .excluded: return true
        case .free:
            branch.edges[a * n + b] = .excluded
            branch.edges[b * n + a] = .excluded
            return true
        }
    }

    /// Includes an edge, then excludes what can no longer be in a cycle: the other free edges
    /// of a node that now has two, and the edge that would close the new path too early. False
    /// when the branch can hold no cycle.
    private func include(_ a: Int, _ b: Int, in branch: inout Branch) -> Bool {
        let n = count
        switch branch.edges[a * n + b] {
        case .excluded: return false
        case .included: return true
        case .free: break
        }
        // The ends of the paths a and b lie on; the same path means the edge closes a cycle.
        let (endA, lengthA) = pathEnd(from: a, in: branch)
        let (endB, lengthB) = pathEnd(from: b, in: branch)
        if endA == b {
            // a and b are the two ends of one path: only a cycle through every node may close.
            guard lengthA == n else { return false }
        }
        branch.edges[a * n + b] = .included
        branch.edges[b * n + a] = .included
        for node in [a, b] {
            let degree = (0..<n).filter { branch.edges[node * n + $0] == .included }.count
            if degree > 2 { return false }
            if degree == 2 {
                for other in 0..<n where branch.edges[node * n + other] == .free {
                    branch.edges[node * n + other] = .excluded
                    branch.edges[other * n + node] = .excluded
                }
            }
        }
        if endA != b, lengthA + lengthB < n, branch.edges[endA * n + endB] == .free {
            branch.edges[endA * n + endB] = .excluded
            branch.edges[endB * n + endA] = .excluded
        }
        return true
    }

    /// The other end of the path of included edges through `node` (a node on its own is a path
    /// of one), and how many nodes the path has. `node` must be an end.
    private func pathEnd(from node: Int, in branch: Branch) -> (end: Int, nodes: Int) {
        let n = count
        var (previous, current, nodes) = (-1, node, 1)
        while let next = (0..<n).first(where: { $0 != previous && branch.edges[current * n + $0] == .included }) {
            if next == node { break }
            (previous, current) = (current, next)
            nodes += 1
        }
        return (current, nodes)
    }
}
