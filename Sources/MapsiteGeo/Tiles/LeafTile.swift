import Foundation

/// A point tile of a `TilePyramid`: every point inside it, shown from its zoom inwards.
public struct LeafTile: Sendable, Hashable {
    public var key: TileKey
    /// Indices into the pyramid's points, ascending.
    public var points: [Int32]
    /// The tile's overhead plus the sizes of its points.
    public var byteSize: Int

    public init(key: TileKey, points: [Int32], byteSize: Int) {
        self.key = key
        self.points = points
        self.byteSize = byteSize
    }
}
