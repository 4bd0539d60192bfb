import Foundation
import MapsiteGeo

/// One dataset's map tiles as files: the manifest and every point and cluster tile, encoded as
/// compact JSON (format in `docs/tile-format.md`).
public struct TileSet: Sendable {
    public static let formatVersion = 6
    /// Decimals of coordinates in tiles: 6 is about 0.1 m.
    static let decimals = 6

    public var dataset: String
    public var pyramid: TilePyramid
    /// The tiles of the dataset's lines and polygons, or `nil` when it has none.
    public var shapes: ShapePyramid?
    /// The manifest's `bounds`: around the places' points and their whole shapes, east past 180
    /// when they lie across the antimeridian (`bounds(_:points:)`), or `nil` without places.
    public var bounds: GeoBounds?
    /// Site path → JSON text, manifest included.
    public var files: [(path: String, json: String)]

    /// Tiles every item of `dataset`.
    /// - Complexity: O(n log n): one encoding per item, then the pyramid (see `TilePyramid`).
    public init(dataset: Dataset, options: TilePyramid.Options = .init()) {
        let entries = Self.pointEntries(dataset.items)
        var options = options
        options.tileOverhead = Self.leafOverhead
        // A place with a shape also brings its whole geometry, `[index,…]`, into the file of its
        // point tile's whole shapes (`{"g":[]}` and a newline more): both count against the budget,
        // a large shape simplified to a tenth of it (`wholeShapes`).
        let whole = Self.wholeShapes(dataset.items, byteBudget: options.byteBudget)
        let geometries = whole.entries
        let sizes = (0..<entries.count).map { index in
            let geometry = geometries.byteCount(of: index)
            return entries.byteCount(of: index) + 1 + (geometry > 0 ? geometry + 20 : 0)
        }
        let pyramid = TilePyramid(points: dataset.items.map(\.point), pointSizes: sizes, options: options)
        self.dataset = dataset.name
        self.pyramid = pyramid
        let base = "tiles/\(dataset.name)/"
        var files: [(String, String)] = []
        files.reserveCapacity(pyramid.leaves.count + pyramid.clusterTiles.count + 1)
        // Every tile is written into one buffer, emptied in between, from the entries' bytes.
        var json: [UInt8] = []
        for leaf in pyramid.leaves {
            json.removeAll(keepingCapacity: true)
            json += "{\"p\":[".utf8
            Self.append(leaf.points.lazy.map { Int($0) }, of: entries, to: &json)
            json += "]}\n".utf8
            files.append((base + Self.path(leaf.key), String(decoding: json, as: UTF8.self)))
            // The whole shapes of its places, apart, for near me: the map needs only the points.
            json.removeAll(keepingCapacity: true)
            if Self.appendGeometries(leaf.points, geometries, to: &json) {
                files.append((base + "whole/" + Self.path(leaf.key), String(decoding: json, as: UTF8.self)))
                // A simplified shape's true vertices, in parts: whole/<z>/<x>/<y>/<index>.<part>.json.
                let folder = base + "whole/\(leaf.key.z)/\(leaf.key.x)/\(leaf.key.y)/"
                for (index, point) in leaf.points.enumerated() {
                    for (part, text) in (whole.parts[Int(point)] ?? []).enumerated() {
                        files.append((folder + "\(index).\(part).json", text))
                    }
                }
            }
        }
        dataset.items.withUnsafeBufferPointer { items in
            for tile in pyramid.clusterTiles {
                json.removeAll(keepingCapacity: true)
                json += "{\"c\":[".utf8
                var first = true
                for cluster in tile.clusters where cluster.count != 1 {
                    if !first { json.append(UInt8(ascii: ",")) }
                    first = false
                    Self.appendClusterEntry(cluster, items: items, to: &json)
                }
                json += "],\"p\":[".utf8
                let points = tile.clusters.lazy.filter { $0.count == 1 }.map { Int($0.representative) }
                Self.append(points, of: entries, to: &json)
                json += "]}\n".utf8
                files.append((base + Self.path(tile.key), String(decoding: json, as: UTF8.self)))
            }
        }
        // With filters, each shape piece names its place's number (`placeOrder`), which the map
        // keeps or leaves out as a filter matches it.
        var numbers: [Int32]?
        if !dataset.config.filters.isEmpty {
            var number = [Int32](repeating: 0, count: dataset.items.count)
            for (position, item) in Self.placeOrder(pyramid).enumerated() { number[Int(item)] = Int32(position) }
            numbers = number
        }
        let hasShapes = dataset.items.contains { item in
            if case .lineString = item.geometry { return true }
            if case .multiLineString = item.geometry { return true }
            return Self.hasPolygon(item.geometry)
        }
        var shapes: (pyramid: ShapePyramid, tree: String)?
        if hasShapes {
            let headers = Self.shapeHeaders(dataset.items)
            let pyramid = ShapePyramid(
                shapes: dataset.items.map(\.geometry),
                headerSizes: (0..<headers.count).map { headers.byteCount(of: $0) },
                options: .init(
                    byteBudget: options.byteBudget, maxZoom: options.maxZoom, tileOverhead: Self.shapeTileOverhead))
            // Written on two threads: the tiles are many, and each is read alone. A simplified tile
            // with nothing to draw has no file: the tree marks it (`shapeTrees`).
            let tiles = pyramid.leaves + pyramid.tiles.filter { !$0.drawsNothing }
            let texts = TwoHalves.map(count: tiles.count) { index in
                var json: [UInt8] = []
                Self.shapeTile(tiles[index], headers: headers, numbers: numbers, to: &json)
                return String(decoding: json, as: UTF8.self)
            }
            for (tile, text) in zip(tiles, texts) { files.append((base + "shapes/" + Self.path(tile.key), text)) }
            let trees = Self.shapeTrees(pyramid)
            for subtree in trees.subtrees {
                files.append((base + "tree/" + Self.path(subtree.key), Self.subtreeFile(subtree.tree)))
            }
            shapes = (pyramid, trees.tree)
        }
        self.shapes = shapes?.pyramid
        // The places' points and their whole shapes, across ±180 when that is narrower.
        bounds = Self.bounds(dataset.items, points: pyramid.bounds)
        files.append(
            (base + "index.json", Self.manifest(dataset: dataset, pyramid: pyramid, shapes: shapes, bounds: bounds)))
        self.files = files
    }

    /// The places in the order of the point tiles in the manifest's tree, each tile's in the order
    /// of its `p`: the numbers of the filter files (`FilterIndex`), in which every point tile and
    /// every cell of the quadtree above them is a run of numbers. Number → index of the item.
    static func placeOrder(_ pyramid: TilePyramid) -> [Int32] {
        let byKey = Dictionary(uniqueKeysWithValues: pyramid.leaves.map { ($0.key, $0) })
        let tree = quadtree(leaves: Set(byKey.keys), tiles: Set(pyramid.clusterTiles.map(\.key)))
        return tree.leaves.flatMap { byKey[$0]!.points }
    }

    /// `{"g":[[index,kind,coordinates],…]}` and a newline for the places of a point tile that
    /// have a shape (`index` into the tile's `p`); nothing, and `false`, when none has.
    private static func appendGeometries(_ points: [Int32], _ geometries: TextTable, to json: inout [UInt8]) -> Bool {
        var first = true
        for (index, point) in points.enumerated() where geometries.byteCount(of: Int(point)) > 0 {
            json += (first ? "{\"g\":[[" : ",[").utf8
            first = false
            Digits.append(UInt64(index), to: &json)
            json.append(UInt8(ascii: ","))
            geometries.append(Int(point), to: &json)
            json.append(UInt8(ascii: "]"))
        }
        if !first { json += "]}\n".utf8 }
        return !first
    }

    /// `{"p":[]}` and a newline.
    static let leafOverhead = 9

    static func path(_ key: TileKey) -> String { "\(key.z)/\(key.x)/\(key.y).json" }

    /// The entries of `points` (indexes into `entries`), separated by commas.
    private static func append<Points: Sequence<Int>>(_ points: Points, of entries: TextTable, to json: inout [UInt8]) {
        var first = true
        for point in points {
            if !first { json.append(UInt8(ascii: ",")) }
            first = false
            entries.append(point, to: &json)
        }
    }

    /// Each item as `[lat,lon,"id","title","slug"]`, with the thumbnail URL as a sixth element when
    /// there is one, written as bytes into one table: a tile copies the bytes of its points.
    static func pointEntries(_ items: [Item]) -> TextTable {
        // Items are read in place: copying one out would retain and release each of its texts.
        items.withUnsafeBufferPointer { items in
            TextTable(count: items.count) { index, json in
                json.append(UInt8(ascii: "["))
                JSONWriter.appendNumber(items[index].point.latitude, decimals: decimals, to: &json)
                json.append(UInt8(ascii: ","))
                JSONWriter.appendNumber(items[index].point.longitude, decimals: decimals, to: &json)
                json.append(UInt8(ascii: ","))
                JSONWriter.appendString(items[index].id, to: &json)
                json.append(UInt8(ascii: ","))
                JSONWriter.appendString(ShownText.cut(items[index].title), to: &json)
                json.append(UInt8(ascii: ","))
                JSONWriter.appendString(items[index].slug, to: &json)
                if let thumbnail = items[index].thumbnail.flatMap({ SafeURL.sanitize($0) }) {
                    json.append(UInt8(ascii: ","))
                    JSONWriter.appendString(thumbnail, to: &json)
                }
                json.append(UInt8(ascii: "]"))
            }
        }
    }

    /// Appends `[lat,lon,count,[south,west,north,east],expansionZoom,"representative title","representative slug"]`.
    static func appendClusterEntry(_ cluster: Cluster, items: UnsafeBufferPointer<Item>, to json: inout [UInt8]) {
        let representative = Int(cluster.representative)
        let b = cluster.bounds
        json.append(UInt8(ascii: "["))
        for number in [cluster.centre.latitude, cluster.centre.longitude] {
            JSONWriter.appendNumber(number, decimals: decimals, to: &json)
            json.append(UInt8(ascii: ","))
        }
        Digits.append(UInt64(cluster.count), to: &json)
        json += ",[".utf8
        for (index, number) in [b.minLatitude, b.minLongitude, b.maxLatitude, b.maxLongitude].enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            JSONWriter.appendNumber(number, decimals: decimals, to: &json)
        }
        json += "],".utf8
        Digits.append(UInt64(cluster.expansionZoom), to: &json)
        json.append(UInt8(ascii: ","))
        JSONWriter.appendString(ShownText.cut(items[representative].title), to: &json)
        json.append(UInt8(ascii: ","))
        JSONWriter.appendString(items[representative].slug, to: &json)
        json.append(UInt8(ascii: "]"))
    }

    /// The manifest, `index.json`; `shapes`, the shape tiles and their tree down to zoom
    /// `shapeTreeCut` (`shapeTrees`).
    static func manifest(
        dataset: Dataset, pyramid: TilePyramid, shapes: (pyramid: ShapePyramid, tree: String)?, bounds: GeoBounds?
    ) -> String {
        let boxes: JSONWriter.Value = bounds.map(boundsValue) ?? .null
        let points = pointTree(dataset.items, pyramid)
        return JSONWriter.encode(
            .object([
                ("version", .int(formatVersion)),
                ("dataset", .string(dataset.name)),
                ("title", .string(dataset.config.title)),
                ("count", .int(dataset.items.count)),
                ("bounds", boxes),
                ("maxZoom", .int(pyramid.options.maxZoom)),
                ("byteBudget", .int(pyramid.options.byteBudget)),
                ("tree", .string(points.tree)),
                ("reach", .string(points.reach)),
                ("shapes", shapes.map { shapeManifest($0.pyramid, tree: $0.tree, items: dataset.items) } ?? .null),
            ])) + "\n"
    }

    /// `[west, south, east, north]`, as the manifest gives bounds.
    static func boundsValue(_ b: GeoBounds) -> JSONWriter.Value {
        .array([b.minLongitude, b.minLatitude, b.maxLongitude, b.maxLatitude].map { .number($0, decimals: decimals) })
    }
}
