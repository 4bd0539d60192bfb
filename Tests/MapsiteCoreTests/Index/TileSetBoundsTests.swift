import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

/// The tile manifest's `bounds` (and the first view's, which carries them) for places on both sides
/// of the antimeridian: the narrowest box across the line, east past 180, checked against a brute
/// force over every point's and vertex's longitude as the western edge.
@Suite("TileSet bounds across the antimeridian")
struct TileSetBoundsTests {
    private static func point(_ longitude: Double, _ latitude: Double) -> GeoPoint {
        GeoPoint(latitude: latitude, longitude: longitude)
    }

    private static func box(_ west: Double, _ south: Double, _ east: Double, _ north: Double) -> Polygon {
        Polygon(outer: [
            point(west, south), point(east, south), point(east, north), point(west, north), point(west, south),
        ])
    }

    /// Fiji as RFC 7946 and Natural Earth write it: split along ±180.
    private static let fiji = Geometry.multiPolygon(
        MultiPolygon(polygons: [box(177, -19, 180, -16), box(-180, -17, -178, -15.5)]))

    private static func dataset(_ places: [(GeoPoint, Geometry?)]) throws -> Dataset {
        let config = try TestDataset.config("source: data/pacific.geojson\nitem_title: name")
        let items = places.enumerated().map { index, place in
            Item(
                id: "p\(index)", slug: "place-\(index)", title: "Place \(index)", point: place.0, values: [],
                origin: "feature \(index)", geometry: place.1)
        }
        return Dataset(config: config, items: items)
    }

    /// The manifest's `[west, south, east, north]`.
    private static func manifestBounds(_ tiles: TileSet) throws -> [Double] {
        let text = try #require(tiles.files.first { $0.path.hasSuffix("/index.json") }).json
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try #require(object["bounds"] as? [Double])
    }

    /// The narrowest span eastward from one longitude that reaches every other: each tried as the
    /// western edge (in -180..<180), the eastern edge the furthest east of it.
    private static func bruteForce(_ longitudes: [Double]) -> (west: Double, span: Double) {
        func eastward(_ from: Double, _ to: Double) -> Double {
            let d = (to - from).truncatingRemainder(dividingBy: 360)
            return d < 0 ? d + 360 : d
        }
        var best = (west: 0.0, span: Double.infinity)
        for west in longitudes {
            let span = longitudes.map { eastward(west, $0) }.max()!
            if span < best.span { best = (west == 180 ? -180 : west, span) }
        }
        return best
    }

    /// The manifest's bounds against the brute force over every longitude of `places`.
    private static func check(_ places: [(GeoPoint, Geometry?)], sourceLocation: SourceLocation = #_sourceLocation)
        throws -> [Double]
    {
        let bounds = try manifestBounds(TileSet(dataset: try dataset(places)))
        let points = places.flatMap { [$0.0] + ($0.1?.allPoints ?? []) }
        let oracle = bruteForce(points.map(\.longitude))
        #expect(
            abs(bounds[2] - bounds[0] - oracle.span) < 2e-6, "\(bounds), oracle \(oracle)",
            sourceLocation: sourceLocation)
        #expect(
            bounds[0] >= -180 && bounds[0] <= 180 && bounds[2] >= bounds[0], "\(bounds)", sourceLocation: sourceLocation
        )
        #expect(bounds[1] == points.map(\.latitude).min()! && bounds[3] == points.map(\.latitude).max()!)
        // Every longitude, or it moved by a turn, within them (six decimals written).
        for p in points {
            let inside = [p.longitude, p.longitude + 360].contains { $0 >= bounds[0] - 1e-6 && $0 <= bounds[2] + 1e-6 }
            #expect(inside, "\(p) outside \(bounds)", sourceLocation: sourceLocation)
        }
        return bounds
    }

    @Test("Fiji, Tonga, Samoa, Tuvalu, Kiribati and Fiji's split shape: 173°E to 171.8°W, 15.2° across the line")
    func pacific() throws {
        let places: [(GeoPoint, Geometry?)] = [
            (Self.point(178.0, -17.8), nil), (Self.point(179.3, -16.6), nil), (Self.point(-179.9, -16.8), nil),
            (Self.point(-175.2, -21.1), nil), (Self.point(-171.8, -13.8), nil), (Self.point(173.0, 1.4), nil),
            (Self.point(179.2, -8.5), nil), (Self.point(178.5, -17.5), Self.fiji),
        ]
        let bounds = try Self.check(places)
        #expect(bounds == [173, -21.1, 188.2, 1.4])
        // The first view is fitted to them as the map fits them: 15° across a phone's 350 pixels is
        // zoom 5 (256 · 2^5 · 15.2 / 360 = 346); the whole world's longitudes would give zoom 0.
        var box = GeoBounds(
            minLatitude: bounds[1], minLongitude: bounds[0], maxLatitude: bounds[3], maxLongitude: bounds[2])
        #expect(MapFirstView.fittedZoom(box, width: 390, height: 700, 19) == 5)
        box.minLongitude = -180
        box.maxLongitude = 180
        #expect(MapFirstView.fittedZoom(box, width: 390, height: 700, 19) == 0)
    }

    @Test("the split shape alone gives its own 5° box; places away from the line keep their plain box")
    func alone() throws {
        #expect(try Self.check([(Self.point(178.5, -17.5), Self.fiji)]) == [177, -19, 182, -15.5])
        let plain: [(GeoPoint, Geometry?)] = [
            (Self.point(-75.2, 39.9), nil), (Self.point(2.35, 48.85), nil), (Self.point(139.7, 35.7), nil),
        ]
        #expect(try Self.check(plain) == [-75.2, 35.7, 139.7, 48.85])
        // A polygon around the south pole spans every longitude and reaches the pole.
        let cap = Geometry.polygon(
            Polygon(
                outer: [-180, -90, 0, 90, 180].map { Self.point($0, -80) } + [
                    Self.point(180, -90), Self.point(-180, -90), Self.point(-180, -80),
                ]))
        let polar = try Self.manifestBounds(TileSet(dataset: try Self.dataset([(Self.point(0, -85), cap)])))
        #expect(polar == [-180, -90, 180, -80])
    }

    @Test("random Pacific places and split shapes against the brute force")
    func random() throws {
        var random = SplitMix64(seed: 4)
        for round in 0..<40 {
            let places = (0..<(1 + round % 9)).map { index -> (GeoPoint, Geometry?) in
                let lon = Double(Int.random(in: -30...30, using: &random)) / 2 + 180
                let lat = Double(Int.random(in: -40...40, using: &random)) / 2
                let at = Self.point(lon > 180 ? lon - 360 : lon, lat)
                guard index % 3 == 2 else { return (at, nil) }
                let west = 180 - Double(Int.random(in: 1...8, using: &random))
                let east = -180 + Double(Int.random(in: 1...8, using: &random))
                let shape = MultiPolygon(polygons: [
                    Self.box(west, lat - 1, 180, lat + 1), Self.box(-180, lat - 2, east, lat),
                ])
                return (at, .multiPolygon(shape))
            }
            _ = try Self.check(places)
        }
    }
}
