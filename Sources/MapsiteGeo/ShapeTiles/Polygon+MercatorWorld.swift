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

extension Polygon {
    /// Whether the outer ring goes around a pole without reaching it (`Geodesic.enclosedPole`), as
    /// no map draws it as written.
    public var circlesPole: Bool {
        Geodesic.enclosedPole(outer) != 0 && !outer.contains { abs($0.latitude) == 90 }
    }

    /// The polygon as a map in longitude and latitude draws it (Leaflet, a page's static map): a
    /// polygon whose outer ring goes around a pole without reaching it, in its flat form (closed
    /// along the pole, `planarForm`) cut at ±180° into polygons whose longitudes lie within
    /// -180…180, each ring closed, outer rings anticlockwise and holes clockwise; drawn as written
    /// it would be a band that doubles back along its ring. Any other polygon is itself: one
    /// drawn down to its pole (Natural Earth's Antarctica) is already in that form.
    /// - Complexity: O(n log n) for n vertices (`RectangleClipper.clipPolygon`).
    public var drawnInDegrees: [Polygon] {
        guard circlesPole else { return [self] }
        let rings = planarForm.rings.enumerated().map { index, ring in
            var flat = ring.map { WorldPoint($0.longitude, $0.latitude) }
            ShapePiece.orient(&flat, outer: index == 0)
            return flat
        }
        var result: [Polygon] = []
        // The flat form starts at a vertex within -180…180 and goes once around: the turns west,
        // here and east of it hold all of it.
        for turn in [-360.0, 0, 360] {
            let box = WorldBox(minX: turn - 180, minY: -90, maxX: turn + 180, maxY: 90)
            for part in RectangleClipper.clipPolygon(rings, to: box) {
                result.append(
                    Polygon(
                        rings: part.map { ring in
                            (ring + [ring[0]]).map { GeoPoint(latitude: $0.y, longitude: $0.x - turn) }
                        }))
            }
        }
        return result
    }
}
