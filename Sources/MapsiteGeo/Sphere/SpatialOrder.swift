import Foundation

/// An order of points in which places near each other mostly come close together: the Z-order
/// of their Web Mercator tiles.
///
/// Work that reads each point's neighbours (item pages show their nearest places) touches far
/// less memory when it goes through the points in this order: the neighbours of one point were
/// read for the points just before it.
public enum SpatialOrder {
    /// The indexes of `points` in Z-order of their tiles at `zoom`; points in one tile keep
    /// ascending index order.
    /// - Complexity: O(n · zoom / 5) (a radix sort).
    public static func positions(of points: [GeoPoint], zoom: Int = 16) -> [Int32] {
        let codes = points.map { point in
            MortonOrder.code(
                column: WebMercator.column(x: WebMercator.x(longitude: point.longitude), zoom: zoom),
                row: WebMercator.row(y: WebMercator.y(latitude: point.latitude), zoom: zoom))
        }
        return MortonOrder(codes: codes, zoom: zoom).order
    }
}
