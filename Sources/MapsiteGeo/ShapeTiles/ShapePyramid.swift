import Foundation

/// Tiles of the lines and polygons of a dataset, to draw them on a slippy map: an adaptive
/// quadtree like `TilePyramid`'s, cut by the bytes of the shapes a tile holds.
///
/// Each tile holds the pieces of the shapes that reach into it, cut (`RectangleClipper`) to the
/// tile grown by `buffer` pixels on every side, so that neighbouring tiles overlap a little and
/// no edge shows where they meet.
/// - A tile whose pieces fit the budget whole (full precision, 6 decimals) is a **leaf**: it is
///   shown at its zoom and every deeper one, unsimplified.
/// - Any other tile is **internal**: it holds its pieces simplified for its own zoom
///   (`ShapeSimplifier`, within `tolerance` pixels, then rounded to `decimals(zoom:)`), and is
///   split into the children that shapes reach. At `maxZoom` a tile is a leaf whatever its size
///   (`overfullLeaves`).
///
/// In an internal tile a place is not drawn (its shape is **dropped**; the place still counts,
/// in the point and cluster tiles, like any other) when its whole shape is less than
/// `minimumSize` pixels across at the tile's zoom (the larger side of its box), when every ring
/// of its piece was dropped in simplification (rings under `minimumSize` across, or collapsed),
/// or, if the tile is still over the budget, when it is among the smallest shapes (by that size,
/// then by index) left out until the tile fits; a shape left out of one tile for the budget is
/// left out of every tile of that zoom, so none is drawn in part. `Tile.dropped` lists them.
public struct ShapePyramid: Sendable {
    public struct Options: Sendable, Hashable {
        public var byteBudget: Int
        public var maxZoom: Int
        /// Pixels (of a 256-pixel tile) the tile is grown by before cutting.
        public var buffer: Double
        /// The most a simplified shape may be off, in pixels of the tile's zoom.
        public var tolerance: Double
        /// Shapes smaller than this many pixels across are not drawn.
        public var minimumSize: Double
        /// Bytes every tile costs before its first shape.
        public var tileOverhead: Int

        public init(
            byteBudget: Int = 100_000, maxZoom: Int = 18, buffer: Double = 4, tolerance: Double = 0.5,
            minimumSize: Double = 1, tileOverhead: Int = 0
        ) {
            self.byteBudget = byteBudget
            self.maxZoom = maxZoom
            self.buffer = buffer
            self.tolerance = tolerance
            self.minimumSize = minimumSize
            self.tileOverhead = tileOverhead
        }
    }

    /// One tile: the pieces it draws, by place.
    public struct Tile: Sendable, Hashable {
        public var key: TileKey
        public var isLeaf: Bool
        /// Sorted by place.
        public var pieces: [ShapePiece]
        /// The places whose shapes reach the tile but are not drawn at its zoom, ascending.
        public var dropped: [Int32]
        /// Decimals of the degrees the tile is written with.
        public var decimals: Int
        /// An upper bound of the tile's encoded size (`ShapePyramid.byteSize`).
        public var byteSize: Int
    }

    public let options: Options
    /// Leaves, sorted by key.
    public let leaves: [Tile]
    /// Internal tiles, sorted by key.
    public let tiles: [Tile]
    /// Leaves over the budget, all at `maxZoom`.
    public let overfullLeaves: [TileKey]

    /// Tiles `shapes` (one per place; `nil` or points for places without a line or polygon).
    /// - Parameter headerSizes: the encoded size of each place's text in a tile entry (id, title,
    ///   slug and so on), which counts against the budget with its vertices.
    /// - Complexity: O(v · d) for v vertices and d levels down to their leaves, plus the
    ///   simplification of internal tiles; each level's tiles in parallel.
    public init(shapes: [Geometry?], headerSizes: [Int], options: Options = Options()) {
        precondition(shapes.count == headerSizes.count, "one header size per shape")
        precondition((0...24).contains(options.maxZoom), "maxZoom must be in 0...24")
        self.options = options
        var pieces: [ShapePiece] = []
        for (index, shape) in shapes.enumerated() {
            if let shape { pieces += ShapePiece.pieces(of: shape, item: Int32(index)) }
        }
        let built = ShapePyramidBuilder(options: options, headerSizes: headerSizes).build(pieces)
        leaves = built.filter(\.isLeaf).sorted { $0.key < $1.key }
        tiles = built.filter { !$0.isLeaf }.sorted { $0.key < $1.key }
        overfullLeaves = leaves.filter { $0.byteSize > options.byteBudget }.map(\.key)
    }

    /// Decimals of degrees for a tile simplified for `zoom`: enough that rounding moves a vertex
    /// by under a twentieth of a pixel at latitudes up to Web Mercator's edge; 6 for leaves.
    public static func decimals(zoom: Int) -> Int {
        let degreesPerPixel = 360 / (256 * pow(2, Double(zoom)))
        // cos(85.05°) shrinks a pixel of latitude to 0.086 of a pixel of longitude: 2 more digits.
        return min(6, Int(ceil(log10(20 / degreesPerPixel))) + 2)
    }

    /// An upper bound of the bytes `piece` takes in a tile written with `decimals`: every
    /// coordinate at its longest (`-180.` or `-85.` and the decimals), brackets and commas.
    public static func byteSize(_ piece: ShapePiece, header: Int, decimals: Int) -> Int {
        var size = header + 8
        for part in piece.parts {
            size += 3
            for ring in part { size += 3 + ring.count * (13 + 2 * decimals) }
        }
        return size
    }

    /// Rounds a world point to `decimals` of its longitude and latitude in degrees.
    public static func rounding(decimals: Int) -> (WorldPoint) -> WorldPoint {
        let scale = pow(10, Double(decimals))
        return { point in
            let longitude = (WebMercator.longitude(x: point.x) * scale).rounded() / scale
            let latitude = (WebMercator.latitude(y: point.y) * scale).rounded() / scale
            return WorldPoint(WebMercator.x(longitude: longitude), WebMercator.y(latitude: latitude))
        }
    }
}
