import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

/// A site of parks (polygons, with holes, wound the wrong way round), trails (lines) and
/// photographs (points), built whole, then checked by shapely (`SiteOracle`): its nearest lists
/// across datasets, its regions map's winding, its downloads' properties and precision.
@Suite("A site with shapes against shapely")
struct ShapeSiteTests {
    /// Shapes around Philadelphia, written with full-precision coordinates.
    struct Content {
        var parks: [Geometry] = []
        var trails: [Geometry] = []
        var photos: [GeoPoint] = []

        init(seed: UInt64) {
            var state = seed
            func next() -> Double {
                // SplitMix64, so that the site is the same at every run.
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
            }
            func near(_ reach: Double) -> GeoPoint {
                GeoPoint(latitude: 39.95 + (next() - 0.5) * reach, longitude: -75.16 + (next() - 0.5) * reach)
            }
            for index in 0..<14 {
                let centre = near(0.03)
                let count = 5 + index % 6
                func ring(_ radius: Double, clockwise: Bool) -> [GeoPoint] {
                    let points = (0..<count).map { step -> GeoPoint in
                        let turn = (Double(step) + next() * 0.6) / Double(count) * 2 * .pi * (clockwise ? -1 : 1)
                        let length = radius * (0.6 + 0.4 * next())
                        return GeoPoint(
                            latitude: centre.latitude + length * sin(turn),
                            longitude: centre.longitude + length * cos(turn))
                    }
                    return points + [points[0]]
                }
                let outer = ring(0.002 + 0.004 * next(), clockwise: true)
                let holes = index % 3 == 0 ? [ring(0.0004, clockwise: false)] : []
                parks.append(.polygon(Polygon(outer: outer, holes: holes)))
            }
            for _ in 0..<8 {
                var point = near(0.03)
                var line = [point]
                for _ in 0..<(2 + Int(next() * 6)) {
                    point = GeoPoint(
                        latitude: point.latitude + (next() - 0.5) * 0.01,
                        longitude: point.longitude + (next() - 0.5) * 0.01)
                    line.append(point)
                }
                trails.append(.lineString(line))
            }
            photos = (0..<40).map { _ in near(0.035) }
        }

        static func position(_ point: GeoPoint) -> String { "[\(point.longitude),\(point.latitude)]" }

        static func geometry(_ geometry: Geometry) -> String {
            func line(_ points: [GeoPoint]) -> String { "[" + points.map(position).joined(separator: ",") + "]" }
            switch geometry {
            case .point(let point): return "{\"type\":\"Point\",\"coordinates\":\(position(point))}"
            case .lineString(let points): return "{\"type\":\"LineString\",\"coordinates\":\(line(points))}"
            case .polygon(let polygon):
                return "{\"type\":\"Polygon\",\"coordinates\":[" + polygon.rings.map(line).joined(separator: ",") + "]}"
            default: fatalError("not used here")
            }
        }

        /// A FeatureCollection whose features carry, besides `name`, properties the site does not
        /// show: numbers beyond a double's precision, a nested object, null, true.
        static func collection(_ shapes: [Geometry], prefix: String) -> String {
            let features = shapes.enumerated().map { index, shape in
                let properties =
                    "{\"name\":\"\(prefix) \(index + 1)\",\"acres\":12.345678901234567890123,"
                    + "\"code\":123456789012345678901234567890,\"nested\":{\"a\":[1,2.50,{\"b\":null}],\"c\":\"<&>\"},"
                    + "\"note\":null,\"open\":true,\"rank\":\(index)}"
                return "{\"type\":\"Feature\",\"properties\":\(properties),\"geometry\":\(geometry(shape))}"
            }
            return "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "\n]}\n"
        }

        /// Two regions, west and east of the parks' middle, clockwise with a counter-clockwise hole.
        static let regions: String = {
            func square(_ west: Double, _ east: Double) -> String {
                let (south, north) = (39.9, 40.0)
                let middle = (west + east) / 2
                let outer =
                    "[[\(west),\(south)],[\(west),\(north)],[\(east),\(north)],[\(east),\(south)],[\(west),\(south)]]"
                let hole =
                    "[[\(middle - 0.001),39.999],[\(middle + 0.001),39.999],[\(middle + 0.001),39.9995],[\(middle - 0.001),39.999]]"
                return "{\"type\":\"Polygon\",\"coordinates\":[\(outer),\(hole)]}"
            }
            return "{\"type\":\"FeatureCollection\",\"features\":["
                + "{\"type\":\"Feature\",\"properties\":{\"name\":\"West\"},\"geometry\":\(square(-75.3, -75.16))},"
                + "{\"type\":\"Feature\",\"properties\":{\"name\":\"East\"},\"geometry\":\(square(-75.16, -75.0))}]}\n"
        }()

        static let siteYAML = """
            title: Shapes
            base_url: https://example.org/
            datasets:
              - name: parks
                title: Parks
                source: data/parks.geojson
                item_title: name
                nearest:
                  - dataset: photos
                    count: 4
              - name: trails
                title: Trails
                source: data/trails.geojson
                item_title: name
                nearest:
                  - dataset: photos
                    count: 3
                  - dataset: parks
                    count: 2
              - name: photos
                title: Photos
                source: data/photos.geojson
                item_title: name
                nearest:
                  - dataset: parks
                    count: 2
                regions:
                  source: data/regions.geojson
                  name: name
                  field: area
                group_by: [area]

            """

        func write(to folder: URL) throws {
            let data = folder.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            try Self.siteYAML.write(to: folder.appendingPathComponent("site.yml"), atomically: true, encoding: .utf8)
            try "# Shapes\n".write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
            try Self.collection(parks, prefix: "Park").write(
                to: data.appendingPathComponent("parks.geojson"), atomically: true, encoding: .utf8)
            try Self.collection(trails, prefix: "Trail").write(
                to: data.appendingPathComponent("trails.geojson"), atomically: true, encoding: .utf8)
            try Self.collection(photos.map { .point($0) }, prefix: "Photo").write(
                to: data.appendingPathComponent("photos.geojson"), atomically: true, encoding: .utf8)
            try Self.regions.write(
                to: data.appendingPathComponent("regions.geojson"), atomically: true, encoding: .utf8)
        }
    }

    @Test("nearest lists across datasets, regions.json's winding and the downloads agree with shapely")
    func site() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mapsite-shape-site-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let content = Content(seed: 21)
        let folder = root.appendingPathComponent("content")
        try content.write(to: folder)
        let output = root.appendingPathComponent("site").path
        try buildSite(content: folder.path, into: output)

        // The index as the build made it, from the content read the same way.
        let builder = SiteBuilder(
            options: BuildOptions(
                contentDirectory: folder.path, outputDirectory: output, themeDirectory: Fixtures.theme, log: { _ in }))
        let loaded = try builder.load(try builder.loadConfig(), clock: StageClock(log: { _ in }))
        let indexes = SpatialIndexer.index(loaded.datasets)
        let datasets = Dictionary(uniqueKeysWithValues: loaded.datasets.map { ($0.name, $0) })

        // Every pair of a list's query and the other dataset's places, measured by the oracle.
        var shapes: [String] = []
        var offsets: [String: Int] = [:]
        for dataset in loaded.datasets {
            offsets[dataset.name] = shapes.count
            shapes += dataset.items.map { Content.geometry($0.geometry ?? .point($0.point)) }
        }
        var pairs: [(Int, Int)] = []
        for dataset in loaded.datasets {
            for list in indexes[dataset.name]!.cross {
                for row in dataset.items.indices {
                    for column in datasets[list.dataset]!.items.indices {
                        pairs.append((offsets[dataset.name]! + row, offsets[list.dataset]! + column))
                    }
                }
            }
        }
        let downloads = ["parks", "trails", "photos"].map {
            "[\"\(folder.path)/data/\($0).geojson\",\"\(output)/downloads/\($0).geojson\"]"
        }
        let input =
            "{\"regions\":\"\(output)/photos/by/area/regions.json\",\"downloads\":[\(downloads.joined(separator: ","))],"
            + "\"shapes\":[\(shapes.joined(separator: ","))],\"pairs\":["
            + pairs.map { "[\($0.0),\($0.1)]" }.joined(separator: ",") + "]}"
        let oracle = try SiteOracle.answer(input)

        var distances: [Int: [Int: Double]] = [:]
        for (pair, distance) in zip(pairs, oracle.distances) { distances[pair.0, default: [:]][pair.1] = distance }
        var checked = 0
        var zeros = 0
        for dataset in loaded.datasets {
            for list in indexes[dataset.name]!.cross {
                let others = datasets[list.dataset]!
                for row in dataset.items.indices {
                    let first = offsets[list.dataset]!
                    let truth = distances[offsets[dataset.name]! + row]!
                        .filter { (first..<first + others.items.count).contains($0.key) }
                        .map { (index: $0.key - first, metres: $0.value) }
                        .sorted { ($0.metres, $0.index) < ($1.metres, $1.index) }
                    for (rank, neighbour) in list.table[row].enumerated() {
                        let expected = truth[rank].metres
                        // Equal to 0.1% or 1 m; where two are that close, either order is right.
                        #expect(
                            abs(neighbour.distance - expected) <= max(1, 0.001 * expected),
                            "\(dataset.items[row].title) → \(list.dataset) #\(rank + 1): \(others.items[Int(neighbour.index)].title) at \(neighbour.distance) m, oracle \(truth[rank])"
                        )
                        let own = distances[offsets[dataset.name]! + row]![
                            offsets[list.dataset]! + Int(neighbour.index)]!
                        #expect(abs(neighbour.distance - own) <= max(1, 0.001 * own))
                        checked += 1
                        if expected == 0 { zeros += 1 }
                    }
                }
            }
        }
        #expect(checked == 14 * 4 + 8 * 5 + 40 * 2)
        #expect(zeros > 5, "only \(zeros) neighbours touch or hold each other")

        #expect(oracle.rings.count == 4)
        for ring in oracle.rings {
            #expect(ring[0] == ring[1], "an \(ring[0] ? "outer ring" : "hole") wound the wrong way")
        }
        #expect(oracle.same.allSatisfy { $0 })
        #expect(oracle.differences.isEmpty, "\(oracle.differences)")
    }
}
