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

    /// Whether the polygon lies on the globe otherwise than as written in the plane of longitude
    /// and latitude: an edge crosses the antimeridian (its longitudes more than 180° apart as
    /// written, which RFC 7946 reads as the short way across), or the outer ring goes around a
    /// pole. Such a polygon is judged valid or not in its `planarForm`, not as written.
    /// - Complexity: O(n) for n vertices.
    public var liesAcrossAntimeridianOrPole: Bool {
        crossesAntimeridian || Geodesic.enclosedPole(outer) != 0
    }

    /// Whether an edge goes from one side of the antimeridian to the other the short way round
    /// (its longitudes more than 180° apart as written).
    var crossesAntimeridian: Bool {
        rings.contains { ring in
            zip(ring, ring.dropFirst()).contains { abs($0.longitude - $1.longitude) > 180 }
        }
    }

    /// The polygon as a flat polygon in longitude/latitude that covers the same ground: unwrapped
    /// across the antimeridian (`unwrapped`), and, for an outer ring that goes around a pole
    /// without reaching it, unwrapped from its first vertex once around and closed along the
    /// pole's latitude (±90°), the form a ring cut open at that vertex and drawn down to the pole
    /// has; holes are placed the short way from that vertex, moved by 360° where they would
    /// fall beyond the unwrapped ring.
    /// - Complexity: O(n) for n vertices.
    public var planarForm: Polygon {
        let pole = Geodesic.enclosedPole(outer)
        guard pole != 0, !outer.contains(where: { abs($0.latitude) == 90 }), let origin = outer.first?.longitude
        else { return unwrapped }
        func unwrap(_ ring: [GeoPoint]) -> [GeoPoint] {
            var previous = origin
            return ring.map { point in
                previous += Geodesic.longitudeStep(from: previous, to: point.longitude)
                return GeoPoint(latitude: point.latitude, longitude: previous)
            }
        }
        var ring = unwrap(outer)
        let end = ring[ring.count - 1].longitude
        let latitude = pole > 0 ? 90.0 : -90.0
        ring += [
            GeoPoint(latitude: latitude, longitude: end), GeoPoint(latitude: latitude, longitude: origin), ring[0],
        ]
        let (low, high) = (min(origin, end), max(origin, end))
        let holes = holes.map { hole in
            let unwrapped = unwrap(hole)
            let shift = unwrapped[0].longitude < low ? 360.0 : unwrapped[0].longitude > high ? -360 : 0
            return unwrapped.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude + shift) }
        }
        return Polygon(outer: ring, holes: holes)
    }
}
