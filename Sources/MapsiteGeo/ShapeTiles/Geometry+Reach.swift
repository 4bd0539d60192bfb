import Foundation

extension Geometry {
    /// How far, in metres (haversine), any point of the shape can be from `point`: the point
    /// that stands for it, in near-me's search (`docs/tile-format.md`).
    ///
    /// Every point of the shape lies in its latitude/longitude bounds (edges read straight in
    /// degrees), and along a parallel the distance from `point` grows with the difference of
    /// longitude up to 180°, along a meridian it is largest at an end; so the farthest point of
    /// the bounds is a corner, or where a parallel edge meets the meridian opposite `point`.
    /// Edges read as great-circle arcs stay within that distance too while it is under a quarter
    /// of the Earth's circumference (a cap smaller than a hemisphere holds the arc between any two
    /// of its points); beyond, the reach is half the circumference, so nothing can be farther.
    /// - Complexity: O(n) for n vertices.
    public func reach(from point: GeoPoint) -> Double {
        guard let box = bounds else { return 0 }
        var farthest = 0.0
        var longitudes = [box.minLongitude, box.maxLongitude]
        let opposite = point.longitude > 0 ? point.longitude - 180 : point.longitude + 180
        if box.minLongitude <= opposite && opposite <= box.maxLongitude { longitudes.append(opposite) }
        for longitude in longitudes {
            for latitude in [box.minLatitude, box.maxLatitude] {
                farthest = max(
                    farthest, GreatCircle.distance(point, GeoPoint(latitude: latitude, longitude: longitude)))
            }
        }
        let half = GreatCircle.earthRadius * .pi
        return farthest < half / 2 ? farthest : half
    }
}
