import Foundation
import MapsiteGeo

/// What a dataset's map page carries for its first view, so that the view is drawn before any
/// script or tile is fetched (`#map-first-view`, which `page/first-view.js` draws as a static map until
/// Leaflet takes over): the dataset's bounds as its tile manifest gives them (east past 180 when
/// its places lie across the antimeridian, `TileSet.bounds(_:points:)`; the static map draws
/// each place in the copy of the world nearest its centre), and the cluster tiles of every zoom
/// a view fitted to those bounds can have on a screen from a phone's to a large monitor's.
///
/// `{"dataset":…,"bounds":[west,south,east,north],"zooms":[z,…],"tiles":{"<quadkey>":<tile>,…}}`,
/// each tile as its file has it. A zoom is left out when a point tile would be drawn at it (its
/// places are grouped by Leaflet.markercluster in the browser, which a static map cannot do
/// alike) or when its tiles would take the page past `byteBudget`; a dataset with lines or
/// polygons (drawn from their own tiles) gets none.
struct MapFirstView {
    /// The largest map a fitted first view is computed for, in CSS pixels, and the smallest.
    static let largestMap = (width: 3840.0, height: 2160.0)
    static let smallestMap = (width: 280.0, height: 200.0)
    /// The padding and deepest zoom of the first view (`page/map.js`'s `fitBounds`).
    static let padding = 20.0
    static let fittedMaxZoom = 16

    let tileSet: TileSet
    /// The basemap's deepest zoom, which no view passes.
    let maxZoom: Int
    var byteBudget = 16_000

    /// The JSON the page carries, or `nil` when no zoom can be drawn so.
    /// - Complexity: O(t) for the dataset's t tile files.
    func json() -> String? {
        guard tileSet.shapes == nil, let bounds = tileSet.bounds else { return nil }
        let firstLeafZoom = tileSet.pyramid.leafZooms?.lowerBound ?? 0
        let lowest = Self.fittedZoom(bounds, width: Self.smallestMap.width, height: Self.smallestMap.height, maxZoom)
        let highest = Self.fittedZoom(bounds, width: Self.largestMap.width, height: Self.largestMap.height, maxZoom)
        guard lowest < firstLeafZoom else { return nil }
        var wanted: [String: TileKey] = [:]
        for tile in tileSet.pyramid.clusterTiles where (lowest...min(highest, firstLeafZoom - 1)).contains(tile.key.z) {
            wanted["tiles/\(tileSet.dataset)/" + TileSet.path(tile.key)] = tile.key
        }
        var byZoom: [Int: [(String, String)]] = [:]
        for file in tileSet.files {
            guard let key = wanted[file.path] else { continue }
            let json = file.json.hasSuffix("\n") ? String(file.json.dropLast()) : file.json
            byZoom[key.z, default: []].append((key.quadkey, json))
        }
        var zooms: [Int] = []
        var tiles: [(String, String)] = []
        var size = 0
        for zoom in byZoom.keys.sorted() {
            let added = byZoom[zoom]!.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count + 6 }
            if size + added > byteBudget { break }
            size += added
            zooms.append(zoom)
            tiles += byZoom[zoom]!.sorted { $0.0 < $1.0 }
        }
        guard !zooms.isEmpty else { return nil }
        var text = JSONWriter.encode(
            .object([
                ("dataset", .string(tileSet.dataset)),
                ("bounds", TileSet.boundsValue(bounds)),
                ("zooms", .array(zooms.map { .int($0) })),
            ]))
        text.removeLast()  // the closing brace: the tiles follow, as their files have them
        text += ",\"tiles\":{" + tiles.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}}"
        return text
    }

    /// The zoom Leaflet's `fitBounds(bounds, {padding: 20, maxZoom: 16})` gives a map of
    /// `width` × `height` pixels (`fittedView` in `core/mercator.js`): the whole zoom at which the
    /// bounds fit (the zoom rounded to hundredths first, as Leaflet does), in 0...min(16, maxZoom).
    static func fittedZoom(_ bounds: GeoBounds, width: Double, height: Double, _ maxZoom: Int) -> Int {
        let across = abs(WebMercator.x(longitude: bounds.maxLongitude) - WebMercator.x(longitude: bounds.minLongitude))
        let down = abs(WebMercator.y(latitude: bounds.minLatitude) - WebMercator.y(latitude: bounds.maxLatitude))
        let scale = min((width - 2 * padding) / (256 * across), (height - 2 * padding) / (256 * down))
        let cap = min(fittedMaxZoom, maxZoom)
        guard scale > 0 else { return 0 }
        guard scale.isFinite else { return cap }
        let zoom = ((log2(scale) * 100).rounded() / 100).rounded(.down)
        return min(cap, max(0, Int(zoom)))
    }
}
