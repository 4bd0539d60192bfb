import Foundation

/// Tiles of the lines and polygons of a dataset, to draw them on a slippy map: an adaptive
/// quadtree like `TilePyramid`'s, cut by the bytes of the shapes a tile holds.
///
/// Each tile holds the pieces of the shapes that reach into it, cut (`RectangleClipper`) to the
/// tile grown by `buffer` pixels on every side, so that neighbouring tiles overlap a little and
/// no edge shows where they meet.
/// - A tile whose pieces fit the budget whole (on the fine grid of `leafUnits`) and which
///   simplification for its zoom would shrink by less than a twentieth of the budget is a
///   **leaf**: it is shown at its zoom and every deeper one, unsimplified.
/// - Any other tile is **internal**: it holds its pieces simplified for its own zoom
///   (`ShapeSimplifier`, within `tolerance` pixels, then rounded to a quarter of a pixel,
///   `simplifiedUnits`), and is split into the children that shapes reach. At `maxZoom` a tile is
///   a leaf whatever its size (`overfullLeaves`).
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
        /// The most simplification may move a shape, in pixels of the tile's zoom (rounding to
        /// the grid adds at most 0.18 more).
        public var tolerance: Double
        /// Shapes smaller than this many pixels across are not drawn.
        public var minimumSize: Double
        /// Bytes every tile costs before its first shape.
        public var tileOverhead: Int

        public init(
            byteBudget: Int = 100_000, maxZoom: Int = 18, buffer: Double = 4, tolerance: Double = 0.8,
            minimumSize: Double = 2, tileOverhead: Int = 0
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
        /// Grid units per tile side its coordinates are written in (`leafUnits`, or
        /// `simplifiedUnits`), save for pieces that have their own.
        public var units: Int
        /// An upper bound of the tile's encoded size (`ShapePyramid.byteSize`).
        public var byteSize: Int

        /// A simplified tile whose shapes are all too small to draw at its zoom (every place that
        /// reaches it `dropped`); a leaf always draws its pieces.
        public var drawsNothing: Bool { !isLeaf && pieces.isEmpty }
    }

    public let options: Options
    /// Leaves, sorted by key.
    public let leaves: [Tile]
    /// Internal tiles, sorted by key.
    public let tiles: [Tile]
    /// Leaves over the budget, all at `maxZoom`.
    public let overfullLeaves: [TileKey]
    /// The least zoom from which every shape is drawn wherever it reaches: at least
    /// `minimumSize` pixels across, and left out of no simplified tile of that zoom or deeper;
    /// `nil` when some shape is not, down to `maxZoom` (one with no extent, say).
    public let drawnFrom: Int?

    /// Tiles `shapes` (one per place; `nil` or points for places without a line or polygon).
    /// - Parameter headerSizes: the encoded size of each place's text in a tile entry (id, title,
    ///   slug and so on), which counts against the budget with its vertices.
    /// - Complexity: O(v · d) for v vertices and d levels down to their leaves, plus the
    ///   simplification of internal tiles; each level's tiles in parallel.
    public init(shapes: [Geometry?], headerSizes: [Int], options: Options = Options()) {
        precondition(shapes.count == headerSizes.count, "one header size per shape")
        precondition((0...24).contains(options.maxZoom), "maxZoom must be in 0...24")
        self.options = options
        let pieces = Self.pieces(of: shapes)
        let smallest = pieces.lazy.map(\.extent).min() ?? 1
        var built = ShapePyramidBuilder(options: options, headerSizes: headerSizes).build(pieces)
        // Moved into their lists, not copied: the tiles hold every piece.
        var leaves: [Tile] = []
        var tiles: [Tile] = []
        while let tile = built.popLast() {
            if tile.isLeaf { leaves.append(tile) } else { tiles.append(tile) }
        }
        leaves.sort { $0.key < $1.key }
        tiles.sort { $0.key < $1.key }
        self.leaves = leaves
        self.tiles = tiles
        overfullLeaves = leaves.filter { $0.byteSize > options.byteBudget }.map(\.key)
        let leavingOut = tiles.lazy.filter { !$0.dropped.isEmpty }.map { $0.key.z + 1 }.max() ?? 0
        let from = max(Self.zoom(atWhich: smallest, spans: options.minimumSize, upTo: options.maxZoom + 1), leavingOut)
        drawnFrom = from <= options.maxZoom ? from : nil
    }

    /// The pieces of `shapes` in world coordinates (`ShapePiece.pieces(of:item:)`), in order of
    /// place, made in parallel: projecting every vertex is a good part of the build.
    static func pieces(of shapes: [Geometry?]) -> [ShapePiece] {
        let chunkSize = 4096
        var chunks = [[ShapePiece]](repeating: [], count: (shapes.count + chunkSize - 1) / chunkSize)
        chunks.withUnsafeMutableBufferPointer { buffer in
            let output = SharedPointer(base: buffer.baseAddress!)
            forEachChunkConcurrently(count: shapes.count, chunkSize: chunkSize) { range in
                var pieces: [ShapePiece] = []
                for index in range {
                    if let shape = shapes[index] { pieces += ShapePiece.pieces(of: shape, item: Int32(index)) }
                }
                output.base[range.lowerBound / chunkSize] = pieces
            }
        }
        return Array(chunks.joined())
    }

    /// The least zoom at which `extent` (of the world's width) spans `pixels` pixels, as the
    /// tiles measure it; `limit` when none below it does.
    static func zoom(atWhich extent: Double, spans pixels: Double, upTo limit: Int) -> Int {
        (0..<limit).first { extent >= pixels / (256 * pow(2, Double($0))) } ?? limit
    }

    /// Grid units per tile side of a simplified tile: four to a pixel, so that rounding moves a
    /// vertex by at most √2/8 of a pixel (0.18), which with `tolerance` stays under a pixel.
    public static let simplifiedUnits = 1024

    /// Grid units per tile side of a leaf at `zoom`: 2^(30 − zoom), so that one unit is 2^-30 of
    /// the world's width at every zoom (3.4e-7 degrees of longitude, under 4 cm), finer than the
    /// 6 decimals of the whole shapes.
    public static func leafUnits(zoom: Int) -> Int { 1 << (30 - zoom) }

    /// The finer grids a simplified polygon at `zoom` falls back to, in turn, when the tile's own
    /// would make it invalid: 32 and 256 units to a pixel, and the leaves' grid, each finer than
    /// the one before (at deep zooms the leaves' grid is the coarser and goes; 32 stays).
    static func fallbackUnits(zoom: Int) -> [Int] {
        let leaf = leafUnits(zoom: zoom)
        return [8 * simplifiedUnits, 64 * simplifiedUnits, leaf].enumerated().filter { index, units in
            index == 0 || (units > 8 * simplifiedUnits && (index == 2 || units < leaf))
        }.map(\.element)
    }

    /// An upper bound of the bytes `piece` takes in a tile of `units` grid units per side cut with
    /// `buffer` pixels: every number as long as the grown tile's span in units with a sign and a
    /// comma (a ring's first vertex is written whole, the others as steps from the one before),
    /// brackets, and the piece's own grid when it has one.
    public static func byteSize(_ piece: ShapePiece, header: Int, units: Int, buffer: Double) -> Int {
        bytesBesideVertices(piece, header: header)
            + bytesPerVertex(units: piece.units ?? units, buffer: buffer) * piece.vertexCount
    }

    /// The part of `byteSize` that does not depend on the tile: the place's text (`header`), the
    /// piece's kind and own grid, and three bytes of brackets and a comma for each part and each
    /// ring.
    static func bytesBesideVertices(_ piece: ShapePiece, header: Int) -> Int {
        header + 8 + (piece.units == nil ? 0 : 16) + 3 * (piece.partCount + piece.ringCount)
    }

    /// The bytes of one vertex in `byteSize`: two numbers, each as long as the grown tile's span
    /// in grid units with a sign and a comma.
    static func bytesPerVertex(units: Int, buffer: Double) -> Int {
        let span = units + Int((Double(units) * 2 * buffer / 256).rounded(.up)) + 1
        var digits = 1
        var rest = span
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return 2 * (digits + 2)
    }

    /// Rounds a world point to the grid of `units` per side of the tiles at `zoom` (the same grid
    /// in every tile of the zoom: units and tiles are powers of two, so it is exact).
    public static func rounding(zoom: Int, units: Int) -> (WorldPoint) -> WorldPoint {
        let scale = pow(2, Double(zoom)) * Double(units)
        return { WorldPoint(($0.x * scale).rounded() / scale, ($0.y * scale).rounded() / scale) }
    }
}
