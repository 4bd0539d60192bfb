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

    @Test("version 6: each place's whole geometry beside its point tile, reaches, shape tiles, budgets held")
    func shapesInTiles() throws {
        let dataset = try Self.dataset()
        let tiles = TileSet(dataset: dataset, options: .init(byteBudget: 4000))
        let files = Dictionary(uniqueKeysWithValues: tiles.files.map { ($0.path, $0.json) })
        struct Manifest: Decodable {
            struct Shapes: Decodable {
                var tree: String
            }
            var version: Int
            var tree: String
            var reach: String
            var shapes: Shapes?
        }
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(try #require(files["tiles/\(dataset.name)/index.json"]).utf8))
        #expect(manifest.version == 6)
        // The point tiles and the cluster tiles as a tree; a reach for each point tile, in its order.
        let points = Self.shapeTiles(manifest.tree)
        #expect(Set(points.leaves) == Set(tiles.pyramid.leaves.map(\.key.quadkey)))
        #expect(Set(points.tiles) == Set(tiles.pyramid.clusterTiles.map(\.key.quadkey)))
        #expect(points.leaves == points.leaves.sorted() && manifest.reach.count == points.leaves.count)
        var reaches: [String: Int] = [:]
        for (key, c) in zip(points.leaves, manifest.reach) where c != "-" {
            reaches[key] = TileSet.reachStep(try #require(TileSet.reachCharacters.firstIndex(of: c)))
        }
        // The shape tree down to zoom 4 in the manifest, each deeper subtree in a file of its own.
        var shapes = try #require(manifest.shapes.map { Self.shapeTiles($0.tree, cut: 4) })
        var subtrees = 0
        while let key = shapes.cuts.popLast() {
            let t = tileOf(key)
            let json = try #require(files["tiles/\(dataset.name)/tree/\(t.z)/\(t.x)/\(t.y).json"], "\(key)")
            let file = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
            let part = Self.shapeTiles(try #require(file["t"]), root: key, cut: 4)
            #expect(part.tiles.first == key, "a subtree starts at its own tile")
            shapes.leaves += part.leaves
            shapes.tiles += part.tiles.dropFirst()
            shapes.empty.formUnion(part.empty)
            shapes.cuts += part.cuts
            subtrees += 1
        }
        #expect(subtrees > 0, "the shape tree goes deeper than zoom 4")
        #expect(files.keys.filter { $0.contains("/tree/") }.count == subtrees)
        #expect(shapes.leaves.count + shapes.tiles.count > 4)
        #expect(Set(shapes.leaves).count == shapes.leaves.count && Set(shapes.tiles).count == shapes.tiles.count)
        // A simplified tile with nothing to draw has a letter in the tree and no file.
        #expect(
            Set(files.keys.filter { $0.contains("/shapes/") }).count
                == shapes.leaves.count + shapes.tiles.count - shapes.empty.count)
        for (path, json) in files where !path.hasSuffix("index.json") {
            #expect(json.utf8.count <= 4000, "\(path): \(json.utf8.count) bytes")
        }

        // Every place is in one point tile; a place with a shape has its whole geometry beside it.
        var seen: [String: Int] = [:]
        for key in points.leaves {
            let t = tileOf(key)
            let json = try #require(files["tiles/\(dataset.name)/\(t.z)/\(t.x)/\(t.y).json"])
            let tile = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let places = try #require(tile["p"] as? [[Any]])
            #expect(tile["g"] == nil, "the map's point tiles hold no shapes")
            // The whole shapes, beside the tile, for near me.
            let whole = files["tiles/\(dataset.name)/whole/\(t.z)/\(t.x)/\(t.y).json"]
            #expect((whole != nil) == (reaches[key] != nil), "\(key)")
            let wholeTile = try whole.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            let geometries = (wholeTile??["g"] as? [[Any]]) ?? []
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
                #expect(reaches[key] == nil)
            } else {
                // At least the farthest a shape reaches, rounded up, plus one; under half again that.
                let step = Double(try #require(reaches[key]))
                #expect(step >= reach.rounded(.up) + 1 && step < 1.5 * (reach.rounded(.up) + 1), "\(key)")
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

        // The shape tiles' text reads back as the pyramid's pieces: simplified ones exactly (they
        // are on the grid already), leaves within half a unit of their grid.
        let pyramid = try #require(tiles.shapes)
        #expect(Set(shapes.leaves) == Set(pyramid.leaves.map(\.key.quadkey)))
        #expect(Set(shapes.tiles) == Set(pyramid.tiles.map(\.key.quadkey)))
        #expect(shapes.empty == Set(pyramid.tiles.filter(\.pieces.isEmpty).map(\.key.quadkey)))
        #expect(pyramid.tiles.allSatisfy { !$0.pieces.isEmpty || !$0.dropped.isEmpty })
        for tile in pyramid.leaves + pyramid.tiles {
            let t = tile.key
            if !tile.isLeaf && tile.pieces.isEmpty {
                #expect(files["tiles/\(dataset.name)/shapes/\(t.z)/\(t.x)/\(t.y).json"] == nil)
                continue
            }
            let json = try #require(files["tiles/\(dataset.name)/shapes/\(t.z)/\(t.x)/\(t.y).json"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            #expect(object["e"] as? Int == tile.units)
            let entries = try #require(object["s"] as? [[Any]])
            #expect(entries.count == tile.pieces.count)
            for (entry, piece) in zip(entries, tile.pieces) {
                var units = tile.units
                if let own = entry[0] as? [Int] {
                    #expect(own == [piece.kind.rawValue, try #require(piece.units)])
                    units = own[1]
                } else {
                    #expect(entry[0] as? Int == piece.kind.rawValue && piece.units == nil)
                }
                let scale = pow(2, Double(t.z)) * Double(units)
                let rings = piece.kind == .lines ? (entry[1] as! [[Int]]) : (entry[1] as! [[[Int]]]).flatMap { $0 }
                let expected = piece.parts.flatMap { $0 }
                #expect(rings.count == expected.count, "\(t) \(piece.item)")
                for (flat, ring) in zip(rings, expected) {
                    #expect(flat.count == 2 * ring.count, "\(t) \(piece.item)")
                    var x = 0
                    var y = 0
                    for (index, point) in ring.enumerated() where 2 * index + 1 < flat.count {
                        x += flat[2 * index]
                        y += flat[2 * index + 1]
                        let offX = abs(Double(x + t.x * units) - point.x * scale)
                        let offY = abs(Double(y + t.y * units) - point.y * scale)
                        let allowed = tile.isLeaf ? 0.5 + 1e-6 : 1e-6
                        #expect(offX <= allowed && offY <= allowed, "\(t) \(piece.item): \(offX), \(offY) units off")
                    }
                }
            }
        }
        #expect(!pyramid.tiles.isEmpty, "no simplified shape tile")
    }

    @Test("pointsBelow: where every polygon is 2 pixels across and no tile leaves one out; null with points or lines")
    func pointsBelow() throws {
        struct Manifest: Decodable {
            struct Shapes: Decodable {
                var pointsBelow: Int?
                var tree: String
            }
            var shapes: Shapes?
        }
        func manifest(_ tiles: TileSet) throws -> Manifest {
            let json = try #require(tiles.files.first { $0.path.hasSuffix("/index.json") }?.json)
            return try JSONDecoder().decode(Manifest.self, from: Data(json.utf8))
        }
        /// The least zoom at which every polygon of `items` is 2 pixels across in Web Mercator
        /// (the larger side of its box), measured here from the degrees.
        func sizeZoom(_ items: [Item]) -> Int {
            func mercator(_ p: GeoPoint) -> (x: Double, y: Double) {
                let phi = p.latitude * .pi / 180
                return ((p.longitude + 180) / 360, (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2)
            }
            let smallest = items.map { item -> Double in
                let points = item.geometry!.polygons.flatMap(\.outer).map(mercator)
                let xs = points.map(\.x)
                let ys = points.map(\.y)
                return max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
            }.min()!
            return (0...24).first { smallest * 256 * pow(2, Double($0)) >= 2 }!
        }
        let mixed = try Self.dataset()
        #expect(try manifest(TileSet(dataset: mixed, options: .init(byteBudget: 4000))).shapes?.pointsBelow == nil)
        // The polygons alone, a tight budget so that some tiles deeper than that leave some out.
        let polygons = Dataset(
            config: mixed.config, items: mixed.items.filter { $0.geometry?.polygons.isEmpty == false })
        let tiles = TileSet(dataset: polygons, options: .init(byteBudget: 2000))
        // From the files: the zooms of the shape tiles whose `d` counts places not drawn, and of
        // those with nothing to draw, which have no file (every shape reaching them left out).
        var leavingOut: [Int] = []
        for (path, json) in tiles.files where path.contains("/shapes/") {
            let file = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            if try #require(file["d"] as? Int) > 0 { leavingOut.append(Int(path.split(separator: "/")[3])!) }
        }
        var tree = Self.shapeTiles(try #require(try manifest(tiles).shapes?.tree), cut: 4)
        while let key = tree.cuts.popLast() {
            let t = tileOf(key)
            let json = try #require(tiles.files.first { $0.path.hasSuffix("/tree/\(t.z)/\(t.x)/\(t.y).json") }?.json)
            let file = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
            let part = Self.shapeTiles(try #require(file["t"]), root: key, cut: 4)
            tree.empty.formUnion(part.empty)
            tree.cuts += part.cuts
        }
        #expect(!tree.empty.isEmpty, "no tile with nothing to draw: the test shows less")
        leavingOut += tree.empty.map(\.count)
        let size = sizeZoom(polygons.items)
        #expect(leavingOut.max()! >= size, "no tile at or past the size zoom leaves a polygon out: the test shows less")
        #expect(try manifest(tiles).shapes?.pointsBelow == max(size, leavingOut.max()! + 1))
        // A budget every tile fits: the smallest polygon's size alone decides.
        let roomy = TileSet(dataset: polygons, options: .init(byteBudget: 1_000_000))
        #expect(try manifest(roomy).shapes?.pointsBelow == size)
    }

    /// The quadkeys of the leaves and the internal tiles of a manifest's shape `tree`, read as
    /// docs/tile-format.md describes it.
    /// The leaves and internal tiles of a tree from `root`, and those of the internal tiles with
    /// nothing to draw (a letter from `g` in place of the hex digit); with `cut`, a tile below the
    /// root at a zoom divisible by it has its children, if any, elsewhere (and is listed in `cuts`).
    private static func shapeTiles(_ tree: String, root: String = "", cut: Int? = nil) -> (
        leaves: [String], tiles: [String], empty: Set<String>, cuts: [String]
    ) {
        var leaves: [String] = []
        var tiles: [String] = []
        var empty = Set<String>()
        var cuts: [String] = []
        var rest = Substring(tree)
        func visit(_ key: String) {
            guard let c = rest.popFirst() else {
                Issue.record("the tree ends early")
                return
            }
            if c == "-" {
                leaves.append(key)
                return
            }
            tiles.append(key)
            let emptyDigits = Array("ghijklmnopqrstuv")
            var mask = Int(String(c), radix: 16) ?? 0
            if let digit = emptyDigits.firstIndex(of: c) {
                empty.insert(key)
                mask = digit
            }
            if let cut, key != root, key.count % cut == 0 {
                if mask != 0 { cuts.append(key) }
                return
            }
            for d in 0..<4 where mask >> d & 1 == 1 { visit(key + String(d)) }
        }
        if !tree.isEmpty { visit(root) }
        #expect(rest.isEmpty, "characters left after the tree")
        return (leaves, tiles, empty, cuts)
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
