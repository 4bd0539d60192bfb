extension Geometry {
    /// The shape with RFC 7946's ring orientation: outer rings counter-clockwise, holes clockwise
    /// (in longitude/latitude, as seen on a map with north up). Other shapes are unchanged.
    /// A polygon around a pole, drawn down to it, is read as it lies on a flat map in -180…180.
    /// - Complexity: O(n) for n vertices.
    public var rewound: Geometry {
        switch self {
        case .polygon(let polygon): .polygon(Self.rewound(polygon))
        case .multiPolygon(let shape): .multiPolygon(MultiPolygon(polygons: shape.polygons.map(Self.rewound)))
        default: self
        }
    }

    /// The polygon with its rings turned as RFC 7946 asks; each ring's orientation is read with
    /// its longitudes unwrapped (`Polygon.unwrapped`), so a ring across the antimeridian is read
    /// as it lies on the map, and its coordinates are kept as written.
    private static func rewound(_ polygon: Polygon) -> Polygon {
        let unwrapped = polygon.unwrapped.rings
        return Polygon(
            rings: polygon.rings.enumerated().map { index, ring in
                let counterClockwise = signedTwiceArea(unwrapped[index]) > 0
                return counterClockwise == (index == 0) ? ring : ring.reversed()
            })
    }

    /// Twice the signed area of a ring in longitude/latitude: positive when counter-clockwise.
    static func signedTwiceArea(_ ring: [GeoPoint]) -> Double {
        guard var previous = ring.last else { return 0 }
        var twice = 0.0
        for point in ring {
            twice += previous.longitude * point.latitude - point.longitude * previous.latitude
            previous = point
        }
        return twice
    }
}
