import Foundation

extension SphericalShape {
    /// Whether the point at `latitude`, `longitude` (degrees; `point` its unit vector) lies inside
    /// one of the shape's polygons or on its boundary, holes cut out; false for shapes without
    /// polygons.
    ///
    /// Edges are straight in longitude/latitude (`StraightEdge`), and the answer is that of
    /// `Polygon.contains`, which regions use: a closed set (a point on any ring's boundary is
    /// inside), decided exactly. Each ring counts how often the meridian from the point up to the
    /// north pole crosses it (`northCrossing`, longitudes taken relative to the point's, so that
    /// rings across the antimeridian count right); an odd count is inside, except for a ring that
    /// goes around the north pole (`ringPoles`), where the pole itself is inside and the count is
    /// read the other way.
    /// - Complexity: O(n) for n vertices.
    func contains(_ point: SphereVector, latitude: Double, longitude: Double) -> Bool {
        if let tree, !polygons.isEmpty {
            return tree.contains(point, latitude: latitude, longitude: longitude, in: self)
        }
        for polygon in polygons {
            var insideOuter = false
            var insideHole = false
            for ring in polygon {
                switch ringCrossing(Int(ring), latitude, longitude) {
                case .boundary: return true
                case .crossing: if ring == polygon.lowerBound { insideOuter = true } else { insideHole = true }
                case .none: break
                }
            }
            if insideOuter && !insideHole { return true }
        }
        return false
    }

    /// `.crossing` when the point is inside ring `path` alone, `.boundary` when on it.
    func ringCrossing(_ path: Int, _ latitude: Double, _ longitude: Double) -> EdgeCrossing {
        let range = self.path(path)
        guard range.count >= 2 else { return .none }
        var inside = ringPoles[path] > 0
        for index in range.dropLast() {
            switch Self.northCrossing(index, index + 1, of: self, latitude, longitude) {
            case .boundary: return .boundary
            case .crossing: inside.toggle()
            case .none: break
            }
        }
        return inside ? .crossing : .none
    }

    /// How the straight edge from vertex `a` to vertex `b` of `shape` meets the meridian from the
    /// point at `latitude`, `longitude` up to the north pole: `EdgeCrossing.classify` in the plane
    /// of (latitude, -longitude), whose ray towards +x is that meridian. Longitudes are taken
    /// relative to the point's (within -180…180) when an end lies more than 180° from it or from
    /// the other end; else as written, so that the test is bit for bit `Polygon.contains`'s. An edge that crosses the
    /// meridian opposite the point's (its ends 180° apart or more relative to it) never meets
    /// the point's.
    @inline(__always)
    static func northCrossing(
        _ a: Int, _ b: Int, of shape: SphericalShape, _ latitude: Double, _ longitude: Double
    ) -> EdgeCrossing {
        var (lonA, lonB, lon) = (shape.longitudes[a], shape.longitudes[b], longitude)
        if abs(lonA - lon) > 180 || abs(lonB - lon) > 180 || abs(lonB - lonA) > 180 {
            (lonA, lonB, lon) = (offset(lonA, from: lon), offset(lonB, from: lon), 0)
            guard abs(lonB - lonA) < 180 else { return .none }
        }
        return EdgeCrossing.classify(
            shape.latitudes[a], -lonA, shape.latitudes[b], -lonB, x: latitude, y: -lon)
    }

    /// The normal of the plane of the meridian at `longitude` (degrees).
    @inline(__always)
    static func meridianPlane(_ longitude: Double) -> SphereVector {
        let radians = longitude * .pi / 180
        return SphereVector(x: -sin(radians), y: cos(radians), z: 0)
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
