import Foundation

extension Geometry {
    /// The smallest latitude/longitude rectangle holding the shape, read on the globe: RFC 7946's
    /// convention (section 5.2), where a shape across the antimeridian has its western edge
    /// greater than its eastern one (`minLongitude` 179.5, `maxLongitude` -179.5: 1° wide), and a
    /// polygon around a pole spans every longitude and reaches the pole.
    ///
    /// The longitudes span the whole circle but for the widest gap between the vertices'
    /// longitudes (edges are taken as the vertices hold them; `bounds` is the plain rectangle of
    /// the vertices, which never wraps).
    /// - Complexity: O(n log n) for n vertices (the longitudes are sorted).
    public var geographicBounds: GeoBounds? {
        let points = allPoints
        guard var bounds = GeoBounds(points: points) else { return nil }
        var aroundPole = false
        for polygon in polygons {
            for ring in polygon.rings {
                let pole = Geodesic.enclosedPole(ring)
                guard pole != 0 else { continue }
                aroundPole = true
                if pole > 0 { bounds.maxLatitude = 90 } else { bounds.minLatitude = -90 }
            }
        }
        // Vertices at both -180 and 180 are no reason to span every longitude: a shape split along
        // the antimeridian (Fiji, Russia) has them, and is narrow across it.
        if aroundPole {
            bounds.minLongitude = -180
            bounds.maxLongitude = 180
            return bounds
        }
        // Longitudes less than half a turn apart (with room to spare for rounding) leave their
        // widest gap across the antimeridian: the plain rectangle, without sorting them.
        if bounds.maxLongitude - bounds.minLongitude < 179 { return bounds }
        let longitudes = points.map(\.longitude).sorted()
        // The gap across the antimeridian, from the most eastern longitude round to the most western.
        var widest = (gap: longitudes[0] + 360 - longitudes[longitudes.count - 1], west: longitudes[0])
        var east = longitudes[longitudes.count - 1]
        for (a, b) in zip(longitudes, longitudes.dropFirst()) where b - a > widest.gap {
            widest = (b - a, b)
            east = a
        }
        bounds.minLongitude = widest.west
        bounds.maxLongitude = east
        return bounds
    }
}
