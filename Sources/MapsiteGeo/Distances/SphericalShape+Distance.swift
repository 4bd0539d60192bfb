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
    /// edge of a polygon lies wholly inside or wholly outside it. Shapes whose boxes are apart skip
    /// those checks.
    /// - Complexity: O(n · m) for shapes of n and m vertices.
    func squaredChord(to other: SphericalShape) -> Double {
        squaredChord(to: other, below: .infinity)
    }

    /// `squaredChord(to:)` when it is less than `limit`, else `limit`: vertices that cannot come
    /// nearer than that are not measured.
    func squaredChord(to other: SphericalShape, below limit: Double) -> Double {
        if tree != nil || other.tree != nil { return treeSquaredChord(to: other, below: limit) }
        // Shapes whose boxes are apart can neither touch nor hold one another.
        if box.squaredDistance(to: other.box) == 0 {
            if contains(firstVerticesOf: other) || other.contains(firstVerticesOf: self) { return 0 }
            if crosses(other) { return 0 }
        }
        let there = squaredChordFromVertices(to: other, below: limit)
        return min(there, other.squaredChordFromVertices(to: self, below: there))
    }

    /// Whether one of the polygons holds the first vertex of one of `other`'s paths.
    func contains(firstVerticesOf other: SphericalShape) -> Bool {
        guard !polygons.isEmpty else { return false }
        for path in 0..<other.pathCount {
            let first = Int(other.pathStarts[path])
            if contains(other.vertices[first], latitude: other.latitudes[first], longitude: other.longitudes[first]) {
                return true
            }
        }
        return false
    }

    /// Whether an edge of this shape crosses an edge of `other`.
    /// - Complexity: O(n · m) for shapes of n and m vertices.
    private func crosses(_ other: SphericalShape) -> Bool {
        for path in 0..<pathCount {
            for index in self.path(path).dropLast() {
                let (a, b, ab) = (vertices[index], vertices[index + 1], frames[index].normal)
                for otherPath in 0..<other.pathCount {
                    for otherIndex in other.path(otherPath).dropLast() {
                        let (c, d) = (other.vertices[otherIndex], other.vertices[otherIndex + 1])
                        if Self.arcsCross(a, b, ab, c, d, other.frames[otherIndex].normal) { return true }
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
        _ a: SphereVector, _ b: SphereVector, _ abNormal: SphereVector, _ c: SphereVector, _ d: SphereVector,
        _ cdNormal: SphereVector
    ) -> Bool {
        let acb = -abNormal.dot(c)
        let bda = abNormal.dot(d)
        guard (acb > 0 && bda > 0) || (acb < 0 && bda < 0) else { return false }
        let cbd = -cdNormal.dot(b)
        let dac = cdNormal.dot(a)
        return (cbd > 0) == (acb > 0) && (dac > 0) == (acb > 0) && cbd != 0 && dac != 0
    }

    /// The least squared chord from a vertex of this shape to `other`'s edges and single points,
    /// or `below` when none comes nearer than that. A vertex farther from `other`'s box than the
    /// best so far is skipped: no point of `other` can be nearer to it.
    private func squaredChordFromVertices(to other: SphericalShape, below: Double) -> Double {
        var best = below
        vertices.withUnsafeBufferPointer { vertices in
            other.vertices.withUnsafeBufferPointer { targets in
                other.frames.withUnsafeBufferPointer { frames in
                    other.pathStarts.withUnsafeBufferPointer { starts in
                        for vertex in vertices {
                            guard other.box.squaredDistance(to: vertex) < best else { continue }
                            for path in 0..<(starts.count - 1) {
                                let range = Int(starts[path])..<Int(starts[path + 1])
                                best = min(best, Self.squaredChord(from: vertex, toPath: range, targets, frames))
                            }
                            if best == 0 { return }
                        }
                    }
                }
            }
        }
        return best
    }

    /// The least squared chord from `vertex` to the arcs between consecutive vertices of `range`,
    /// or to its one vertex (a single point).
    @inline(__always)
    func squaredChord(from vertex: SphereVector, toPath range: Range<Int>) -> Double {
        vertices.withUnsafeBufferPointer { targets in
            frames.withUnsafeBufferPointer { frames in Self.squaredChord(from: vertex, toPath: range, targets, frames) }
        }
    }

    @inline(__always)
    static func squaredChord(
        from vertex: SphereVector, toPath range: Range<Int>, _ targets: UnsafeBufferPointer<SphereVector>,
        _ frames: UnsafeBufferPointer<EdgeFrame>
    ) -> Double {
        // Each vertex's chord once, for the two arcs it ends.
        var chordA = vertex.squaredChord(to: targets[range.lowerBound])
        var best = chordA
        for index in range.dropLast() {
            let chordB = vertex.squaredChord(to: targets[index + 1])
            best = min(best, squaredChord(from: vertex, ends: chordA, chordB, frames[index]))
            chordA = chordB
        }
        return best
    }

    /// The squared chord from `p` to the nearest point of the arc a–b, given the squared chords
    /// from `p` to a and to b: the foot of the perpendicular great circle when it falls inside
    /// the arc, else the nearer end.
    @inline(__always)
    static func squaredChord(from p: SphereVector, ends toA: Double, _ toB: Double, _ frame: EdgeFrame) -> Double {
        let ends = min(toA, toB)
        // The foot lies between a and b when p is on the inner side of both end planes.
        guard frame.inverseLength > 0, frame.afterA.dot(p) > 0, frame.beforeB.dot(p) > 0 else { return ends }
        let sine = abs(frame.normal.dot(p)) * frame.inverseLength
        return min(ends, Chord.squared(sine: sine))
    }
}
