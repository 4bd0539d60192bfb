import Foundation

extension Geometry {
    /// The one point that stands for the shape where a map or a list needs a point: markers,
    /// neighbours, tiles, tours, near-me.
    ///
    /// - a Point: the point; a MultiPoint: its first point;
    /// - a LineString: the point halfway along its length; a MultiLineString: halfway along the
    ///   length of all its lines, taken in order;
    /// - a Polygon: a point inside it (`pointOnSurface`); a MultiPolygon: a point inside its
    ///   largest polygon.
    ///
    /// Never a centroid, which can fall outside a concave polygon or off a curved line.
    /// - Precondition: no empty list of points, lines, rings or polygons (`GeoJSONShapeReader`
    ///   makes sure of it).
    /// - Complexity: O(n log n) for n vertices (a polygon's crossings are sorted).
    public var representativePoint: GeoPoint {
        switch self {
        case .point(let point): point
        case .multiPoint(let points): points[0]
        case .lineString(let points): Self.midpoint(of: [points])
        case .multiLineString(let lines): Self.midpoint(of: lines)
        case .polygon(let polygon): Self.pointOnSurface(polygon)
        case .multiPolygon(let shape):
            Self.pointOnSurface(shape.polygons.max { Self.planarArea($0.unwrapped) < Self.planarArea($1.unwrapped) }!)
        }
    }

    /// The point halfway along `lines` taken one after another: the geodesic lengths of the
    /// edges (`Geodesic.distance`) find the edge it lies on, and the point is placed along that
    /// edge's great circle by the fraction of the edge's length left to go.
    /// - Complexity: O(n) for n vertices.
    static func midpoint(of lines: [[GeoPoint]]) -> GeoPoint {
        let edges = lines.flatMap { line in zip(line, line.dropFirst()).map { ($0, $1) } }
        let lengths = edges.map { Geodesic.distance($0.0, $0.1) }
        var left = lengths.reduce(0, +) / 2
        for (edge, length) in zip(edges, lengths) where length > 0 {
            if left <= length { return interpolate(edge.0, edge.1, fraction: left / length) }
            left -= length
        }
        return lines[0][0]
    }

    /// The point `fraction` of the way from `a` to `b` along their great circle.
    /// - Complexity: O(1).
    static func interpolate(_ a: GeoPoint, _ b: GeoPoint, fraction: Double) -> GeoPoint {
        func vector(_ point: GeoPoint) -> (Double, Double, Double) {
            let latitude = point.latitude * .pi / 180
            let longitude = point.longitude * .pi / 180
            return (cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
        }
        let (ax, ay, az) = vector(a)
        let (bx, by, bz) = vector(b)
        let cross =
            ((ay * bz - az * by) * (ay * bz - az * by) + (az * bx - ax * bz) * (az * bx - ax * bz)
            + (ax * by - ay * bx) * (ax * by - ay * bx)).squareRoot()
        let angle = atan2(cross, ax * bx + ay * by + az * bz)
        guard angle > 1e-15 else { return a }
        let wa = sin((1 - fraction) * angle) / sin(angle)
        let wb = sin(fraction * angle) / sin(angle)
        let (x, y, z) = (wa * ax + wb * bx, wa * ay + wb * by, wa * az + wb * bz)
        return GeoPoint(
            latitude: atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi, longitude: atan2(y, x) * 180 / .pi)
    }

    /// A point inside `polygon` (edges straight in longitude/latitude, as `Polygon` reads them):
    /// the middle of the widest stretch of the horizontal line through the middle latitude of
    /// its bounds that lies inside it, holes cut out. The middle of a stretch of positive width is
    /// off every edge, so it is strictly inside. A polygon with no such stretch (no area) gets its
    /// first vertex. A polygon across the antimeridian or around a pole is read in its flat form
    /// (`Polygon.planarForm`), so its point is inside it too, its longitude brought back into
    /// -180…180. When that latitude lies beyond the edge of the web map (±85.0511°, a polar cap
    /// less than about 10° across), the middle of the bounds' part within the map's latitudes is
    /// taken instead, so that the point is in the part the map draws.
    /// - Complexity: O(n log n) for n vertices (the crossings are sorted).
    public static func pointOnSurface(_ polygon: Polygon) -> GeoPoint {
        let point = planarPointOnSurface(polygon.planarForm)
        return GeoPoint(latitude: point.latitude, longitude: Geodesic.longitudeStep(from: 0, to: point.longitude))
    }

    /// `pointOnSurface` of a polygon whose longitudes do not wrap.
    private static func planarPointOnSurface(_ polygon: Polygon) -> GeoPoint {
        guard let bounds = polygon.bounds, bounds.maxLatitude > bounds.minLatitude else { return polygon.outer[0] }
        var y = (bounds.minLatitude + bounds.maxLatitude) / 2
        let limit = WebMercator.maxLatitude
        let (south, north) = (max(bounds.minLatitude, -limit), min(bounds.maxLatitude, limit))
        if abs(y) > limit && north > south { y = (south + north) / 2 }
        var crossings: [Double] = []
        for ring in polygon.rings {
            guard var previous = ring.last else { continue }
            for vertex in ring {
                // Half-open on latitude, so a vertex on the line counts once or not at all.
                if (previous.latitude > y) != (vertex.latitude > y) {
                    let t = (y - previous.latitude) / (vertex.latitude - previous.latitude)
                    crossings.append(previous.longitude + t * (vertex.longitude - previous.longitude))
                }
                previous = vertex
            }
        }
        crossings.sort()
        var best: (start: Double, end: Double)?
        // Even-odd: the stretches between the 1st and 2nd, 3rd and 4th… crossings are inside.
        for index in stride(from: 0, to: crossings.count - 1, by: 2) {
            let (start, end) = (crossings[index], crossings[index + 1])
            if end > start, end - start > (best.map { $0.end - $0.start } ?? 0) { best = (start, end) }
        }
        guard let best else { return polygon.outer[0] }
        return GeoPoint(latitude: y, longitude: (best.start + best.end) / 2)
    }

    /// The area of `polygon` in square degrees, edges straight in longitude/latitude: only to
    /// compare polygons' sizes.
    /// - Complexity: O(n) for n vertices.
    static func planarArea(_ polygon: Polygon) -> Double {
        polygon.holes.reduce(abs(signedTwiceArea(polygon.outer)) / 2) { $0 - abs(signedTwiceArea($1)) / 2 }
    }
}
