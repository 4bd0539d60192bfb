import Foundation
import MapsiteGeo
import MapsiteTestSupport
import Testing

@testable import MapsiteCore

/// Writes the examples the browser's reader of the tile format is tested on (`Tests/Node/`):
/// the tiles of a small dataset of points, lines and polygons, and `answers.json`, what the
/// Swift side computes for a few questions (the k nearest places, the tiles over a view, tile keys,
/// distances as text). The files are compared with `Tests/Fixtures/browser/tiles/`; run with
/// `MAPSITE_RECORD=1` to write them again (the run then fails on purpose), and review the change
/// with `git diff Tests/Fixtures/browser`.
@Suite("Browser tile fixtures")
struct BrowserTileFixtureTests {
    static var recording: Bool { ProcessInfo.processInfo.environment["MAPSITE_RECORD"] == "1" }
    static let folder = Fixtures.directory.appendingPathComponent("browser/tiles").path

    /// A coordinate with at most 6 decimals, as the tiles write it, so that the browser reads the
    /// very places measured here.
    private static func decimal(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

    /// Points, lines and polygons around Philadelphia, and a few points far apart (across the
    /// antimeridian, beyond Web Mercator's 85.05°N).
    static func dataset() throws -> Dataset {
        let config = try TestDataset.config("source: data/places.geojson")
        var random = SplitMix64(seed: 29)
        func near(_ spread: Double) -> GeoPoint {
            GeoPoint(
                latitude: decimal(39.95 + Double.random(in: -spread...spread, using: &random)),
                longitude: decimal(-75.16 + Double.random(in: -spread...spread, using: &random)))
        }
        var places: [(GeoPoint, Geometry?)] = (0..<150).map { _ in (near(0.05), nil) }
        for index in 0..<60 {
            let centre = near(0.04)
            let ring = (0...8).map { step -> GeoPoint in
                let angle = Double(step % 8) * .pi / 4
                let radius = step % 2 == 0 ? 0.002 : 0.0012
                return GeoPoint(
                    latitude: decimal(centre.latitude + radius * sin(angle)),
                    longitude: decimal(centre.longitude + radius * cos(angle)))
            }
            let shape: Geometry = index % 2 == 0 ? .polygon(Polygon(outer: ring)) : .lineString(Array(ring.prefix(6)))
            places.append((shape.representativePoint, shape))
        }
        let far: [(Double, Double)] = [(-16.5, 179.95), (-16.6, -179.9), (88.0, 10.0), (-45.0, 170.0), (51.5, -0.12)]
        for (latitude, longitude) in far {
            places.append((GeoPoint(latitude: latitude, longitude: longitude), nil))
        }
        let items = places.enumerated().map { index, place in
            Item(
                id: "p\(index)", slug: "place-\(index)", title: "Place \(index)", point: place.0, values: [],
                origin: "feature \(index)", geometry: place.1)
        }
        return Dataset(config: config, items: items)
    }

    struct Bounds: Codable, Equatable {
        var south: Double
        var north: Double
        var west: Double
        var east: Double
    }

    struct Answers: Codable, Equatable {
        struct Place: Codable, Equatable {
            var id: String
            var distance: Double
            var inside: Bool
        }
        struct Nearest: Codable, Equatable {
            var lat: Double
            var lon: Double
            var k: Int
            var places: [Place]
        }
        struct View: Codable, Equatable {
            var bounds: Bounds
            var z: Int
            var keys: [String]
        }
        struct Tile: Codable, Equatable {
            var lat: Double
            var lon: Double
            var z: Int
            var x: Int
            var y: Int
            var quadkey: String
            var bounds: Bounds
            /// The place in world units, 0...1 from the top left corner (WebMercator).
            var worldX: Double
            var worldY: Double
        }
        struct Path: Codable, Equatable {
            var from: [Double]
            var to: [Double]
            var distance: Double
            var bearing: Double
        }
        struct Text: Codable, Equatable {
            var value: Double
            var text: String
        }
        var dataset: String
        var nearest: [Nearest]
        var keysFor: [View]
        var shapeKeysFor: [View]
        var tiles: [Tile]
        var greatCircle: [Path]
        var distanceText: [Text]
        var compass: [Text]
    }

    static let views: [(Bounds, Int)] = [
        (Bounds(south: -85, north: 85, west: -180, east: 180), 2),
        (Bounds(south: 39.9, north: 40.0, west: -75.25, east: -75.05), 11),
        (Bounds(south: 39.94, north: 39.96, west: -75.18, east: -75.14), 14),
        (Bounds(south: 39.945, north: 39.955, west: -75.17, east: -75.15), 17),
    ]

    /// The tiles of `pyramid` that show the view at `zoom`: those with a file at the zoom, else the
    /// leaf at or above each tile over the view; keys sorted.
    private static func keys(
        _ bounds: Bounds, zoom: Int, hasFile: (TileKey) -> Bool, isLeaf: (TileKey) -> Bool
    ) -> [String] {
        let box = GeoBounds(
            minLatitude: bounds.south, minLongitude: bounds.west, maxLatitude: bounds.north, maxLongitude: bounds.east)
        var keys = Set<String>()
        for key in TileKey.covering(box, zoom: zoom) {
            if hasFile(key) && !isLeaf(key) {
                keys.insert(key.quadkey)
            } else if let leaf = (0...zoom).reversed().map({ key.ancestor(atZoom: $0) }).first(where: isLeaf) {
                keys.insert(leaf.quadkey)
            }
        }
        return keys.sorted()
    }

    /// The k nearest places to a point, every place measured to its whole shape.
    private static func nearest(_ dataset: Dataset, lat: Double, lon: Double, k: Int) -> Answers.Nearest {
        let here = SphericalShape(point: GeoPoint(latitude: lat, longitude: lon))
        let measured = dataset.items.map { item in
            let shape = item.geometry.map(SphericalShape.init) ?? SphericalShape(point: item.point)
            let distance = shape.distance(to: here)
            let polygon = item.geometry.map { !$0.polygons.isEmpty } ?? false
            return Answers.Place(id: item.id, distance: distance, inside: polygon && distance == 0)
        }
        let sorted = measured.sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
        return Answers.Nearest(lat: lat, lon: lon, k: k, places: Array(sorted.prefix(k)))
    }

    static func answers(_ dataset: Dataset, _ tiles: TileSet) throws -> Answers {
        let pyramid = tiles.pyramid
        let shapes = try #require(tiles.shapes)
        let shapeLeaves = Set(shapes.leaves.map(\.key))
        let shapeFiles = Set(shapes.tiles.filter { !$0.drawsNothing }.map(\.key)).union(shapeLeaves)
        // The centre of the first polygon: inside it.
        let polygon = try #require(dataset.items.first { $0.geometry.map { !$0.polygons.isEmpty } ?? false })
        let queries: [(Double, Double, Int)] = [
            (39.95, -75.16, 5), (39.99, -75.2, 3), (polygon.point.latitude, polygon.point.longitude, 4),
            (-16.55, 179.99, 2), (89.5, 0, 1), (-33.9, 151.2, 3),
        ]
        let points: [(Double, Double)] = [
            (39.95, -75.16), (-16.5, 179.95), (88.0, 10.0), (-45.0, 170.0), (0, 0), (-85.1, -180), (51.5, -0.12),
        ]
        let tileAnswers: [Answers.Tile] = points.flatMap { lat, lon in
            [0, 3, 9, 17].map { (zoom: Int) -> Answers.Tile in
                let key = TileKey(containing: GeoPoint(latitude: lat, longitude: lon), zoom: zoom)
                let box = key.bounds
                return Answers.Tile(
                    lat: lat, lon: lon, z: zoom, x: key.x, y: key.y, quadkey: key.quadkey,
                    bounds: Bounds(
                        south: box.minLatitude, north: box.maxLatitude, west: box.minLongitude, east: box.maxLongitude),
                    worldX: WebMercator.x(longitude: lon), worldY: WebMercator.y(latitude: lat))
            }
        }
        let pairs: [((Double, Double), (Double, Double))] = [
            ((39.95, -75.16), (40.71, -74.01)), ((51.5, -0.12), (-33.9, 151.2)), ((0, 179.5), (0, -179.5)),
        ]
        let distances: [Double] = [0, 7.4, 99.6, 140, 994.9, 995, 2345, 9949, 9950, 15_499, 1_234_567]
        let bearings: [Double] = [0, 22.4, 22.6, 90, 180, 292.5, 337.4, 337.6, 359.9]
        let pointViews: [Answers.View] = views.map { bounds, zoom in
            let found = keys(
                bounds, zoom: zoom, hasFile: { pyramid.clusterTile(at: $0) != nil },
                isLeaf: { pyramid.leaf(at: $0) != nil })
            return Answers.View(bounds: bounds, z: zoom, keys: found)
        }
        let shapeViews: [Answers.View] = views.map { bounds, zoom in
            let found = keys(
                bounds, zoom: zoom, hasFile: { shapeFiles.contains($0) }, isLeaf: { shapeLeaves.contains($0) })
            return Answers.View(bounds: bounds, z: zoom, keys: found)
        }
        let paths: [Answers.Path] = pairs.map { a, b in
            let from = GeoPoint(latitude: a.0, longitude: a.1)
            let to = GeoPoint(latitude: b.0, longitude: b.1)
            return Answers.Path(
                from: [a.0, a.1], to: [b.0, b.1], distance: GreatCircle.distance(from, to),
                bearing: GreatCircle.bearing(from: from, to: to))
        }
        let closest: [Answers.Nearest] = queries.map { Self.nearest(dataset, lat: $0.0, lon: $0.1, k: $0.2) }
        let texts: [Answers.Text] = distances.map { Answers.Text(value: $0, text: DistanceText.format($0)) }
        let points8: [Answers.Text] = bearings.map { Answers.Text(value: $0, text: DistanceText.compass($0)) }
        return Answers(
            dataset: dataset.name, nearest: closest, keysFor: pointViews, shapeKeysFor: shapeViews, tiles: tileAnswers,
            greatCircle: paths, distanceText: texts, compass: points8)
    }

    /// The files the answers read: the manifest, every point tile, whole file and shape subtree
    /// (near me may read any), and the cluster and shape tiles of the views.
    static func files(_ tiles: TileSet, _ answers: Answers) -> [String: String] {
        let base = "tiles/\(answers.dataset)/"
        let clusters = Set(answers.keysFor.flatMap(\.keys)).subtracting(tiles.pyramid.leaves.map(\.key.quadkey))
        let shapeKeys = Set(answers.shapeKeysFor.flatMap(\.keys))
        func quadkey(_ path: Substring) -> String? {
            let parts = path.dropLast(5).split(separator: "/").compactMap { Int($0) }
            guard parts.count == 3 else { return nil }
            return TileKey(z: parts[0], x: parts[1], y: parts[2]).quadkey
        }
        var selected: [String: String] = [:]
        for (path, json) in tiles.files where path.hasPrefix(base) {
            let name = path.dropFirst(base.count)
            let keep: Bool
            if name == "index.json" || name.hasPrefix("whole/") || name.hasPrefix("tree/") {
                keep = true
            } else if name.hasPrefix("shapes/") {
                keep = quadkey(name.dropFirst(7)).map(shapeKeys.contains) ?? false
            } else {
                let key = quadkey(name)
                keep = key.map { tiles.pyramid.leaf(at: tileOf($0)) != nil || clusters.contains($0) } ?? false
            }
            if keep { selected[String(name)] = json }
        }
        return selected
    }

    private static func tileOf(_ quadkey: String) -> TileKey {
        var x = 0, y = 0
        for digit in quadkey.compactMap(\.wholeNumberValue) {
            x = 2 * x + (digit & 1)
            y = 2 * y + (digit >> 1)
        }
        return TileKey(z: quadkey.count, x: x, y: y)
    }

    @Test("the tiles and answers the browser's tile reader is tested on are the recorded ones")
    func fixtures() throws {
        let dataset = try Self.dataset()
        let tiles = TileSet(dataset: dataset, options: .init(byteBudget: 3000))
        let answers = try Self.answers(dataset, tiles)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var files = Self.files(tiles, answers)
        files["answers.json"] = String(decoding: try encoder.encode(answers), as: UTF8.self) + "\n"
        #expect(files.keys.contains { $0.hasPrefix("tree/") }, "the shape tree goes below zoom 4")
        #expect(files.keys.contains { $0.hasPrefix("whole/") } && files.keys.contains { $0.hasPrefix("shapes/") })
        #expect(answers.nearest.contains { $0.places.contains(where: \.inside) })
        if Self.recording {
            try? FileManager.default.removeItem(atPath: Self.folder)
            for (path, text) in files {
                let target = Self.folder + "/" + path
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: target))
            }
            let message =
                "Recorded \(files.count) files in Tests/Fixtures/browser/tiles. Review them with git diff, then run "
                + "the tests without MAPSITE_RECORD=1."
            Issue.record(Comment(rawValue: message))
            return
        }
        let recorded = Set(filesBelow(Self.folder))
        #expect(recorded == Set(files.keys), "record the fixtures again with MAPSITE_RECORD=1")
        let differing = files.keys.sorted().filter { path in
            recorded.contains(path) && readText(Self.folder + "/" + path) != files[path]
        }
        #expect(
            differing.isEmpty, "differ from Tests/Fixtures/browser/tiles (record with MAPSITE_RECORD=1): \(differing)")
    }
}
