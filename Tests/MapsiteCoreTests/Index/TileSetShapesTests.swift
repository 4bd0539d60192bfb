import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

@Suite("TileSet shapes")
struct TileSetShapesTests {
    /// Lines and polygons around Philadelphia, and points among them.
    private static func dataset() throws -> Dataset {
        let config = try TestDataset.config("source: data/places.geojson\ntile_budget: 4000")
        var random = SplitMix64(seed: 3)
        let shapes = (0..<240).map { index -> Geometry? in
            if index % 3 == 0 { return nil }
            let centre = GeoPoint(
                latitude: 39.95 + Double.random(in: -0.05...0.05, using: &random),
                longitude: -75.16 + Double.random(in: -0.05...0.05, using: &random))
            let ring = (0...8).map { step -> GeoPoint in
                let angle = Double(step % 8) * .pi / 4
                let radius = step % 2 == 0 ? 0.002 : 0.0012
                return GeoPoint(
                    latitude: centre.latitude + radius * sin(angle), longitude: centre.longitude + radius * cos(angle))
            }
            return index % 3 == 1 ? .polygon(Polygon(outer: ring)) : .lineString(Array(ring.prefix(6)))
        }
        let items = shapes.enumerated().map { index, shape in
            Item(
                id: "p\(index)", slug: "place-\(index)", title: "Place \(index)",
                point: shape?.representativePoint
                    ?? GeoPoint(latitude: 39.95 + Double(index) * 1e-4, longitude: -75.16),
                values: [], origin: "feature \(index)", geometry: shape)
        }
        return Dataset(config: config, items: items)
    }

    @Test("version 2: each place's whole geometry in its point tile, reaches, shape tiles, budgets held")
    func shapesInTiles() throws {
        let dataset = try Self.dataset()
        let tiles = TileSet(dataset: dataset, options: .init(byteBudget: 4000))
        let files = Dictionary(uniqueKeysWithValues: tiles.files.map { ($0.path, $0.json) })
        struct Manifest: Decodable {
            struct Shapes: Decodable {
                var leaves: [String]
                var tiles: [String]
            }
            var version: Int
            var leaves: [String]
            var reach: [String: Int]
            var shapes: Shapes?
        }
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(try #require(files["tiles/\(dataset.name)/index.json"]).utf8))
        #expect(manifest.version == 2)
        let shapes = try #require(manifest.shapes)
        #expect(shapes.leaves.count + shapes.tiles.count > 4)
        #expect(
            Set(files.keys.filter { $0.contains("/shapes/") }).count == shapes.leaves.count + shapes.tiles.count)
        for (path, json) in files where !path.hasSuffix("index.json") {
            #expect(json.utf8.count <= 4000, "\(path): \(json.utf8.count) bytes")
        }

        // Every place is in one point tile; a place with a shape brings its whole geometry.
        var seen: [String: Int] = [:]
        for key in manifest.leaves {
            let t = tileOf(key)
            let json = try #require(files["tiles/\(dataset.name)/\(t.z)/\(t.x)/\(t.y).json"])
            let tile = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let places = try #require(tile["p"] as? [[Any]])
            let geometries = (tile["g"] as? [[Any]]) ?? []
            var reach = 0.0
            for entry in geometries {
                let index = try #require(entry[0] as? Int)
                let id = try #require(places[index][2] as? String)
                let item = try #require(dataset.items.first { $0.id == id })
                let geometry = try #require(item.geometry)
                // The vertices, to 6 decimals, in order.
                let written = flatten(entry[2])
                let expected = geometry.allPoints.flatMap { [$0.latitude, $0.longitude] }
                #expect(written.count == expected.count, "\(id)")
                for (a, b) in zip(written, expected) { #expect(abs(a - b) <= 5.1e-7, "\(id)") }
                reach = max(reach, geometry.reach(from: item.point))
            }
            for place in places { seen[place[2] as! String, default: 0] += 1 }
            if geometries.isEmpty {
                #expect(manifest.reach[key] == nil)
            } else {
                #expect(Double(try #require(manifest.reach[key])) >= reach, "\(key)")
            }
            #expect(
                geometries.count == places.indices.filter { dataset.items[itemIndex(places[$0])].geometry != nil }.count
            )
        }
        #expect(seen.count == dataset.items.count && seen.values.allSatisfy { $0 == 1 })

        // Every shape reaches a shape leaf.
        var drawn = Set<String>()
        for key in shapes.leaves {
            let t = tileOf(key)
            let json = try #require(files["tiles/\(dataset.name)/shapes/\(t.z)/\(t.x)/\(t.y).json"])
            let tile = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            for entry in try #require(tile["s"] as? [[Any]]) { drawn.insert(entry[2] as! String) }
        }
        #expect(drawn == Set(dataset.items.filter { $0.geometry != nil }.map(\.id)))
    }

    private func itemIndex(_ place: [Any]) -> Int { Int((place[2] as! String).dropFirst())! }

    private func tileOf(_ key: String) -> (z: Int, x: Int, y: Int) {
        var x = 0
        var y = 0
        for digit in key.compactMap({ Int(String($0)) }) {
            x = 2 * x + (digit & 1)
            y = 2 * y + (digit >> 1)
        }
        return (key.count, x, y)
    }

    private func flatten(_ value: Any) -> [Double] {
        if let number = value as? Double { return [number] }
        if let number = value as? Int { return [Double(number)] }
        return (value as? [Any] ?? []).flatMap(flatten)
    }
}
