import Foundation

/// An edge of a line or polygon as mapsite reads every edge: the straight line in
/// longitude/latitude between its two vertices, its longitude step taken the short way round (RFC
/// 7946's reading, as maps draw them and as regions hold places). A border along 49°N follows
/// the parallel, not the great circle through its ends, which bows up to 0.95 km north of it over
/// 28° of longitude.
///
/// Distances are measured on the sphere to great-circle arcs, so an edge is measured through the
/// arcs between points placed evenly along it in longitude/latitude, close enough together that
/// no arc strays more than `tolerance` from the straight edge (most edges of real data need no
/// cut at all). `templates/assets/core/geo.js` (`edgePieces`) cuts an edge the same way.
enum StraightEdge {
    /// How far in metres an arc between consecutive cuts may stray from the edge.
    static let tolerance = 0.01
    /// The most pieces an edge is cut into (an edge along 89.9°N all the way round needs a tenth).
    static let maximumPieces = 1 << 16

    /// The number of pieces the edge from `a` to `b` is cut into.
    ///
    /// A straight line in longitude/latitude, λ(t) and φ(t) linear, has a geodesic curvature on
    /// the unit sphere of `sin φ (c² + 2k²) / (c² + k²)^(3/2)` (Liouville's formula, with c = cos
    /// φ and k = dφ/dλ the slope): tan φ along a parallel, 0 along a meridian or the equator, and
    /// largest at the end nearer a pole. A curve of curvature at most κ strays from the
    /// great-circle arc between two of its points s apart by at most κ s² / 8, so pieces of length
    /// s = √(8 · tolerance / κ) suffice; the edge's length is at most √((cos φ₀ Δλ)² + Δφ²), φ₀ its
    /// latitude nearest the equator.
    /// - Complexity: O(1).
    static func pieces(from a: GeoPoint, to b: GeoPoint, tolerance: Double = tolerance) -> Int {
        cuts(from: a, to: b, tolerance: tolerance).count
    }

    /// `pieces(from:to:tolerance:)`, and how far in radians a piece's arc may stray from the edge:
    /// half as much again as the bound above, for pieces too long for it to be close (with a
    /// coarse `tolerance`); 0 for an edge that is a great circle.
    static func cuts(from a: GeoPoint, to b: GeoPoint, tolerance: Double) -> (count: Int, deviation: Double) {
        let radians = Double.pi / 180
        let step = Geodesic.longitudeStep(from: a.longitude, to: b.longitude) * radians
        let rise = (b.latitude - a.latitude) * radians
        // Meridians and the equator are great circles; an edge along a pole is a point.
        guard step != 0, abs(a.latitude) < 90 || abs(b.latitude) < 90 else { return (1, 0) }
        let polewards = max(abs(a.latitude), abs(b.latitude)) * radians
        let equatorwards = (a.latitude > 0) != (b.latitude > 0) ? 0 : min(abs(a.latitude), abs(b.latitude)) * radians
        let slope = rise / step
        let c2 = cos(polewards) * cos(polewards)
        let k2 = slope * slope
        let curvature = sin(polewards) * (c2 + 2 * k2) / ((c2 + k2) * (c2 + k2).squareRoot())
        guard curvature > 0 else { return (1, 0) }
        let across = cos(equatorwards) * step
        let length = (across * across + rise * rise).squareRoot()
        let count = (length * (curvature * GreatCircle.earthRadius / (8 * tolerance)).squareRoot()).rounded(.up)
        let pieces = min(max(count, 1), Double(maximumPieces))
        let piece = length / pieces
        return (Int(pieces), 1.5 * curvature * piece * piece / 8)
    }

    /// The vertices of the path `points` with each edge cut into `pieces(from:to:tolerance:)`
    /// pieces: the points between its ends placed evenly along it in longitude/latitude
    /// (longitudes brought back within -180…180); and the largest `deviation` of its pieces.
    /// - Complexity: O(n + c) for n vertices and c cuts.
    static func cut(_ points: [GeoPoint], tolerance: Double = tolerance) -> (points: [GeoPoint], deviation: Double) {
        guard points.count > 1 else { return (points, 0) }
        var deviation = 0.0
        var result: [GeoPoint] = []
        result.reserveCapacity(points.count)
        for index in 0..<(points.count - 1) {
            let (a, b) = (points[index], points[index + 1])
            result.append(a)
            let (count, stray) = cuts(from: a, to: b, tolerance: tolerance)
            deviation = max(deviation, stray)
            guard count > 1 else { continue }
            let step = Geodesic.longitudeStep(from: a.longitude, to: b.longitude)
            let rise = b.latitude - a.latitude
            for piece in 1..<count {
                let fraction = Double(piece) / Double(count)
                var longitude = a.longitude + step * fraction
                if longitude > 180 { longitude -= 360 }
                if longitude < -180 { longitude += 360 }
                result.append(GeoPoint(latitude: a.latitude + rise * fraction, longitude: longitude))
            }
        }
        result.append(points[points.count - 1])
        return (result, deviation)
    }
}
