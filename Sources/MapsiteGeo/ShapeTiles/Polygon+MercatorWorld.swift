import Foundation

extension Polygon {
    /// Whether Web Mercator cannot draw the polygon by projecting its vertices one by one: a
    /// ring reaches beyond the map's edge (±`WebMercator.maxLatitude`), where projecting would
    /// clamp it, or the outer ring goes around a pole (`Geodesic.enclosedPole`), whose edges
    /// along the pole and the cut at ±180° projecting and unwrapping would fold away.
    var needsMercatorCut: Bool {
        rings.contains { ring in ring.contains { abs($0.latitude) > WebMercator.maxLatitude } }
            || Geodesic.enclosedPole(outer) != 0
    }

    /// The polygons Web Mercator draws of this one, in world coordinates (`WorldPoint`), each as
    /// its rings, outer first, oriented as `ShapePiece` says: its flat form (`planarForm`: a ring
    /// around a pole closed along it, longitudes continuous) cut to the map's latitudes
    /// (±`WebMercator.maxLatitude`), edges straight in longitude and latitude up to the cut, so
    /// that Antarctica keeps its coast down to the map's edge and a polar cap is the band from its
    /// ring to the edge. Moved by a whole turn so that its western end lies in 0..<1 (it may reach
    /// past 1). Empty when nothing of it lies within the map's latitudes.
    /// - Complexity: O(n log n) for n vertices (`RectangleClipper.clipPolygon`).
    var mercatorWorldPolygons: [[[WorldPoint]]] {
        // Longitude and latitude as (x, y); the outer ring turning positively in them, holes the
        // other way, as the clipper takes them.
        let rings = planarForm.rings.enumerated().map { index, ring in
            var flat = ring.map { WorldPoint($0.longitude, $0.latitude) }
            ShapePiece.orient(&flat, outer: index == 0)
            return flat
        }
        guard let box = WorldBox(points: rings[0]) else { return [] }
        let limit = WebMercator.maxLatitude
        let within = rings.allSatisfy { ring in ring.allSatisfy { abs($0.y) <= limit } }
        let parts: [[[WorldPoint]]]
        if within {
            parts = [rings]
        } else {
            // Wider than the polygon east and west, so only the map's edges cut it.
            let world = WorldBox(minX: box.minX - 1, minY: -limit, maxX: box.maxX + 1, maxY: limit)
            parts = RectangleClipper.clipPolygon(rings, to: world)
        }
        var projected = parts.map { rings in
            rings.enumerated().map { index, ring in
                var world = ring.map { WorldPoint(WebMercator.x(longitude: $0.x), WebMercator.y(latitude: $0.y)) }
                // Latitude grows north and y south: the turn of each ring flips.
                ShapePiece.orient(&world, outer: index == 0)
                return world
            }
        }
        guard let west = projected.lazy.map({ $0[0].lazy.map(\.x).min()! }).min() else { return [] }
        let shift = -floor(west)
        if shift != 0 {
            for part in projected.indices {
                for ring in projected[part].indices {
                    for index in projected[part][ring].indices { projected[part][ring][index].x += shift }
                }
            }
        }
        return projected
    }
}
