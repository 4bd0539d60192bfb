import Foundation
import MapsiteGeo

/// What "Save for offline" stores of a tour, as `tours/<name>/offline.json`: the tour's page and
/// GPX, its stops' pages, their images and thumbnails, the site's frame (home, offline page,
/// manifest, icons, every asset) and the map tiles of every dataset within a kilometre of the
/// route, so that its map, near me and the stops' pages work with no network.
struct TourOfflineList {
    /// How far around the route's bounds tiles are kept, in metres.
    static let margin = 1000.0

    let tours: [PlannedTour]
    let datasets: [String: Dataset]
    let buildID: String

    /// One file per tour; `sitePaths` are the paths of every file the build writes but the item
    /// pages (assets, pages, tiles), from which the frame and the tiles are picked.
    /// - Complexity: O(t · f) for t tours and f files.
    func files(sitePaths: [String]) -> [OutputFile] {
        let frame = sitePaths.filter { path in
            path.hasPrefix(AssetNames.folder) || path.hasPrefix(AppFiles.iconFolder) || path == AppFiles.offlinePath
                || path == AppFiles.manifestPath
        }
        let tiles = sitePaths.compactMap(Self.tile)
        return tours.map { tour in
            let dataset = datasets[tour.config.dataset]!
            let path = TourPages.path(tour.config)
            var files =
                ["", TourPages.indexPath, path, path + "offline.json", path + tour.config.name + ".gpx", "near/"]
                + frame
            var external: [String] = []
            for position in tour.stops {
                let item = dataset.items[position]
                files.append(ItemPage.path(dataset: dataset.name, slug: item.slug))
                for url in [item.image, item.thumbnail].compactMap({ $0 }) {
                    guard let safe = SafeURL.sanitize(url) else { continue }
                    if SafeURL.isSiteRelative(safe) { files.append(safe) } else { external.append(safe) }
                }
            }
            let box = Self.bounds(tour.stops.map { dataset.items[$0].point })
            files += tiles.filter { $0.box.intersects(box) }.map(\.path)
            let json = JSONWriter.encode(
                .object([
                    ("build", .string(buildID)), ("tour", .string(tour.config.name)),
                    ("files", .array(Self.unique(files).map { .string($0) })),
                    ("external", .array(Self.unique(external).map { .string($0) })),
                ]))
            return OutputFile(path + "offline.json", json + "\n")
        }
    }

    /// A latitude/longitude box.
    struct Box {
        var south, west, north, east: Double

        func intersects(_ other: Box) -> Bool {
            south <= other.north && other.south <= north && west <= other.east && other.west <= east
        }
    }

    /// The box of `points` widened by `margin` on every side.
    static func bounds(_ points: [GeoPoint]) -> Box {
        let south = points.map(\.latitude).min() ?? 0
        let north = points.map(\.latitude).max() ?? 0
        let latitudeMargin = margin / 111_195
        let widest = max(abs(south), abs(north)) + latitudeMargin
        let longitudeMargin = widest >= 89 ? 180 : latitudeMargin / cos(widest * .pi / 180)
        return Box(
            south: south - latitudeMargin, west: (points.map(\.longitude).min() ?? 0) - longitudeMargin,
            north: north + latitudeMargin, east: (points.map(\.longitude).max() ?? 0) + longitudeMargin)
    }

    /// A tile file's path and bounds, from `tiles/<dataset>/<z>/<x>/<y>.json` (or the
    /// `<y>.fields.json` of its list fields); its manifest (`index.json`) with the whole world's.
    static func tile(_ path: String) -> (path: String, box: Box)? {
        guard path.hasPrefix("tiles/"), path.hasSuffix(".json") else { return nil }
        let stem = path.dropLast(5)
        let parts = (stem.hasSuffix(".fields") ? stem.dropLast(7) : stem).split(separator: "/")
        if parts.count == 3, parts[2] == "index" { return (path, Box(south: -90, west: -180, north: 90, east: 180)) }
        // A folder may come between the dataset and the zoom (its shape tiles', whole shapes' or
        // shape subtrees').
        guard parts.count >= 5, let z = Int(parts[parts.count - 3]), let x = Int(parts[parts.count - 2]),
            let y = Int(parts[parts.count - 1]), z < 31
        else { return nil }
        let n = Double(1 << z)
        func latitude(_ row: Int) -> Double { WebMercator.latitude(y: Double(row) / n) }
        func longitude(_ column: Int) -> Double { WebMercator.longitude(x: Double(column) / n) }
        // The top and bottom rows hold the places beyond Web Mercator's ±85.05°.
        return (
            path,
            Box(
                south: y + 1 == Int(n) ? -90 : latitude(y + 1), west: longitude(x),
                north: y == 0 ? 90 : latitude(y), east: longitude(x + 1))
        )
    }

    private static func unique(_ paths: [String]) -> [String] {
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }
}
