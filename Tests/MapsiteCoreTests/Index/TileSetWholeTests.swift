import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

@Suite("TileSet whole shapes")
struct TileSetWholeTests {
    /// Five borough-like polygons of 2,000 vertices each, side by side around New York: each
    /// alone is twice the tile budget written whole.
    private static func dataset() throws -> Dataset {
        let config = try TestDataset.config("source: data/boroughs.geojson\ntile_budget: 20000")
        let items = (0..<5).map { index -> Item in
            let ring = NearMeSimplifierRing.ring(lat: 40.6 + 0.05 * Double(index), lon: -74.0 + 0.04 * Double(index))
            let shape = Geometry.polygon(Polygon(outer: ring))
            return Item(
                id: "b\(index)", slug: "borough-\(index)", title: "Borough \(index)", point: shape.representativePoint,
                values: [], origin: "feature \(index)", geometry: shape)
        }
        return Dataset(config: config, items: items)
    }

    @Test(
        "five large polygons: one point tile within the budget, none over it; their true vertices in parts rebuild them"
    )
    func largeShapes() throws {
        let dataset = try Self.dataset()
        let tiles = TileSet(dataset: dataset, options: .init(byteBudget: 20000))
        // Written whole, each would split the tiles down to zoom 18 and over the budget there.
        let written = TileSet.geometryEntries(dataset.items)
        #expect(written.byteCount(of: 0) > 40000)
        let before = TilePyramid(
            points: dataset.items.map(\.point), pointSizes: (0..<5).map { written.byteCount(of: $0) + 100 },
            options: .init(byteBudget: 20000))
        #expect(before.leafZooms == 18...18 && before.overfullLeaves.count == 5)
        #expect(tiles.pyramid.overfullLeaves.isEmpty)
        #expect(tiles.pyramid.leafZooms == 0...0)
        let files = Dictionary(uniqueKeysWithValues: tiles.files.map { ($0.path, $0.json) })
        let whole = try #require(files["tiles/boroughs/whole/0/0/0.json"])
        #expect(whole.utf8.count <= 20000)
        let entries = try #require(
            (try JSONSerialization.jsonObject(with: Data(whole.utf8)) as? [String: Any])?["g"] as? [[Any]])
        #expect(entries.count == 5)
        let leaf = tiles.pyramid.leaves[0]
        for entry in entries {
            let index = try #require(entry[0] as? Int)
            let tolerance = try #require(entry[3] as? Double)
            let starts = try #require(entry[4] as? [Int])
            #expect(tolerance > 0 && tolerance < 100)
            // The simplified ring with each edge's run put back is the true ring, vertex for vertex.
            let polygons = try #require(entry[2] as? [[[[Double]]]])
            let simple = polygons[0][0]
            var runs: [[[Double]]] = []
            for part in starts.indices {
                let text = try #require(files["tiles/boroughs/whole/0/0/0/\(index).\(part).json"])
                let file = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                runs += try #require(file["r"] as? [[[Double]]])
            }
            #expect(runs.count == simple.count - 1)
            var rebuilt = [simple[0]]
            for (edge, run) in runs.enumerated() { rebuilt += run + [simple[edge + 1]] }
            let item = dataset.items[Int(leaf.points[index])]
            let truth = item.geometry!.polygons[0].rings[0].map { [$0.latitude, $0.longitude] }
            #expect(rebuilt.count == truth.count)
            #expect(zip(rebuilt, truth).allSatisfy { abs($0[0] - $1[0]) < 5e-7 && abs($0[1] - $1[1]) < 5e-7 })
        }
    }
}

/// A closed wiggly ring of 2,000 vertices about 3 km across, on the grid of 6 decimals.
enum NearMeSimplifierRing {
    static func ring(lat: Double, lon: Double) -> [GeoPoint] {
        var random = SplitMix64(seed: 11)
        let points = (0..<2000).map { step -> GeoPoint in
            let angle = Double(step) / 2000 * 2 * .pi
            let r = 0.015 * (1 + 0.1 * sin(angle * 7) + Double.random(in: -0.01...0.01, using: &random))
            return GeoPoint(
                latitude: ((lat + r * sin(angle)) * 1e6).rounded() / 1e6,
                longitude: ((lon + r * cos(angle) / cos(lat * .pi / 180)) * 1e6).rounded() / 1e6)
        }
        return points + [points[0]]
    }
}
