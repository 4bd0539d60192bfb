import Foundation

extension EdgeTree {
    /// What containment needs to know of a shape's rings, beside the tree: the polygon of each path
    /// (-1 for none), the polygons whose outer ring goes around the north pole (inside there
    /// unless a crossing says otherwise), and the rings whose last vertex is not their first
    /// (their closing edge is in no piece).
    mutating func indexRings(
        polygons: [Range<Int32>], ringPoles: [Int8], longitudes: [Double], starts: [Int32]
    ) {
        polygonOfPath = [Int32](repeating: -1, count: starts.count - 1)
        for (polygon, paths) in polygons.enumerated() {
            for path in paths { polygonOfPath[Int(path)] = Int32(polygon) }
            if ringPoles[Int(paths.lowerBound)] > 0 { polarPolygons.append(Int32(polygon)) }
        }
        openRings = polygonOfPath.indices.filter { path in
            let (first, end) = (Int(starts[path]), Int(starts[path + 1]))
            return polygonOfPath[path] >= 0 && end > first && longitudes[first] != longitudes[end - 1]
        }.map { Int32($0) }
    }

    /// `SphericalShape.contains(_:longitude:)` for `shape`, this tree's shape: the same answer, the
    /// same crossings counted, but only on the edges in leaves whose boxes meet the plane of the
    /// point's meridian north of the point's height (a crossing counted lies on its edge and on
    /// that plane, north of the point), found by walking the tree.
    /// - Complexity: O(log n) node visits for each time the meridian's plane meets the rings.
    func contains(_ point: SphereVector, longitude: Double, in shape: SphericalShape) -> Bool {
        let meridian = SphericalShape.meridianPlane(longitude)
        let slack = 1e-9
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
            var previous = Int(piece.start)
            var previousOffset = SphericalShape.offset(shape.longitudes[previous], from: longitude)
            for index in piece.vertices.dropFirst() {
                let offset = SphericalShape.offset(shape.longitudes[index], from: longitude)
                if SphericalShape.crossesMeridian(
                    shape.vertices[previous], previousOffset, shape.vertices[index], offset, meridian, above: point)
                {
                    crossed.append(piece.path)
                }
                previous = index
                previousOffset = offset
            }
        }
        for ring in openRings {
            let range = shape.path(Int(ring))
            let (last, first) = (range.upperBound - 1, range.lowerBound)
            if SphericalShape.crossesMeridian(
                shape.vertices[last], SphericalShape.offset(shape.longitudes[last], from: longitude),
                shape.vertices[first], SphericalShape.offset(shape.longitudes[first], from: longitude), meridian,
                above: point)
            {
                crossed.append(ring)
            }
        }
        crossed.sort()
        var odd: [Int32] = []
        for path in crossed {
            if odd.last == path { odd.removeLast() } else { odd.append(path) }
        }
        // As `insideRing`: a ring of fewer than 2 vertices holds nothing.
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
