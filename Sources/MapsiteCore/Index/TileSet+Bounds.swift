import Foundation
import MapsiteGeo

extension TileSet {
    /// The manifest's `bounds`: the narrowest box holding every place's point and whole shape. Its
    /// longitudes are the narrowest span holding them (`LongitudeArc.narrowest`), so places on
    /// both sides of ±180 (Fiji's islands, a shape split along the line as RFC 7946 asks) give a
    /// box across the line, east past 180 (177 to 182), not the whole world; `nil` without places.
    /// A polygon around a pole spans every longitude and reaches the pole.
    /// - Complexity: O(v) for the shapes' v vertices when the places fit within 180° of longitude
    ///   without crossing ±180; else O(n log n) more for the n places.
    static func bounds(_ items: [Item], points: GeoBounds?) -> GeoBounds? {
        guard var plain = points else { return nil }
        // A shape's plain rectangle is its box on the globe but for a shape 179° wide or more,
        // which may cross the line or hold a pole (`Geometry.geographicBounds`).
        var wide = false
        var arcs: [LongitudeArc] = []
        for item in items {
            guard let geometry = item.geometry, let shape = geometry.bounds else { continue }
            if shape.maxLongitude - shape.minLongitude < 179 {
                plain.extend(with: shape)
                arcs.append(LongitudeArc(shape))
            } else if let globe = geometry.geographicBounds {
                wide = true
                arcs.append(LongitudeArc(globe))
                plain.minLatitude = min(plain.minLatitude, globe.minLatitude)
                plain.maxLatitude = max(plain.maxLatitude, globe.maxLatitude)
            }
        }
        if !wide && plain.maxLongitude - plain.minLongitude <= 180 { return plain }
        arcs.reserveCapacity(arcs.count + items.count)
        for item in items { arcs.append(LongitudeArc(west: item.point.longitude, east: item.point.longitude)) }
        let arc = LongitudeArc.narrowest(arcs)
        plain.minLongitude = arc.west
        plain.maxLongitude = arc.east
        return plain
    }
}
