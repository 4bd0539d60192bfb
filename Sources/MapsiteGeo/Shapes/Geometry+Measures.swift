extension Geometry {
    /// The geodesic length of a line, in metres: every line of a MultiLineString added up; nil
    /// for shapes that are not lines.
    /// - Complexity: O(n) for n vertices.
    public var length: Double? {
        let lines = lines
        return lines.isEmpty ? nil : lines.reduce(0) { $0 + Geodesic.length($1) }
    }

    /// The area of a polygon on the ellipsoid, in square metres, holes left out, every polygon
    /// of a MultiPolygon added up; nil for shapes that are not polygons.
    /// - Complexity: O(n) for n vertices.
    public var area: Double? {
        let polygons = polygons
        return polygons.isEmpty ? nil : polygons.reduce(0) { $0 + Geodesic.area($1) }
    }

    /// The length of a polygon's boundary, in metres, holes' rings included; nil for shapes that
    /// are not polygons.
    /// - Complexity: O(n) for n vertices.
    public var perimeter: Double? {
        let polygons = polygons
        return polygons.isEmpty ? nil : polygons.reduce(0) { $0 + Geodesic.perimeter($1) }
    }
}
