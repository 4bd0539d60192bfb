import Foundation

extension SphericalShape {
    /// The shortest great-circle distance between the two shapes, in metres on the mean Earth
    /// radius: 0 when they touch, cross, or one holds the other.
    /// - Complexity: O(n · m) for shapes of n and m vertices.
    public func distance(to other: SphericalShape) -> Double {
        Chord.metres(squared: squaredChord(to: other))
    }

    /// The shortest distance between the shapes as the squared chord of the unit sphere.
    ///
    /// Two great-circle arcs that do not cross are nearest at an end of one of them, so the
    /// distance is the least of every vertex's distance to the other shape's edges (and single
    /// points), unless edges cross or a polygon holds a vertex of the other shape, when it is 0.
    /// Checking the first vertex of each path suffices for containment: a path that crosses no
    /// edge of a polygon lies wholly inside or wholly outside it.
    /// - Complexity: O(n · m) for shapes of n and m vertices.
    func squaredChord(to other: SphericalShape) -> Double {
        if contains(firstVerticesOf: other) || other.contains(firstVerticesOf: self) { return 0 }
        if crosses(other) { return 0 }
        return min(squaredChordFromVertices(to: other), other.squaredChordFromVertices(to: self))
    }

    /// Whether one of the polygons holds the first vertex of one of `other`'s paths.
    private func contains(firstVerticesOf other: SphericalShape) -> Bool {
        guard !polygons.isEmpty else { return false }
        for path in 0..<other.pathCount {
            let first = Int(other.pathStarts[path])
            if contains(other.vertices[first], longitude: other.longitudes[first]) { return true }
        }
        return false
    }

    /// Whether an edge of this shape crosses an edge of `other`.
    private func crosses(_ other: SphericalShape) -> Bool {
        for path in 0..<pathCount {
            let range = self.path(path)
            for index in range.dropLast() {
                let (a, b) = (vertices[index], vertices[index + 1])
                let normal = a.cross(b)
                for otherPath in 0..<other.pathCount {
                    let otherRange = other.path(otherPath)
                    for otherIndex in otherRange.dropLast() {
                        let (c, d) = (other.vertices[otherIndex], other.vertices[otherIndex + 1])
                        if Self.arcsCross(a, b, normal, c, d) { return true }
                    }
                }
            }
        }
        return false
    }

    /// Whether arcs a–b and c–d (each shorter than half a great circle) cross at a point inside
    /// both: the four triangles a-c-b, a-b-d, c-b-d and c-d-a turn the same way.
    @inline(__always)
    static func arcsCross(
        _ a: SphereVector, _ b: SphereVector, _ abNormal: SphereVector, _ c: SphereVector, _ d: SphereVector
    ) -> Bool {
        let acb = -abNormal.dot(c)
        let bda = abNormal.dot(d)
        guard (acb > 0 && bda > 0) || (acb < 0 && bda < 0) else { return false }
        let cdNormal = c.cross(d)
        let cbd = -cdNormal.dot(b)
        let dac = cdNormal.dot(a)
        return (cbd > 0) == (acb > 0) && (dac > 0) == (acb > 0) && cbd != 0 && dac != 0
    }

    /// The least squared chord from a vertex of this shape to `other`'s edges and single points.
    private func squaredChordFromVertices(to other: SphericalShape) -> Double {
        var best = Double.infinity
        for vertex in vertices {
            for path in 0..<other.pathCount {
                let range = other.path(path)
                if range.count == 1 {
                    best = min(best, vertex.squaredChord(to: other.vertices[range.lowerBound]))
                    continue
                }
                for index in range.dropLast() {
                    best = min(
                        best, Self.squaredChord(from: vertex, toArc: other.vertices[index], other.vertices[index + 1]))
                }
            }
            if best == 0 { return 0 }
        }
        return best
    }

    /// The squared chord from `p` to the nearest point of the arc a–b: the foot of the
    /// perpendicular great circle when it falls inside the arc, else the nearer end.
    @inline(__always)
    static func squaredChord(from p: SphereVector, toArc a: SphereVector, _ b: SphereVector) -> Double {
        let ends = min(p.squaredChord(to: a), p.squaredChord(to: b))
        let normal = a.cross(b)
        let normalLength = normal.squaredLength
        guard normalLength > 1e-30 else { return ends }
        // The foot lies between a and b when p is on the inner side of both end planes.
        guard a.cross(p).dot(normal) > 0, p.cross(b).dot(normal) > 0 else { return ends }
        let sine = abs(normal.dot(p)) / normalLength.squareRoot()
        return min(ends, Chord.squared(sine: sine))
    }
}
