import Foundation
import MapsiteGeo
import MapsiteTestSupport
import Testing

@testable import MapsiteCore

/// A FeatureCollection of one feature with `geometry` (GeoJSON text).
private func feature(_ geometry: String) -> String {
    #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "p1", "geometry": \#(geometry), "properties": {"name": "Shape"}}]}"#
}

private let yaml = "source: shapes.geojson\nitem_title: name"

/// `[[x, y], …]` as GeoJSON text.
private func ring(_ points: [(Double, Double)]) -> String {
    "[" + points.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ") + "]"
}

private func polygon(_ rings: [[(Double, Double)]]) -> String {
    #"{"type": "Polygon", "coordinates": [\#(rings.map(ring).joined(separator: ", "))]}"#
}

/// Polygons valid on the sphere but not in the plane of longitude and latitude as written (a
/// ring around a pole that does not reach it, a polygon and its hole both across ±180° unsplit)
/// are kept as written; one that is not valid even read across the antimeridian is repaired
/// there and split at ±180°. Areas against pyproj.Geod (`Tests/Support/geod_oracle.py`).
@Suite("PolygonRepair: validity judged on the sphere, across the antimeridian and around the poles")
struct SphereValidityTests {
    struct Answer: Decodable {
        var areas: [Double]
        var inside: [Bool]
    }

    /// pyproj's geodesic areas of `polygons` (rings of `[longitude, latitude]`, holes' areas
    /// subtracted) and whether shapely finds each of `points` inside its polygon.
    static func oracle(_ polygons: [[[(Double, Double)]]], points: [GeoPoint]) throws -> Answer {
        func line(_ ring: [(Double, Double)]) -> String {
            "[" + ring.map { "[\($0.0),\($0.1)]" }.joined(separator: ",") + "]"
        }
        let shapes = polygons.map { "[" + $0.map(line).joined(separator: ",") + "]" }.joined(separator: ",")
        let spots = points.map { "[\($0.longitude),\($0.latitude)]" }.joined(separator: ",")
        let input = #"{"lines": [], "polygons": [\#(shapes)], "points": [\#(spots)]}"#
        let answer = try PythonOracle.run(
            PythonOracle.script("geod_oracle.py"), input: input, needs: "pyproj and shapely")
        return try JSONDecoder().decode(Answer.self, from: answer)
    }

    /// A ring at 80°N through every 30° of longitude, 0 to 180 then -150 back to 0: around the
    /// north pole without reaching it. As written in the plane it doubles back over itself (GEOS
    /// made a line of it, and the build stopped); `wavy`, between 77°N and 83°N, GEOS made two
    /// slivers of it in the plane (2.15 million km² of pyproj's 3.82).
    static let cap: [(Double, Double)] = stride(from: 0.0, through: 360, by: 30).map { ($0 > 180 ? $0 - 360 : $0, 80) }
    static let wavy: [(Double, Double)] = stride(from: 0.0, through: 360, by: 30).map { (turn: Double) in
        let latitude: Double = 80 + 3 * sin(turn * 2 * Double.pi / 180)
        return (turn > 180 ? turn - 360 : turn, latitude)
    }

    /// A 20° square across ±180° with a 10° hole across it too, neither split (170 … -170).
    static let shell: [(Double, Double)] = [(170, -10), (-170, -10), (-170, 10), (170, 10), (170, -10)]
    static let hole: [(Double, Double)] = [(175, -5), (175, 5), (-175, 5), (-175, -5), (175, -5)]

    @Test("a ring around the north pole that does not reach it: kept as written, no warning, pyproj's area")
    func polarCap() throws {
        let inside = GeoPoint(latitude: 85, longitude: 45)
        let oracle = try Self.oracle([[Self.cap], [Self.wavy]], points: [inside, inside])
        for (index, ring) in [Self.cap, Self.wavy].enumerated() {
            let dataset = try TestDataset.load(feature(polygon([ring])), yaml)
            #expect(dataset.warnings.isEmpty, "\(dataset.warnings)")
            let shape = try #require(dataset.items.first?.geometry)
            #expect(shape == .polygon(Polygon(outer: ring.map { GeoPoint(latitude: $0.1, longitude: $0.0) })))
            let area = try #require(shape.area)
            let expected = oracle.areas[index]
            #expect(abs(area - expected) <= 1e-3 * expected, "\(area) m², pyproj \(expected) m²")
            #expect(oracle.inside[index])
            // Near me and the nearest lists: a point inside the cap is at 0 m, one south of it is not.
            let measured = SphericalShape(shape)
            #expect(measured.distance(to: SphericalShape(point: inside)) == 0)
            #expect(measured.distance(to: SphericalShape(point: GeoPoint(latitude: 70, longitude: 45))) > 500_000)
        }
    }

    @Test("the cap and the square across ±180° as regions: a point inside each gets its region")
    func regions() throws {
        let features = [("Cap", [Self.wavy]), ("Square", [Self.shell, Self.hole])].map { name, rings in
            #"{"type": "Feature", "properties": {"name": "\#(name)"}, "geometry": \#(polygon(rings))}"#
        }
        let text = #"{"type": "FeatureCollection", "features": [\#(features.joined(separator: ", "))]}"#
        let regions = try withTemporaryDirectory { directory in
            try writeFiles(["regions.geojson": text], in: directory)
            return try RegionSet.load(
                RegionsConfig(source: "regions.geojson", nameProperty: "name", field: "area"),
                contentDirectory: directory, displayDirectory: "content")
        }
        #expect(regions.region(containing: GeoPoint(latitude: 85, longitude: 45))?.name == "Cap")
        #expect(regions.region(containing: GeoPoint(latitude: 89, longitude: -120))?.name == "Cap")
        #expect(regions.region(containing: GeoPoint(latitude: 70, longitude: 45)) == nil)
        #expect(regions.region(containing: GeoPoint(latitude: 7, longitude: 179))?.name == "Square")
        #expect(regions.region(containing: GeoPoint(latitude: -7, longitude: -171))?.name == "Square")
        // In the hole, and on the far side of the globe from the square.
        #expect(regions.region(containing: GeoPoint(latitude: 0, longitude: 180)) == nil)
        #expect(regions.region(containing: GeoPoint(latitude: 0, longitude: 0)) == nil)
    }

    @Test("a polygon and its hole both across ±180° unsplit: kept as written, no warning, area shell less hole")
    func holeAcrossTheAntimeridian() throws {
        let dataset = try TestDataset.load(feature(polygon([Self.shell, Self.hole])), yaml)
        #expect(dataset.warnings.isEmpty, "\(dataset.warnings)")
        let shape = try #require(dataset.items.first?.geometry)
        let rings = [Self.shell, Self.hole].map { $0.map { GeoPoint(latitude: $0.1, longitude: $0.0) } }
        #expect(shape == .polygon(Polygon(rings: rings)))
        let oracle = try Self.oracle([[Self.shell, Self.hole]], points: [GeoPoint(latitude: 7, longitude: 179)])
        let area = try #require(shape.area)
        #expect(abs(area - oracle.areas[0]) <= 1e-4 * oracle.areas[0], "\(area) m², pyproj \(oracle.areas[0]) m²")
        #expect(oracle.inside[0])
        let measured = SphericalShape(shape)
        #expect(measured.distance(to: SphericalShape(point: GeoPoint(latitude: 7, longitude: 179))) == 0)
        #expect(measured.distance(to: SphericalShape(point: GeoPoint(latitude: 0, longitude: 180))) > 500_000)
    }

    @Test("the same through GDAL (a GeoPackage in EPSG:4326): kept as written, no warning")
    func geoPackage() throws {
        func wkt(_ ring: [(Double, Double)]) -> String {
            "(" + ring.map { "\($0.0) \($0.1)" }.joined(separator: ",") + ")"
        }
        let csv =
            "name,wkt\nCap,\"POLYGON (\(wkt(Self.cap)))\"\nHole,\"POLYGON (\(wkt(Self.shell)),\(wkt(Self.hole)))\"\n"
        let command = [
            "ogr2ogr", "-f", "GPKG", "shapes.gpkg", "shapes.csv", "-oo", "GEOM_POSSIBLE_NAMES=wkt", "-oo",
            "KEEP_GEOM_COLUMNS=NO", "-a_srs", "EPSG:4326", "-nln", "shapes",
        ]
        let dataset = try GISFixture.load(
            files: ["shapes.csv": csv], commands: [command], "source: shapes.gpkg\nitem_title: name\nid: fid")
        #expect(dataset.warnings.isEmpty, "\(dataset.warnings)")
        let shapes = dataset.items.compactMap(\.geometry)
        #expect(shapes.map(\.typeName) == ["Polygon", "Polygon"])
        #expect(shapes.first?.polygons.first?.outer.count == Self.cap.count)
        #expect(shapes.last?.polygons.first?.rings.count == 2)
    }

    @Test("a bow tie across ±180°: repaired read across the line, split there, the warning says so")
    func bowTieAcrossTheAntimeridian() throws {
        // Read the short way across the line, its edges cross at (180, 1).
        let tie: [(Double, Double)] = [(179, 0), (-179, 2), (-179, 0), (179, 2), (179, 0)]
        let dataset = try TestDataset.load(feature(polygon([tie])), yaml)
        let shape = try #require(dataset.items.first?.geometry)
        #expect(shape.polygons.count == 2)
        #expect(shape.allPoints.allSatisfy { (-180...180).contains($0.longitude) })
        // One triangle each side of the line, each touching it only at the crossing.
        let west = try #require(shape.polygons.first { $0.outer.contains { $0.longitude == 179 } })
        let east = try #require(shape.polygons.first { $0.outer.contains { $0.longitude == -179 } })
        #expect(west.outer.allSatisfy { $0.longitude > 0 } && east.outer.allSatisfy { $0.longitude < 0 })
        #expect(west.contains(GeoPoint(latitude: 1, longitude: 179.5)))
        #expect(east.contains(GeoPoint(latitude: 1, longitude: -179.5)))
        // Its two lobes, the triangles each side of the crossing.
        let triangles: [[(Double, Double)]] = [
            [(179, 0), (180, 1), (179, 2), (179, 0)], [(-179, 0), (-179, 2), (-180, 1), (-179, 0)],
        ]
        let points = [GeoPoint(latitude: 1, longitude: 179.5), GeoPoint(latitude: 1, longitude: -179.5)]
        let oracle = try Self.oracle(triangles.map { [$0] }, points: points)
        let area = try #require(shape.area)
        let expected = oracle.areas.reduce(0, +)
        #expect(abs(area - expected) <= 1e-4 * expected, "\(area) m², pyproj \(expected) m²")
        #expect(
            dataset.warnings == [
                "content/shapes.geojson: feature 1 (id p1): a polygon whose outline crosses itself (read across the "
                    + "antimeridian, each edge the short way round); repaired by GEOS (MakeValid, structure) into 2 "
                    + "polygons, split at ±180°"
            ])
    }

    @Test("a ring around the north pole with a small loop: repaired as the cap, drawn down to the pole, split at ±180°")
    func capWithLoop() throws {
        // East of 90°E the ring turns back north, drops south across itself at (97, 80), and goes on.
        let loop: [(Double, Double)] = [(100, 80), (97, 81), (97, 79)]
        let ring = Self.cap.prefix(4) + loop + Self.cap.dropFirst(4)
        let dataset = try TestDataset.load(feature(polygon([Array(ring)])), yaml)
        let shape = try #require(dataset.items.first?.geometry)
        #expect(shape.allPoints.allSatisfy { (-180...180).contains($0.longitude) })
        #expect(shape.allPoints.contains { $0.latitude == 90 })
        #expect(MultiPolygon(polygons: shape.polygons).contains(GeoPoint(latitude: 89, longitude: -120)))
        #expect(!MultiPolygon(polygons: shape.polygons).contains(GeoPoint(latitude: 70, longitude: -120)))
        // The ring without its loop, which lies inside the cap: a dent down to 79°N from 97°E to 120°E.
        let dented = Array(Self.cap.prefix(4)) + [(97, 80), (97, 79)] + Array(Self.cap.dropFirst(4))
        let oracle = try Self.oracle([[dented]], points: [GeoPoint(latitude: 85, longitude: 45)])
        let area = try #require(shape.area)
        #expect(abs(area - oracle.areas[0]) <= 2e-3 * oracle.areas[0], "\(area) m², pyproj \(oracle.areas[0]) m²")
        #expect(shape.typeName == "Polygon")
        #expect(
            dataset.warnings == [
                "content/shapes.geojson: feature 1 (id p1): a polygon whose outline crosses itself (read as a cap "
                    + "around the north pole); repaired by GEOS (MakeValid, structure) into 1 polygon, split at ±180°"
            ])
    }

    @Test("two parts across ±180° that overlap: merged where they overlap, split there, the warning says so")
    func overlappingParts() throws {
        let first: [(Double, Double)] = [(179, 0), (-179, 0), (-179, 2), (179, 2), (179, 0)]
        let second: [(Double, Double)] = [(179.5, 1), (-178.5, 1), (-178.5, 3), (179.5, 3), (179.5, 1)]
        let overlap: [(Double, Double)] = [(179.5, 1), (-179, 1), (-179, 2), (179.5, 2), (179.5, 1)]
        let geometry = #"{"type": "MultiPolygon", "coordinates": [[\#(ring(first))], [\#(ring(second))]]}"#
        let dataset = try TestDataset.load(feature(geometry), yaml)
        let shape = try #require(dataset.items.first?.geometry)
        #expect(shape.polygons.count == 2)
        #expect(shape.allPoints.allSatisfy { (-180...180).contains($0.longitude) })
        let oracle = try Self.oracle(
            [[first], [second], [overlap]],
            points: [GeoPoint(latitude: 1, longitude: 179.5)]
                + Array(repeating: GeoPoint(latitude: 1.5, longitude: 179.7), count: 2))
        let area = try #require(shape.area)
        // The parts' areas less the overlap's, counted once.
        let expected = oracle.areas[0] + oracle.areas[1] - oracle.areas[2]
        #expect(abs(area - expected) <= 1e-4 * expected, "\(area) m², pyproj \(expected) m²")
        #expect(
            dataset.warnings == [
                "content/shapes.geojson: feature 1 (id p1): a MultiPolygon whose parts overlap (read across the "
                    + "antimeridian, each edge the short way round); repaired by GEOS (MakeValid, structure) into 2 "
                    + "polygons, split at ±180°"
            ])
    }
}
