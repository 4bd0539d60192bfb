import Foundation

/// An axis-aligned box in the 3D space of unit vectors.
///
/// Two points of the sphere lie at least as far apart along their chord as their boxes are
/// apart, so the distance between boxes bounds the great-circle distance from below.
struct Box3: Sendable {
    var lo: SphereVector
    var hi: SphereVector

    init(lo: SphereVector, hi: SphereVector) {
        self.lo = lo
        self.hi = hi
    }

    /// The empty box, which any `union` replaces.
    static let empty = Box3(
        lo: SphereVector(x: .infinity, y: .infinity, z: .infinity),
        hi: SphereVector(x: -.infinity, y: -.infinity, z: -.infinity))

    /// The box of a shape's vertices, grown to hold its great-circle edges (which bow outwards
    /// from their chords by at most the sagitta `1 - cos(θ / 2)`) and, when `hasArea`, the inside
    /// of its polygons: every point of a region smaller than a hemisphere lies in the smallest
    /// cap around the mean of its vertices that holds its boundary, and the box of that cap is
    /// added (the whole cube when the cap reaches 90°).
    /// - Complexity: O(n) for n vertices.
    init(vertices: [SphereVector], starts: [Int32], hasArea: Bool, slack: Double) {
        var box = Box3.empty
        var sagitta = 0.0
        for path in 0..<(starts.count - 1) {
            sagitta = max(sagitta, box.add(path: vertices, Int(starts[path])..<Int(starts[path + 1]), slack: slack))
        }
        box.grow(by: sagitta)
        if hasArea {
            var sum = SphereVector(x: 0, y: 0, z: 0)
            for vertex in vertices { sum = sum + vertex }
            let length = sum.squaredLength.squareRoot()
            var cosine = -1.0
            if length > 1e-12 {
                let centre = SphereVector(x: sum.x / length, y: sum.y / length, z: sum.z / length)
                cosine = vertices.reduce(1.0) { min($0, $1.dot(centre)) }
                if cosine > 1e-9 { box.union(Box3(cap: centre, cosine: cosine)) }
            }
            if cosine <= 1e-9 { box = Box3(lo: SphereVector(x: -1, y: -1, z: -1), hi: SphereVector(x: 1, y: 1, z: 1)) }
        }
        self = box
    }

    /// The box of the cap of points whose dot product with `centre` is at least `cosine`.
    init(cap centre: SphereVector, cosine: Double) {
        let radius = acos(min(1, cosine))
        func range(_ component: Double) -> (Double, Double) {
            let angle = acos(max(-1, min(1, component)))
            return (cos(min(.pi, angle + radius)), cos(max(0, angle - radius)))
        }
        let (x, y, z) = (range(centre.x), range(centre.y), range(centre.z))
        // A little slack for rounding: the box must never be smaller than the cap.
        lo = SphereVector(x: x.0 - 1e-12, y: y.0 - 1e-12, z: z.0 - 1e-12)
        hi = SphereVector(x: x.1 + 1e-12, y: y.1 + 1e-12, z: z.1 + 1e-12)
    }

    @inline(__always)
    /// Adds the vertices `range` of a path and returns the largest sagitta of the great-circle
    /// arcs between consecutive ones (how far those arcs bow out of the box of their ends), plus
    /// `slack`: how far the straight edges the arcs stand for may stray from them
    /// (`StraightEdge`), so that the box grown by it holds the edges too.
    mutating func add(path vertices: [SphereVector], _ range: Range<Int>, slack: Double) -> Double {
        var sagitta = 0.0
        for index in range {
            add(vertices[index])
            if index + 1 < range.upperBound {
                let squared = vertices[index].squaredChord(to: vertices[index + 1])
                sagitta = max(sagitta, 1 - max(0, 1 - squared / 4).squareRoot())
            }
        }
        return sagitta + slack
    }

    mutating func add(_ point: SphereVector) {
        lo = SphereVector(x: min(lo.x, point.x), y: min(lo.y, point.y), z: min(lo.z, point.z))
        hi = SphereVector(x: max(hi.x, point.x), y: max(hi.y, point.y), z: max(hi.z, point.z))
    }

    mutating func union(_ other: Box3) {
        add(other.lo)
        add(other.hi)
    }

    /// Grows every side by `amount`, plus a little for rounding.
    mutating func grow(by amount: Double) {
        let slack = amount + 1e-12
        lo = SphereVector(x: lo.x - slack, y: lo.y - slack, z: lo.z - slack)
        hi = SphereVector(x: hi.x + slack, y: hi.y + slack, z: hi.z + slack)
    }

    /// The squared distance from `point` to the box: a lower bound on the squared chord from it to
    /// any point in the box.
    @inline(__always)
    func squaredDistance(to point: SphereVector) -> Double {
        let dx = max(0, lo.x - point.x, point.x - hi.x)
        let dy = max(0, lo.y - point.y, point.y - hi.y)
        let dz = max(0, lo.z - point.z, point.z - hi.z)
        return dx * dx + dy * dy + dz * dz
    }

    /// The squared distance between the boxes: a lower bound on the squared chord between any
    /// point of one and any point of the other.
    @inline(__always)
    func squaredDistance(to other: Box3) -> Double {
        let dx = max(0, other.lo.x - hi.x, lo.x - other.hi.x)
        let dy = max(0, other.lo.y - hi.y, lo.y - other.hi.y)
        let dz = max(0, other.lo.z - hi.z, lo.z - other.hi.z)
        return dx * dx + dy * dy + dz * dz
    }
}
