import Foundation

/// A Web Mercator tile: zoom `z`, column `x` from the west, row `y` from the north.
public struct TileKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var z: Int
    public var x: Int
    public var y: Int

    public init(z: Int, x: Int, y: Int) {
        precondition((0...WebMercator.maxZoom).contains(z), "zoom \(z) is outside 0...\(WebMercator.maxZoom)")
        precondition(x >= 0 && x < 1 << z && y >= 0 && y < 1 << z, "tile \(z)/\(x)/\(y) is outside the map")
        self.z = z
        self.x = x
        self.y = y
    }

    /// The tile holding `point` at `zoom`. Latitudes beyond ±85.05112878° fall in the top or
    /// bottom row, and longitude 180° in the last column.
    public init(containing point: GeoPoint, zoom: Int) {
        self.init(
            z: zoom, x: WebMercator.column(x: WebMercator.x(longitude: point.longitude), zoom: zoom),
            y: WebMercator.row(y: WebMercator.y(latitude: point.latitude), zoom: zoom))
    }

    /// The tile's latitude/longitude rectangle (latitudes within ±85.05112878°).
    public var bounds: GeoBounds {
        let scale = Double(1 << z)
        return GeoBounds(
            minLatitude: WebMercator.latitude(y: Double(y + 1) / scale),
            minLongitude: WebMercator.longitude(x: Double(x) / scale),
            maxLatitude: WebMercator.latitude(y: Double(y) / scale),
            maxLongitude: WebMercator.longitude(x: Double(x + 1) / scale))
    }

    /// The tile one zoom out that holds this one, or `nil` for 0/0/0.
    public var parent: TileKey? {
        z == 0 ? nil : TileKey(z: z - 1, x: x >> 1, y: y >> 1)
    }

    /// The tile `zoom` levels out (or this tile for `zoom == z`) that holds this one.
    public func ancestor(atZoom zoom: Int) -> TileKey {
        precondition(zoom <= z, "an ancestor is at the same or a lower zoom")
        return TileKey(z: zoom, x: x >> (z - zoom), y: y >> (z - zoom))
    }

    /// The four tiles one zoom in, in quadkey order: north-west, north-east, south-west, south-east.
    public var children: [TileKey] {
        (0..<4).map { child(quadrant: $0) }
    }

    /// The child in quadkey digit `quadrant` (bit 0: east half, bit 1: south half).
    public func child(quadrant: Int) -> TileKey {
        TileKey(z: z + 1, x: 2 * x + (quadrant & 1), y: 2 * y + (quadrant >> 1))
    }

    /// Whether `other` is this tile or lies inside it.
    public func contains(_ other: TileKey) -> Bool {
        other.z >= z && other.ancestor(atZoom: z) == self
    }

    /// Bing's quadkey: one digit 0–3 per zoom level, as `core/mercator.js` names tiles.
    public var quadkey: String {
        var key = ""
        for level in (0..<z).reversed() {
            let digit: Int = ((x >> level) & 1) + 2 * ((y >> level) & 1)
            key.append(Character(String(digit)))
        }
        return key
    }

    /// The tiles at `zoom` that cover `bounds`, row by row. A rectangle with
    /// `minLongitude > maxLongitude` crosses the antimeridian and wraps around.
    /// - Complexity: O(number of tiles returned).
    public static func covering(_ bounds: GeoBounds, zoom: Int) -> [TileKey] {
        let west = WebMercator.column(x: WebMercator.x(longitude: bounds.minLongitude), zoom: zoom)
        let east = WebMercator.column(x: WebMercator.x(longitude: bounds.maxLongitude), zoom: zoom)
        let north = WebMercator.row(y: WebMercator.y(latitude: bounds.maxLatitude), zoom: zoom)
        let south = WebMercator.row(y: WebMercator.y(latitude: bounds.minLatitude), zoom: zoom)
        let columns =
            bounds.minLongitude <= bounds.maxLongitude
            ? Array(west...east) : Array(west..<(1 << zoom)) + Array(0...east)
        return (north...south).flatMap { row in columns.map { TileKey(z: zoom, x: $0, y: row) } }
    }

    /// Orders by zoom, then column, then row.
    public static func < (a: TileKey, b: TileKey) -> Bool {
        (a.z, a.x, a.y) < (b.z, b.x, b.y)
    }

    /// "z/x/y", the tile's path without extension.
    public var description: String { "\(z)/\(x)/\(y)" }
}
