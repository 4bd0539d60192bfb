import Foundation

/// The Web Mercator projection of slippy-map tiles (EPSG:3857), in "world" units: x and y in 0...1,
/// x east from the antimeridian, y south from the top edge at 85.05112878°N.
///
/// The formulas are the ones in `templates/assets/core/mercator.js`, so Swift and the browser put a point
/// in the same tile.
public enum WebMercator {
    /// The latitude of the top and bottom edges of the map; points beyond are clamped to it.
    public static let maxLatitude = 85.05112878

    /// The deepest zoom the tile maths supports (so tile codes fit in 64 bits and JS bit operations).
    public static let maxZoom = 30

    /// `longitude` as a world x coordinate, 0 at 180°W and 1 at 180°E.
    @inline(__always)
    public static func x(longitude: Double) -> Double {
        (longitude + 180) / 360
    }

    /// `latitude`, clamped to ±`maxLatitude`, as a world y coordinate: 0 at the top, 1 at the bottom.
    @inline(__always)
    public static func y(latitude: Double) -> Double {
        let sine = sin(min(max(latitude, -maxLatitude), maxLatitude) * .pi / 180)
        return 0.5 - log((1 + sine) / (1 - sine)) / (4 * .pi)
    }

    /// The longitude of world x coordinate `x`.
    public static func longitude(x: Double) -> Double {
        x * 360 - 180
    }

    /// The latitude of world y coordinate `y`.
    public static func latitude(y: Double) -> Double {
        atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi
    }

    /// The tile column holding world coordinate `x` at `zoom`, clamped to the map.
    @inline(__always)
    public static func column(x: Double, zoom: Int) -> Int {
        clampedTile(x * Double(1 << zoom), zoom: zoom)
    }

    /// The tile row holding world coordinate `y` at `zoom`, clamped to the map.
    @inline(__always)
    public static func row(y: Double, zoom: Int) -> Int {
        clampedTile(y * Double(1 << zoom), zoom: zoom)
    }

    @inline(__always)
    private static func clampedTile(_ scaled: Double, zoom: Int) -> Int {
        // Scaling by a power of two is exact, so a tile at zoom z is exactly the parent of the
        // tile at zoom z + 1: deriving every zoom from the deepest one gives the same answer.
        guard scaled > 0 else { return 0 }
        return min(Int(scaled), (1 << zoom) - 1)
    }
}
