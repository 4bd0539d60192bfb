import Foundation
import MapsiteGeo

/// One dataset's map tiles as files: the manifest and every point and cluster tile, encoded as
/// compact JSON (format in the README's "Tile format").
public struct TileSet: Sendable {
    public static let formatVersion = 1
    /// Decimals of coordinates in tiles: 6 is about 0.1 m.
    static let decimals = 6

    public var dataset: String
    public var pyramid: TilePyramid
    /// Site path → JSON text, manifest included.
    public var files: [(path: String, json: String)]

    /// Tiles every item of `dataset`.
    /// - Complexity: O(n log n): one encoding per item, then the pyramid (see `TilePyramid`).
    public init(dataset: Dataset, options: TilePyramid.Options = .init()) {
        let entries = Self.pointEntries(dataset.items)
        var options = options
        options.tileOverhead = Self.leafOverhead
        let pyramid = TilePyramid(
            points: dataset.items.map(\.point), pointSizes: entries.map { $0.utf8.count + 1 }, options: options)
        self.dataset = dataset.name
        self.pyramid = pyramid
        let base = "tiles/\(dataset.name)/"
        var files: [(String, String)] = []
        files.reserveCapacity(pyramid.leaves.count + pyramid.clusterTiles.count + 1)
        for leaf in pyramid.leaves {
            let points = leaf.points.map { entries[Int($0)] }
            files.append((base + Self.path(leaf.key), "{\"p\":[" + points.joined(separator: ",") + "]}\n"))
        }
        for tile in pyramid.clusterTiles {
            var points: [String] = []
            var clusters: [String] = []
            for cluster in tile.clusters {
                if cluster.count == 1 {
                    points.append(entries[Int(cluster.representative)])
                } else {
                    clusters.append(Self.clusterEntry(cluster, items: dataset.items))
                }
            }
            let json =
                "{\"c\":[" + clusters.joined(separator: ",") + "],\"p\":[" + points.joined(separator: ",") + "]}\n"
            files.append((base + Self.path(tile.key), json))
        }
        files.append((base + "index.json", Self.manifest(dataset: dataset, pyramid: pyramid)))
        self.files = files
    }

    /// `{"p":[]}` and a newline.
    static let leafOverhead = 9

    static func path(_ key: TileKey) -> String { "\(key.z)/\(key.x)/\(key.y).json" }

    /// `[lat,lon,"id","title","slug"]`, with the thumbnail URL as a sixth element when there is one.
    static func pointEntries(_ items: [Item]) -> [String] {
        items.map { item in
            var members: [JSONWriter.Value] = [
                .number(item.point.latitude, decimals: decimals), .number(item.point.longitude, decimals: decimals),
                .string(item.id), .string(item.title), .string(item.slug),
            ]
            if let thumbnail = item.thumbnail.flatMap({ SafeURL.sanitize($0) }) { members.append(.string(thumbnail)) }
            return JSONWriter.encode(.array(members))
        }
    }

    /// `[lat,lon,count,[south,west,north,east],expansionZoom,"representative title","representative slug"]`.
    static func clusterEntry(_ cluster: Cluster, items: [Item]) -> String {
        let representative = items[Int(cluster.representative)]
        let b = cluster.bounds
        return JSONWriter.encode(
            .array([
                .number(cluster.centre.latitude, decimals: decimals),
                .number(cluster.centre.longitude, decimals: decimals),
                .int(cluster.count),
                .array(
                    [b.minLatitude, b.minLongitude, b.maxLatitude, b.maxLongitude].map {
                        .number($0, decimals: decimals)
                    }),
                .int(cluster.expansionZoom),
                .string(representative.title),
                .string(representative.slug),
            ]))
    }

    static func manifest(dataset: Dataset, pyramid: TilePyramid) -> String {
        let bounds = pyramid.bounds
        let boxes: JSONWriter.Value =
            bounds.map { b in
                .array(
                    [b.minLongitude, b.minLatitude, b.maxLongitude, b.maxLatitude].map {
                        .number($0, decimals: decimals)
                    })
            } ?? .null
        return JSONWriter.encode(
            .object([
                ("version", .int(formatVersion)),
                ("dataset", .string(dataset.name)),
                ("title", .string(dataset.config.title)),
                ("count", .int(dataset.items.count)),
                ("bounds", boxes),
                ("maxZoom", .int(pyramid.options.maxZoom)),
                ("byteBudget", .int(pyramid.options.byteBudget)),
                ("leaves", .array(pyramid.leaves.map { .string($0.key.quadkey) })),
                ("clusters", .array(pyramid.clusterTiles.map { .string($0.key.quadkey) })),
            ])) + "\n"
    }
}
