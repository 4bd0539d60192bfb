import Foundation

extension Polygon {
    /// The polygon with its longitudes made continuous when an edge crosses the antimeridian:
    /// each vertex is placed the short way round from the one before it (179.9 then -179.9
    /// becomes 179.9 then 180.1), each hole starting the short way from the outer ring's first
    /// vertex, so that planar reading in longitude/latitude holds. A polygon with no such edge,
    /// or one that goes around a pole (drawn down to it, as `Geodesic.enclosedPole` reads it,
    /// which is already planar in -180…180), is returned as it is.
    /// - Complexity: O(n) for n vertices.
    public var unwrapped: Polygon {
        guard crossesAntimeridian, rings.allSatisfy({ Geodesic.enclosedPole($0) == 0 }),
            let origin = outer.first?.longitude
        else { return self }
        return Polygon(
            rings: rings.map { ring in
                var previous = origin
                return ring.map { point in
                    previous += Geodesic.longitudeStep(from: previous, to: point.longitude)
                    return GeoPoint(latitude: point.latitude, longitude: previous)
                }
            })
    }

    /// Whether an edge goes from one side of the antimeridian to the other the short way round
    /// (its longitudes more than 180° apart as written).
    var crossesAntimeridian: Bool {
        rings.contains { ring in
            zip(ring, ring.dropFirst()).contains { abs($0.longitude - $1.longitude) > 180 }
        }
    }
}
