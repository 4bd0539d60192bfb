import Foundation

extension SphericalShape {
    /// Whether `point` lies inside one of the shape's polygons (holes cut out), edges taken as
    /// great-circle arcs; false for shapes without polygons.
    ///
    /// Each ring counts how often the meridian from the point up to the north pole crosses it; an
    /// odd count is inside, except for a ring that goes around the north pole (`ringPoles`),
    /// where the pole itself is inside and the count is read the other way. A point exactly on
    /// an edge may be read either way: its distance to the edge is 0 then anyway.
    /// - Complexity: O(n) for n vertices.
    func contains(_ point: SphereVector, longitude: Double) -> Bool {
        if let tree, !polygons.isEmpty { return tree.contains(point, longitude: longitude, in: self) }
        for polygon in polygons {
            guard insideRing(Int(polygon.lowerBound), point, longitude) else { continue }
            var inHole = false
            for hole in (polygon.lowerBound + 1)..<polygon.upperBound where insideRing(Int(hole), point, longitude) {
                inHole = true
                break
            }
            if !inHole { return true }
        }
        return false
    }

    /// Whether `point` is inside ring `path` alone.
    func insideRing(_ path: Int, _ point: SphereVector, _ longitude: Double) -> Bool {
        let range = self.path(path)
        guard range.count >= 2 else { return false }
        let meridian = Self.meridianPlane(longitude)
        var inside = ringPoles[path] > 0
        var previous = range.upperBound - 1
        var previousOffset = Self.offset(longitudes[previous], from: longitude)
        for index in range {
            let offset = Self.offset(longitudes[index], from: longitude)
            if Self.crossesMeridian(vertices[previous], previousOffset, vertices[index], offset, meridian, above: point)
            {
                inside.toggle()
            }
            previous = index
            previousOffset = offset
        }
        return inside
    }

    /// The normal of the plane of the meridian at `longitude` (degrees).
    @inline(__always)
    static func meridianPlane(_ longitude: Double) -> SphereVector {
        let radians = longitude * .pi / 180
        return SphereVector(x: -sin(radians), y: cos(radians), z: 0)
    }

    /// Whether the edge a–b, whose ends lie `offsetA` and `offsetB` degrees east of a meridian
    /// (`offset(_:from:)`) whose plane is `meridian`, crosses that meridian north of `point`.
    /// Half-open, so that a vertex on the meridian counts once; the edge must cross this
    /// meridian, not the one opposite it.
    @inline(__always)
    static func crossesMeridian(
        _ a: SphereVector, _ offsetA: Double, _ b: SphereVector, _ offsetB: Double, _ meridian: SphereVector,
        above point: SphereVector
    ) -> Bool {
        guard (offsetB > 0) != (offsetA > 0) && abs(offsetB - offsetA) < 180 else { return false }
        var crossing = a.cross(b).cross(meridian)
        if crossing.dot(a + b) < 0 { crossing = SphereVector(x: -crossing.x, y: -crossing.y, z: -crossing.z) }
        let length = crossing.squaredLength.squareRoot()
        return length > 0 && crossing.z / length > point.z
    }

    /// `longitude - origin` in degrees, in -180 < offset <= 180.
    @inline(__always)
    static func offset(_ longitude: Double, from origin: Double) -> Double {
        var offset = longitude - origin
        if offset > 180 { offset -= 360 }
        if offset <= -180 { offset += 360 }
        return offset
    }
}
