import Foundation
import MapsiteGeo

extension TileSet {
    /// Each item's whole geometry as a point tile's `g` entry without its index,
    /// `kind,[coordinates]` (kind 0 points, 1 lines, 3 polygons; positions `[lat,lon]`, 6
    /// decimals, rings as written); empty for points.
    static func geometryEntries(_ items: [Item]) -> TextTable {
        items.withUnsafeBufferPointer { items in
            TextTable(concurrentCount: items.count) { index, json in
                guard let geometry = items[index].geometry else { return }
                switch geometry {
                case .point(let point): appendKind(0, [[[point]]], decimals: decimals, to: &json)
                case .multiPoint(let points): appendKind(0, [[points]], decimals: decimals, to: &json)
                case .lineString, .multiLineString:
                    appendKind(1, geometry.lines.map { [$0] }, decimals: decimals, to: &json)
                case .polygon, .multiPolygon:
                    appendKind(3, geometry.polygons.map(\.rings), decimals: decimals, to: &json)
                }
            }
        }
    }

    /// `kind,coordinates`: points as `[[lat,lon],…]`, lines as `[[[lat,lon],…],…]`, polygons as
    /// `[[[[lat,lon],…],…],…]` (polygons of rings).
    private static func appendKind(_ kind: Int, _ parts: [[[GeoPoint]]], decimals: Int, to json: inout [UInt8]) {
        Digits.append(UInt64(kind), to: &json)
        json.append(UInt8(ascii: ","))
        if kind == 0 {
            appendPositions(parts[0][0], decimals: decimals, to: &json)
            return
        }
        json.append(UInt8(ascii: "["))
        for (partIndex, part) in parts.enumerated() {
            if partIndex > 0 { json.append(UInt8(ascii: ",")) }
            if kind == 3 { json.append(UInt8(ascii: "[")) }
            for (ringIndex, ring) in part.enumerated() {
                if ringIndex > 0 { json.append(UInt8(ascii: ",")) }
                appendPositions(ring, decimals: decimals, to: &json)
            }
            if kind == 3 { json.append(UInt8(ascii: "]")) }
        }
        json.append(UInt8(ascii: "]"))
    }

    /// `[[lat,lon],…]` of `points`, each to `decimals` (whole shapes and their simplified parts).
    static func appendPositions<Points: Sequence<GeoPoint>>(
        _ points: Points, decimals: Int, to json: inout [UInt8]
    ) {
        json.append(UInt8(ascii: "["))
        var first = true
        for point in points {
            if !first { json.append(UInt8(ascii: ",")) }
            first = false
            json.append(UInt8(ascii: "["))
            JSONWriter.appendNumber(point.latitude, decimals: decimals, to: &json)
            json.append(UInt8(ascii: ","))
            JSONWriter.appendNumber(point.longitude, decimals: decimals, to: &json)
            json.append(UInt8(ascii: "]"))
        }
        json.append(UInt8(ascii: "]"))
    }

    /// Each item as the tail of a shape entry, `"id","title","slug"` and the thumbnail when there
    /// is one, as in point entries.
    static func shapeHeaders(_ items: [Item]) -> TextTable {
        items.withUnsafeBufferPointer { items in
            TextTable(count: items.count) { index, json in
                JSONWriter.appendString(items[index].id, to: &json)
                json.append(UInt8(ascii: ","))
                JSONWriter.appendString(items[index].title, to: &json)
                json.append(UInt8(ascii: ","))
                JSONWriter.appendString(items[index].slug, to: &json)
                if let thumbnail = items[index].thumbnail.flatMap({ SafeURL.sanitize($0) }) {
                    json.append(UInt8(ascii: ","))
                    JSONWriter.appendString(thumbnail, to: &json)
                }
            }
        }
    }

    /// `{"e":units,"s":[…],"d":n}` and a newline: the tile's pieces as `[kind,coordinates,"id",
    /// "title","slug"(,"thumbnail")]` (kind `[kind,units]` for a piece on a grid of its own), each
    /// ring (or line) a flat list of whole grid units from the tile's top left corner, `units` to
    /// the tile's side: its first vertex `x,y`, then each vertex as its step from the one before;
    /// and the number of places not drawn.
    /// With `numbers` (each item's place number), `"n": [number, …]`, one a piece, follows `"s"`.
    static func shapeTile(
        _ tile: ShapePyramid.Tile, headers: TextTable, numbers: [Int32]? = nil, to json: inout [UInt8]
    ) {
        // The tile's size bound holds it: one allocation, not one each time the bytes double.
        json.reserveCapacity(json.count + tile.byteSize)
        json += "{\"e\":".utf8
        Digits.append(UInt64(tile.units), to: &json)
        json += ",\"s\":[".utf8
        for (index, piece) in tile.pieces.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "["))
            let units = piece.units ?? tile.units
            if let own = piece.units {
                json.append(UInt8(ascii: "["))
                Digits.append(UInt64(piece.kind.rawValue), to: &json)
                json.append(UInt8(ascii: ","))
                Digits.append(UInt64(own), to: &json)
                json.append(UInt8(ascii: "]"))
            } else {
                Digits.append(UInt64(piece.kind.rawValue), to: &json)
            }
            json += ",[".utf8
            for (partIndex, part) in piece.parts.enumerated() {
                if partIndex > 0 { json.append(UInt8(ascii: ",")) }
                if piece.kind == .polygons { json.append(UInt8(ascii: "[")) }
                for (ringIndex, ring) in part.enumerated() {
                    if ringIndex > 0 { json.append(UInt8(ascii: ",")) }
                    appendSteps(ring, tile: tile.key, units: units, to: &json)
                }
                if piece.kind == .polygons { json.append(UInt8(ascii: "]")) }
            }
            json += "],".utf8
            headers.append(Int(piece.item), to: &json)
            json.append(UInt8(ascii: "]"))
        }
        if let numbers {
            json += "],\"n\":[".utf8
            for (index, piece) in tile.pieces.enumerated() {
                if index > 0 { json.append(UInt8(ascii: ",")) }
                Digits.append(UInt64(numbers[Int(piece.item)]), to: &json)
            }
        }
        json += "],\"d\":".utf8
        Digits.append(UInt64(tile.dropped.count), to: &json)
        json += "}\n".utf8
    }

    /// `[x,y,dx,dy,…]`: the points on the grid of `units` per side of `tile`, from its top left
    /// corner, the first whole and each other as its step from the one before.
    private static func appendSteps(_ points: [WorldPoint], tile: TileKey, units: Int, to json: inout [UInt8]) {
        let scale = pow(2, Double(tile.z)) * Double(units)
        let originX = Int64(tile.x) * Int64(units)
        let originY = Int64(tile.y) * Int64(units)
        var previous: (x: Int64, y: Int64) = (0, 0)
        json.append(UInt8(ascii: "["))
        for (index, point) in points.enumerated() {
            let x = Int64((point.x * scale).rounded()) - originX
            let y = Int64((point.y * scale).rounded()) - originY
            if index > 0 { json.append(UInt8(ascii: ",")) }
            appendInteger(x - previous.x, to: &json)
            json.append(UInt8(ascii: ","))
            appendInteger(y - previous.y, to: &json)
            previous = (x, y)
        }
        json.append(UInt8(ascii: "]"))
    }

    private static func appendInteger(_ value: Int64, to json: inout [UInt8]) {
        if value < 0 { json.append(UInt8(ascii: "-")) }
        Digits.append(value.magnitude, to: &json)
    }

    /// `{"e":1073741824,"s":[],"d":0}` and a newline, and room for the count.
    static let shapeTileOverhead = 44

    /// The zooms at which the shape tree is cut: the manifest's `shapes.tree` lists the shape
    /// tiles down to zoom 4, and each tile at zoom 4, 8, 12 or 16 with children has its subtree,
    /// down to the next of these zooms, in a file of its own (`shapeTrees`).
    static let shapeTreeCut = 4

    /// The manifest's `shapes`: the shape tiles' quadtree down to zoom `shapeTreeCut`
    /// (`tree`, from `shapeTrees`), how they were cut, and the zoom from which the map needs no
    /// point tiles (`pointsBelow`).
    static func shapeManifest(_ pyramid: ShapePyramid, tree: String, items: [Item]) -> JSONWriter.Value {
        .object([
            ("tree", .string(tree)),
            ("buffer", .number(pyramid.options.buffer, decimals: 2)),
            ("tolerance", .number(pyramid.options.tolerance, decimals: 2)),
            ("minimumSize", .number(pyramid.options.minimumSize, decimals: 2)),
            ("pointsBelow", pointsBelow(pyramid, items: items).map { .int($0) } ?? .null),
        ])
    }

    /// The zoom from which every place is drawn as its polygon wherever it is (`drawnFrom`), so
    /// that the map needs neither pins nor clusters there. `nil` when some place is a point or a
    /// line, which always has its pin (a line is too thin to take a finger's tap).
    /// - Complexity: O(n) for n places.
    static func pointsBelow(_ pyramid: ShapePyramid, items: [Item]) -> Int? {
        guard items.indices.allSatisfy({ hasPolygon(items[$0].geometry) }) else { return nil }
        return pyramid.drawnFrom
    }

    /// Whether `geometry` has a polygon (`polygons` is not empty), found without listing them:
    /// `pointsBelow` asks it of every place.
    static func hasPolygon(_ geometry: Geometry?) -> Bool {
        switch geometry {
        case .polygon: true
        case .multiPolygon(let shape): !shape.polygons.isEmpty
        default: false
        }
    }

    /// The shape tiles as one character each (`quadtree`; a simplified tile with nothing to draw, at
    /// a zoom where every shape reaching it is too small, has a letter and no file), cut every
    /// `shapeTreeCut` zooms: the tree from tile 0/0/0, and for each tile cut with children, its
    /// subtree from itself (its own character first) down to the next zoom cut, as
    /// `tree/<z>/<x>/<y>.json` holds it.
    /// - Complexity: O(t) for t tiles.
    static func shapeTrees(_ pyramid: ShapePyramid) -> (tree: String, subtrees: [(key: TileKey, tree: String)]) {
        let leaves = Set(pyramid.leaves.map(\.key))
        let tiles = Set(pyramid.tiles.map(\.key))
        let empty = Set(pyramid.tiles.filter(\.drawsNothing).map(\.key))
        let top = quadtree(leaves: leaves, tiles: tiles, empty: empty, cut: shapeTreeCut)
        var subtrees: [(key: TileKey, tree: String)] = []
        var queue = top.cuts
        while let key = queue.popLast() {
            let part = quadtree(leaves: leaves, tiles: tiles, empty: empty, root: key, cut: shapeTreeCut)
            subtrees.append((key, part.text))
            queue += part.cuts
        }
        return (top.text, subtrees)
    }

    /// `{"t":"subtree"}` and a newline: a subtree of `shapeTrees`.
    static func subtreeFile(_ tree: String) -> String { JSONWriter.encode(.object([("t", .string(tree))])) + "\n" }
}
