import Foundation
import MapsiteGeo
import MapsiteTestSupport
import Testing

@testable import MapsiteCore

/// Writes the example near me's simplified whole shapes are tested on (`Tests/Node/whole-shapes.test.mjs`):
/// four borough-like polygons sharing wiggly borders (one with a lake, one with an island), a
/// river and 200 points, tiled with a small budget so that every shape is simplified, and
/// `exact.json`, every place's true geometry, which the Node test measures by brute force. The
/// files are compared with `Tests/Fixtures/browser/whole-shapes/`; `MAPSITE_RECORD=1` writes them
/// again (the run then fails on purpose).
@Suite("Whole shape fixtures")
struct WholeShapeFixtureTests {
    static let folder = Fixtures.directory.appendingPathComponent("browser/whole-shapes").path

    private static func decimal(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

    /// A wiggly line from `a` to `b` of `count` steps, `amplitude` degrees across at most.
    private static func wiggle(
        _ a: GeoPoint, _ b: GeoPoint, count: Int, amplitude: Double, random: inout SplitMix64
    ) -> [GeoPoint] {
        let phase = Double.random(in: 0...(2 * .pi), using: &random)
        let dx = b.longitude - a.longitude, dy = b.latitude - a.latitude
        let length = (dx * dx + dy * dy).squareRoot()
        return (0...count).map { step in
            let t = Double(step) / Double(count)
            let side =
                step == 0 || step == count
                ? 0
                : amplitude * (sin(t * 9 * .pi + phase) * 0.6 + Double.random(in: -0.02...0.02, using: &random))
                    * sin(t * .pi)
            return GeoPoint(
                latitude: decimal(a.latitude + dy * t + dx / length * side),
                longitude: decimal(a.longitude + dx * t - dy / length * side))
        }
    }

    static func dataset() throws -> Dataset {
        let config = try TestDataset.config("source: data/boroughs.geojson")
        var random = SplitMix64(seed: 32)
        let centre = GeoPoint(latitude: 40.70, longitude: -73.90)
        func around(_ angle: Double, _ radius: Double) -> GeoPoint {
            GeoPoint(
                latitude: decimal(centre.latitude + radius * sin(angle)),
                longitude: decimal(centre.longitude + radius * cos(angle) / cos(centre.latitude * .pi / 180)))
        }
        // Four sectors: radial borders shared by neighbours, a rim of its own each.
        let radius = 0.03
        let borders = (0..<4).map { index in
            wiggle(centre, around(Double(index) * .pi / 2 + 0.3, radius), count: 150, amplitude: 0.002, random: &random)
        }
        var places: [(String, Geometry?, GeoPoint?)] = []
        for index in 0..<4 {
            let next = borders[(index + 1) % 4]
            let rim = (1..<250).map { step in
                around(
                    Double(index) * .pi / 2 + 0.3 + Double(step) / 250 * .pi / 2,
                    radius * (1 + 0.02 * sin(Double(step) / 10)))
            }
            let outer = borders[index] + rim + next.reversed()
            var polygon = Polygon(outer: outer)
            var shape = Geometry.polygon(polygon)
            if index == 1 {
                let lake = around(Double(index) * .pi / 2 + 1.1, radius / 2)
                let ring = (0...100).map { step in
                    let angle = -Double(step % 100) / 100 * 2 * .pi
                    let r = 0.004 * (1 + 0.15 * sin(Double(step) * 0.1))
                    return GeoPoint(
                        latitude: decimal(lake.latitude + r * sin(angle)),
                        longitude: decimal(lake.longitude + r * cos(angle)))
                }
                polygon = Polygon(outer: outer, holes: [ring])
                shape = .polygon(polygon)
            }
            if index == 2 {
                let island = wiggle(
                    around(3.9, radius * 1.15), around(4.3, radius * 1.15), count: 60, amplitude: 0.001, random: &random
                )
                let back = wiggle(
                    around(4.3, radius * 1.15), around(3.9, radius * 1.3), count: 40, amplitude: 0.002, random: &random)
                shape = .multiPolygon(MultiPolygon(polygons: [polygon, Polygon(outer: island + back.dropFirst())]))
            }
            places.append(("borough-\(index)", shape, nil))
        }
        let river = wiggle(
            around(2.0, radius * 1.4), around(5.5, radius * 0.2), count: 300, amplitude: 0.003, random: &random)
        places.append(("river", .lineString(river), nil))
        for index in 0..<200 {
            let spread = index < 150 ? 0.05 : 0.4
            let point = around(
                Double.random(in: 0...(2 * .pi), using: &random), Double.random(in: 0...spread, using: &random))
            places.append(("point-\(index)", nil, point))
        }
        let items = places.enumerated().map { index, place in
            Item(
                id: place.0, slug: place.0, title: "Place \(index)", point: place.2 ?? place.1!.representativePoint,
                values: [], origin: "feature \(index)", geometry: place.1)
        }
        return Dataset(config: config, items: items)
    }

    /// `{"places":[[id,kind,coordinates],…]}`: each place's true geometry as the whole files would
    /// give it unsimplified (a point as kind 0 of one point).
    static func exact(_ dataset: Dataset) -> String {
        let table = TileSet.geometryEntries(dataset.items)
        var json: [UInt8] = Array("{\"places\":[".utf8)
        for (index, item) in dataset.items.enumerated() {
            if index > 0 { json += ",\n".utf8 }
            json.append(UInt8(ascii: "["))
            JSONWriter.appendString(item.id, to: &json)
            json.append(UInt8(ascii: ","))
            if table.byteCount(of: index) > 0 {
                table.append(index, to: &json)
            } else {
                json += "0,[[".utf8
                JSONWriter.appendNumber(item.point.latitude, decimals: 6, to: &json)
                json.append(UInt8(ascii: ","))
                JSONWriter.appendNumber(item.point.longitude, decimals: 6, to: &json)
                json += "]]".utf8
            }
            json.append(UInt8(ascii: "]"))
        }
        json += "]}\n".utf8
        return String(decoding: json, as: UTF8.self)
    }

    @Test("the simplified whole shapes, their parts and the true shapes near me is tested on are the recorded ones")
    func fixtures() throws {
        let dataset = try Self.dataset()
        let tiles = TileSet(dataset: dataset, options: .init(byteBudget: 8000))
        let base = "tiles/\(dataset.name)/"
        var files: [String: String] = [:]
        for (path, json) in tiles.files where path.hasPrefix(base) && !path.hasPrefix(base + "shapes/") {
            if path.hasPrefix(base + "tree/") { continue }
            // Cluster tiles are not read by near me.
            let name = String(path.dropFirst(base.count))
            let parts = name.dropLast(5).split(separator: "/").compactMap { Int($0) }
            if parts.count == 3 && tiles.pyramid.leaf(at: TileKey(z: parts[0], x: parts[1], y: parts[2])) == nil {
                continue
            }
            files[name] = json
        }
        files["exact.json"] = Self.exact(dataset)
        let simplified = files.filter { $0.key.hasPrefix("whole/") && $0.key.split(separator: "/").count == 5 }
        #expect(simplified.count >= 8, "every shape is simplified, in parts")
        #expect(tiles.pyramid.leaves.count > 4, "near me reads point tiles by their bounds")
        if BrowserTileFixtureTests.recording {
            try? FileManager.default.removeItem(atPath: Self.folder)
            for (path, text) in files {
                let target = Self.folder + "/" + path
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: target))
            }
            Issue.record(
                "Recorded \(files.count) files in Tests/Fixtures/browser/whole-shapes: review them with git diff")
            return
        }
        let recorded = Set(filesBelow(Self.folder))
        #expect(recorded == Set(files.keys), "record the fixtures again with MAPSITE_RECORD=1")
        let differing = files.keys.sorted().filter {
            recorded.contains($0) && readText(Self.folder + "/" + $0) != files[$0]
        }
        #expect(differing.isEmpty, "differ from Tests/Fixtures/browser/whole-shapes: \(differing)")
    }
}
