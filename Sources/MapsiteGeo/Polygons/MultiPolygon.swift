/// One region made of several polygons, such as a neighbourhood with an island: a GeoJSON
/// MultiPolygon, or a Polygon as a one-part MultiPolygon.
///
/// A point is inside when it is inside (or on the boundary of) any of the polygons; see `Polygon`
/// for the boundary rule and how edges are read.
public struct MultiPolygon: Sendable, Hashable {
    public var polygons: [Polygon]

    public init(polygons: [Polygon]) {
        self.polygons = polygons
    }

    public init(_ polygon: Polygon) {
        self.init(polygons: [polygon])
    }

    /// The bounds of every polygon, or `nil` when there are no vertices.
    public var bounds: GeoBounds? {
        polygons.compactMap(\.bounds).reduce(nil) { total, bounds in total?.extended(with: bounds) ?? bounds }
    }

    /// Whether `point` lies inside, or on the boundary of, any of the polygons.
    /// - Complexity: O(n) for n vertices in all.
    public func contains(_ point: GeoPoint) -> Bool {
        polygons.contains { $0.contains(point) }
    }
}
