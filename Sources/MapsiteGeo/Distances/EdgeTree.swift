import Foundation

/// A bounding-volume hierarchy over the edges of a shape of many vertices, built once with the
/// shape and read by every distance and containment test against it, so that those cost about
/// the logarithm of its vertex count where a plain scan costs the count.
///
/// The paths are cut into pieces of at most `pieceEdges` consecutive edges (a single point is a
/// piece of its own); each piece has a box in the 3D space of unit vectors that holds its
/// great-circle arcs (`Box3`), and the pieces are split in two, again and again, across the
/// longest side of their centres' box, down to one piece a leaf.
struct EdgeTree: Sendable {
    /// Shapes with fewer vertices are measured by a plain scan, which is faster for them.
    static let minimumVertices = 64
    static let pieceEdges = 8

    /// A run of consecutive vertices of path `path`: the edges between them, or one point.
    struct Piece: Sendable {
        var start: Int32
        var end: Int32
        var path: Int32

        var vertices: Range<Int> { Int(start)..<Int(end) }
    }

    /// A node: its box, and either its two children (`child` and `child + 1`) or, for a leaf
    /// (`child < 0`), its piece.
    struct Node: Sendable {
        var box: Box3
        var child: Int32
        var piece: Int32
    }

    var pieces: [Piece] = []
    /// The root first.
    var nodes: [Node] = []
    /// For containment (`indexRings`): each path's polygon or -1, and the polygons whose outer
    /// ring goes around the north pole.
    var polygonOfPath: [Int32] = []
    var polarPolygons: [Int32] = []

    /// The tree of the paths of `vertices` that start at `starts` (with a last entry for the end),
    /// or nil for a shape of fewer than `minimumVertices` vertices.
    /// - Complexity: O(n log² n) for n vertices.
    init?(vertices: [SphereVector], starts: [Int32], slack: Double) {
        guard vertices.count >= Self.minimumVertices else { return nil }
        var boxes: [Box3] = []
        for path in 0..<(starts.count - 1) {
            let (first, end) = (Int(starts[path]), Int(starts[path + 1]))
            var start = first
            repeat {
                let stop = end - start <= 1 ? end : min(start + Self.pieceEdges + 1, end)
                pieces.append(Piece(start: Int32(start), end: Int32(stop), path: Int32(path)))
                boxes.append(Self.box(of: vertices, start..<stop, slack: slack))
                start = stop - 1
            } while start < end - 1
        }
        let centres = boxes.map { box in
            SphereVector(x: (box.lo.x + box.hi.x) / 2, y: (box.lo.y + box.hi.y) / 2, z: (box.lo.z + box.hi.z) / 2)
        }
        var order = Array(Int32(0)..<Int32(pieces.count))
        nodes.append(Node(box: .empty, child: -1, piece: -1))
        build(0, 0..<order.count, &order, boxes, centres)
    }

    /// The box of the arcs between consecutive vertices of `range`, as `Box3(vertices:…)` makes
    /// a shape's: the vertices' box grown by the largest sagitta of the arcs.
    private static func box(of vertices: [SphereVector], _ range: Range<Int>, slack: Double) -> Box3 {
        var box = Box3.empty
        box.grow(by: box.add(path: vertices, range, slack: slack))
        return box
    }

    /// Makes node `node` the tree of the pieces `order[range]`.
    private mutating func build(
        _ node: Int, _ range: Range<Int>, _ order: inout [Int32], _ boxes: [Box3], _ centres: [SphereVector]
    ) {
        var box = Box3.empty
        var spread = Box3.empty
        for slot in range {
            box.union(boxes[Int(order[slot])])
            spread.add(centres[Int(order[slot])])
        }
        guard range.count > 1 else {
            nodes[node] = Node(box: box, child: -1, piece: order[range.lowerBound])
            return
        }
        let size = spread.hi - spread.lo
        let key: (SphereVector) -> Double =
            size.x >= size.y && size.x >= size.z ? { $0.x } : size.y >= size.z ? { $0.y } : { $0.z }
        order[range].sort { key(centres[Int($0)]) < key(centres[Int($1)]) }
        let child = nodes.count
        nodes.append(Node(box: .empty, child: -1, piece: -1))
        nodes.append(Node(box: .empty, child: -1, piece: -1))
        nodes[node] = Node(box: box, child: Int32(child), piece: -1)
        let middle = range.lowerBound + range.count / 2
        build(child, range.lowerBound..<middle, &order, boxes, centres)
        build(child + 1, middle..<range.upperBound, &order, boxes, centres)
    }
}
