import Foundation

extension SphericalShape {
    /// `squaredChord(to:below:)` for a pair of which at least one shape has an `EdgeTree`: the same
    /// value, to the last bit, as the plain scan of every vertex against every edge, found by a
    /// branch and bound over the two trees.
    ///
    /// Pairs of nodes wait in a queue by the distance between their boxes, nearest first, which
    /// bounds the distance between any of their points from below; a pair is opened (its larger
    /// node split) only while that bound is below the least distance found so far, and a pair of
    /// leaves is measured as the plain scan measures it: each vertex of one piece against each
    /// edge (or point) of the other, by the same formula, and whether their edges cross when
    /// their boxes meet. A shape without a tree takes part as a single leaf of all its paths.
    /// - Complexity: about O((n + m) log(n + m)) for shapes of n and m vertices apart, or along
    ///   a border that stays within the distance found: the leaves along it.
    func treeSquaredChord(to other: SphericalShape, below limit: Double) -> Double {
        if box.squaredDistance(to: other.box) == 0 {
            if contains(firstVerticesOf: other) || other.contains(firstVerticesOf: self) { return 0 }
        }
        var best = limit
        var queue = PairQueue()
        queue.push(box(ofNode: 0).squaredDistance(to: other.box(ofNode: 0)), 0, 0)
        while let (bound, a, b) = queue.pop(), bound < best {
            let (leafA, leafB) = (isLeaf(a), other.isLeaf(b))
            if leafA && leafB {
                if measureLeaves(a, against: other, b, touching: bound == 0, best: &best) { return 0 }
                if best == 0 { return 0 }
                continue
            }
            // Open the node that is not a leaf, or the larger of two.
            if !leafA && (leafB || box(ofNode: a).squaredSize >= other.box(ofNode: b).squaredSize) {
                let child = tree!.nodes[Int(a)].child
                for node in child...(child + 1) {
                    let distance = box(ofNode: node).squaredDistance(to: other.box(ofNode: b))
                    if distance < best { queue.push(distance, node, b) }
                }
            } else {
                let child = other.tree!.nodes[Int(b)].child
                for node in child...(child + 1) {
                    let distance = box(ofNode: a).squaredDistance(to: other.box(ofNode: node))
                    if distance < best { queue.push(distance, a, node) }
                }
            }
        }
        return best
    }

    /// The box of node `node` of the tree; without a tree, the shape's box (node 0).
    @inline(__always)
    func box(ofNode node: Int32) -> Box3 { tree?.nodes[Int(node)].box ?? box }

    @inline(__always)
    func isLeaf(_ node: Int32) -> Bool { tree.map { $0.nodes[Int(node)].child < 0 } ?? true }

    /// The vertex ranges of leaf `node`: its piece, or without a tree every path.
    @inline(__always)
    func pieceCount(ofLeaf node: Int32) -> Int { tree == nil ? pathCount : 1 }

    @inline(__always)
    func piece(_ index: Int, ofLeaf node: Int32) -> Range<Int> {
        guard let tree else { return path(index) }
        return tree.pieces[Int(tree.nodes[Int(node)].piece)].vertices
    }

    /// Measures leaf `a` against leaf `b` of `other`, lowering `best`; true when an edge of one
    /// crosses an edge of the other (checked only when the leaves' boxes meet, `touching`).
    private func measureLeaves(
        _ a: Int32, against other: SphericalShape, _ b: Int32, touching: Bool, best: inout Double
    ) -> Bool {
        let (boxA, boxB) = (box(ofNode: a), other.box(ofNode: b))
        for i in 0..<pieceCount(ofLeaf: a) {
            let pieceA = piece(i, ofLeaf: a)
            for j in 0..<other.pieceCount(ofLeaf: b) {
                let pieceB = other.piece(j, ofLeaf: b)
                if touching && crosses(pieceA, other, pieceB) { return true }
                for index in pieceA where boxB.squaredDistance(to: vertices[index]) < best {
                    best = min(best, other.squaredChord(from: vertices[index], toPath: pieceB))
                }
                for index in pieceB where boxA.squaredDistance(to: other.vertices[index]) < best {
                    best = min(best, squaredChord(from: other.vertices[index], toPath: pieceA))
                }
                if best == 0 { return false }
            }
        }
        return false
    }

    /// Whether an edge of `piece` crosses an edge of `otherPiece` of `other` (`arcsCross`).
    private func crosses(_ piece: Range<Int>, _ other: SphericalShape, _ otherPiece: Range<Int>) -> Bool {
        for index in piece.dropLast() {
            let (a, b, ab) = (vertices[index], vertices[index + 1], frames[index].normal)
            for otherIndex in otherPiece.dropLast() {
                let (c, d) = (other.vertices[otherIndex], other.vertices[otherIndex + 1])
                if Self.arcsCross(a, b, ab, c, d, other.frames[otherIndex].normal) { return true }
            }
        }
        return false
    }
}

/// A binary heap of pairs of tree nodes by the squared distance between their boxes, least first.
struct PairQueue {
    private var items: [(bound: Double, a: Int32, b: Int32)] = []

    mutating func push(_ bound: Double, _ a: Int32, _ b: Int32) {
        items.append((bound, a, b))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[parent].bound > items[child].bound else { break }
            items.swapAt(parent, child)
            child = parent
        }
    }

    mutating func pop() -> (bound: Double, a: Int32, b: Int32)? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        guard !items.isEmpty else { return first }
        items[0] = last
        var parent = 0
        while true {
            var child = 2 * parent + 1
            guard child < items.count else { break }
            if child + 1 < items.count && items[child + 1].bound < items[child].bound { child += 1 }
            guard items[child].bound < items[parent].bound else { break }
            items.swapAt(parent, child)
            parent = child
        }
        return first
    }
}
