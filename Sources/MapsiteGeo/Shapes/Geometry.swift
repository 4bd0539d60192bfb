/// The shape of a place, as a GeoJSON geometry gives it: points, lines or polygons, in degrees.
///
/// Lines and polygon edges join their vertices as GeoJSON reads them; how each measure treats
/// an edge is said where it is computed (`Geodesic`, `Geometry+RepresentativePoint.swift`).
/// Polygon rings are kept as written, closing repeat of the first position included; their
/// orientation is not relied on (`rewound` gives RFC 7946's).
///
/// ```swift
/// let line = Geometry.lineString([a, b, c])
/// line.representativePoint      // halfway along it
/// line.length                   // in metres, on the WGS 84 ellipsoid
/// ```
public enum Geometry: Sendable, Hashable {
    case point(GeoPoint)
    case multiPoint([GeoPoint])
    case lineString([GeoPoint])
    case multiLineString([[GeoPoint]])
    case polygon(Polygon)
    case multiPolygon(MultiPolygon)

    /// The GeoJSON type name: `LineString`, `MultiPolygon`.
    public var typeName: String {
        switch self {
        case .point: "Point"
        case .multiPoint: "MultiPoint"
        case .lineString: "LineString"
        case .multiLineString: "MultiLineString"
        case .polygon: "Polygon"
        case .multiPolygon: "MultiPolygon"
        }
    }

    /// Every vertex, in the order written.
    public var allPoints: [GeoPoint] {
        switch self {
        case .point(let point): [point]
        case .multiPoint(let points), .lineString(let points): points
        case .multiLineString(let lines): Array(lines.joined())
        case .polygon(let polygon): Array(polygon.rings.joined())
        case .multiPolygon(let shape): shape.polygons.flatMap { Array($0.rings.joined()) }
        }
    }

    /// The smallest rectangle holding every vertex (longitudes do not wrap).
    public var bounds: GeoBounds? { GeoBounds(points: allPoints) }

    /// The lines of a LineString or MultiLineString; empty for other shapes.
    public var lines: [[GeoPoint]] {
        switch self {
        case .lineString(let points): [points]
        case .multiLineString(let lines): lines
        default: []
        }
    }

    /// The polygons of a Polygon or MultiPolygon; empty for other shapes.
    public var polygons: [Polygon] {
        switch self {
        case .polygon(let polygon): [polygon]
        case .multiPolygon(let shape): shape.polygons
        default: []
        }
    }
}
