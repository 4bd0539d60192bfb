/// A polygon on the map: an outer ring and any number of holes, vertices in degrees.
///
/// **Edges are straight lines in longitude/latitude**, treated as planar x/y coordinates, which is
/// how GeoJSON (RFC 7946, section 3.1.1) says its polygons are meant to be read; they are not
/// great-circle arcs. Polygons crossing the antimeridian are out of scope: an edge from 179° to
/// -179° runs the long way round, through 0°; split such polygons at ±180°, as RFC 7946 asks.
///
/// **Boundary rule.** A polygon is a closed set: a point exactly on an edge or vertex of the outer
/// ring is inside, and so is a point exactly on an edge or vertex of a hole (the hole's boundary
/// belongs to the polygon; only its interior is cut out). This is shapely's `covers`. When several
/// regions contain a point, `RegionIndex` gives it to the first (see there).
///
/// ```swift
/// let park = Polygon(outer: [a, b, c, d, a], holes: [[e, f, g, e]])
/// park.contains(GeoPoint(latitude: 39.95, longitude: -75.17))
/// ```
public struct Polygon: Sendable, Hashable {
    /// The rings, outer first, then the holes. Each lists its vertices in order; the edge from the
    /// last vertex back to the first is implied, and a closing repeat of the first vertex, as
    /// GeoJSON writes it, is allowed. Orientation (clockwise or not) does not matter.
    public var rings: [[GeoPoint]]

    /// A polygon from its rings, outer first.
    public init(rings: [[GeoPoint]]) {
        self.rings = rings
    }

    public init(outer: [GeoPoint], holes: [[GeoPoint]] = []) {
        self.init(rings: [outer] + holes)
    }

    public var outer: [GeoPoint] { rings.first ?? [] }
    public var holes: ArraySlice<[GeoPoint]> { rings.dropFirst() }

    /// The bounds of every ring (holes lie inside the outer ring's, unless the polygon is
    /// invalid), or `nil` for a polygon without vertices.
    public var bounds: GeoBounds? { GeoBounds(points: rings.joined()) }

    /// Whether `point` lies inside, or on the boundary of, the polygon.
    ///
    /// Even-odd crossing number per ring: the point is inside the outer ring and not strictly
    /// inside any hole. A hole lying partly outside the outer ring, which GeoJSON does not allow,
    /// cuts out only what it overlaps.
    /// - Complexity: O(n) for n vertices. `RegionIndex` answers many points faster.
    public func contains(_ point: GeoPoint) -> Bool {
        var insideOuter = false
        var insideHole = false
        // Every ring is read: a point strictly inside one hole may lie on another ring's boundary
        // when holes overlap.
        for (index, ring) in rings.enumerated() {
            switch Self.crossings(of: ring, point) {
            case .boundary: return true
            case .crossing: if index == 0 { insideOuter = true } else { insideHole = true }
            case .none: break
            }
        }
        return insideOuter && !insideHole
    }

    /// `.crossing` when the ray from `point` crosses `ring` an odd number of times, `.boundary`
    /// when the point lies on it.
    static func crossings(of ring: [GeoPoint], _ point: GeoPoint) -> EdgeCrossing {
        guard var previous = ring.last else { return .none }
        var odd = false
        for vertex in ring {
            switch EdgeCrossing.classify(
                previous.longitude, previous.latitude, vertex.longitude, vertex.latitude,
                x: point.longitude, y: point.latitude)
            {
            case .boundary: return .boundary
            case .crossing: odd.toggle()
            case .none: break
            }
            previous = vertex
        }
        return odd ? .crossing : .none
    }
}
