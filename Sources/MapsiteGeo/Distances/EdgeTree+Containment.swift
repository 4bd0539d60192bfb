import Foundation

extension EdgeTree {
    /// What containment needs to know of a shape's rings, beside the tree: the polygon of each path
    /// (-1 for none), the polygons whose outer ring goes around the north pole (inside there
    /// unless a crossing says otherwise). Every ring is closed (`SphericalShape.init`).
    mutating func indexRings(polygons: [Range<Int32>], ringPoles: [Int8], starts: [Int32]) {
        polygonOfPath = [Int32](repeating: -1, count: starts.count - 1)
        for (polygon, paths) in polygons.enumerated() {
            for path in paths { polygonOfPath[Int(path)] = Int32(polygon) }
            if ringPoles[Int(paths.lowerBound)] > 0 { polarPolygons.append(Int32(polygon)) }
        }
    }

    /// `SphericalShape.contains(_:latitude:longitude:)` for `shape`, this tree's shape: the same
    /// answer, the same edges classified, but only the edges in leaves whose boxes meet the plane
    /// of the point's meridian at or north of the point's height (an edge that meets that
    /// meridian north of the point, or holds the point, lies within `slack` of that plane there:
    /// the boxes hold the straight edges, grown by the shape's `slack`), found by walking the
    /// tree.
    /// - Complexity: O(log n) node visits for each time the meridian's plane meets the rings.
    func contains(_ point: SphereVector, latitude: Double, longitude: Double, in shape: SphericalShape) -> Bool {
        let meridian = SphericalShape.meridianPlane(longitude)
        let slack = 1e-9 + shape.slack
        var crossed: [Int32] = []
        var stack: [Int32] = [0]
        while let node = stack.popLast() {
            let (box, child) = (nodes[Int(node)].box, nodes[Int(node)].child)
            guard box.hi.z >= point.z - slack && box.meets(plane: meridian, slack: slack) else { continue }
            if child >= 0 {
                stack.append(child)
                stack.append(child + 1)
                continue
            }
            let piece = pieces[Int(nodes[Int(node)].piece)]
            guard polygonOfPath[Int(piece.path)] >= 0 else { continue }
            for index in piece.vertices.dropLast() {
                switch SphericalShape.northCrossing(index, index + 1, of: shape, latitude, longitude) {
                case .boundary: return true
                case .crossing: crossed.append(piece.path)
                case .none: break
                }
            }
        }
        crossed.sort()
        var odd: [Int32] = []
        for path in crossed {
            if odd.last == path { odd.removeLast() } else { odd.append(path) }
        }
        // As `ringCrossing`: a ring of fewer than 2 vertices holds nothing.
        func inside(_ ring: Int32) -> Bool {
            shape.path(Int(ring)).count >= 2 && (shape.ringPoles[Int(ring)] > 0) != odd.contains(ring)
        }
        let candidates = odd.map { polygonOfPath[Int($0)] } + polarPolygons
        for polygon in candidates {
            let rings = shape.polygons[Int(polygon)]
            if inside(rings.lowerBound) && !rings.dropFirst().contains(where: inside) { return true }
        }
        return false
    }
}

extension Box3 {
    /// Whether the box comes within `slack` of the plane through the origin of normal `normal`
    /// (whose z is 0, as a meridian's).
    @inline(__always)
    func meets(plane normal: SphereVector, slack: Double) -> Bool {
        let (x0, x1) = (normal.x * lo.x, normal.x * hi.x)
        let (y0, y1) = (normal.y * lo.y, normal.y * hi.y)
        return min(x0, x1) + min(y0, y1) <= slack && max(x0, x1) + max(y0, y1) >= -slack
    }

    /// The squared length of the box's diagonal.
    var squaredSize: Double { (hi - lo).squaredLength }
}
