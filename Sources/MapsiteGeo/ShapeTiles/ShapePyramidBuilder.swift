import Foundation

/// Builds a `ShapePyramid` level by level from the root, the tiles of one level in parallel.
struct ShapePyramidBuilder {
    let options: ShapePyramid.Options
    let headerSizes: [Int]

    func build(_ pieces: [ShapePiece]) -> [ShapePyramid.Tile] {
        let root = TileKey(z: 0, x: 0, y: 0)
        let rootPieces = pieces.compactMap {
            RectangleClipper.clip($0, to: WorldBox(tile: root, buffer: options.buffer))
        }
        guard !rootPieces.isEmpty else { return [] }
        var level: [(TileKey, [ShapePiece])] = [(root, rootPieces)]
        var result: [ShapePyramid.Tile] = []
        while !level.isEmpty {
            var outcomes = [Outcome?](repeating: nil, count: level.count)
            outcomes.withUnsafeMutableBufferPointer { buffer in
                let output = SharedPointer(base: buffer.baseAddress!)
                forEachChunkConcurrently(count: level.count, chunkSize: 1) { chunk in
                    for index in chunk { output.base[index] = node(level[index].0, level[index].1) }
                }
            }
            // A shape left out of one tile for the budget is left out of every tile of the level,
            // so that no shape is drawn in part.
            let leaving = Set(outcomes.flatMap { $0!.overBudget })
            level = []
            for outcome in outcomes {
                var tile = outcome!.tile
                if !tile.isLeaf && !leaving.isEmpty { leaveOut(leaving, from: &tile) }
                result.append(tile)
                level += outcome!.children
            }
        }
        return result
    }

    /// A tile, its children with their pieces, and the places it left out for its budget.
    struct Outcome {
        var tile: ShapePyramid.Tile
        var children: [(TileKey, [ShapePiece])]
        var overBudget: [Int32] = []
    }

    /// Removes the pieces of `items` from `tile`, listing them as dropped.
    private func leaveOut(_ items: Set<Int32>, from tile: inout ShapePyramid.Tile) {
        let removed = tile.pieces.filter { items.contains($0.item) }
        guard !removed.isEmpty else { return }
        tile.pieces.removeAll { items.contains($0.item) }
        tile.dropped = Array(Set(tile.dropped).union(removed.map(\.item))).sorted()
        tile.byteSize -= removed.reduce(0) {
            $0 + size($1, units: tile.units)
        }
    }

    /// The bytes `piece` takes at most in a tile of `units` grid units per side.
    private func size(_ piece: ShapePiece, units: Int) -> Int {
        ShapePyramid.byteSize(piece, header: headerSizes[Int(piece.item)], units: units, buffer: options.buffer)
    }

    /// The tile at `key` from the pieces cut to its grown square, and its children with theirs.
    private func node(_ key: TileKey, _ pieces: [ShapePiece]) -> Outcome {
        // The pieces come sorted but at the root; sorting a copy would retain every one of them.
        let isSorted = pieces.indices.dropFirst().allSatisfy { pieces[$0 - 1].item <= pieces[$0].item }
        let pieces = isSorted ? pieces : pieces.sorted { $0.item < $1.item }
        let units = ShapePyramid.leafUnits(zoom: key.z)
        let full = options.tileOverhead + pieces.reduce(0) { $0 + size($1, units: units) }
        let leaf = ShapePyramid.Tile(key: key, isLeaf: true, pieces: pieces, dropped: [], units: units, byteSize: full)
        if key.z == options.maxZoom { return Outcome(tile: leaf, children: []) }
        let (tile, overBudget) = simplifiedTile(key, pieces)
        // Whole pieces that fit are a leaf, unless simplifying them for this zoom saves a
        // twentieth of the budget or more: then the views at this zoom get the simplified ones,
        // and the children the detail.
        if full <= options.byteBudget && full - tile.byteSize < options.byteBudget / 20 {
            return Outcome(tile: leaf, children: [])
        }
        var children: [(TileKey, [ShapePiece])] = []
        for child in key.children {
            let box = WorldBox(tile: child, buffer: options.buffer)
            let inside = pieces.compactMap { RectangleClipper.clip($0, to: box) }
            if !inside.isEmpty { children.append((child, inside)) }
        }
        return Outcome(tile: tile, children: children, overBudget: overBudget)
    }

    /// The internal tile at `key`: its pieces simplified for its zoom, less those dropped; and
    /// the places left out for the budget.
    private func simplifiedTile(_ key: TileKey, _ pieces: [ShapePiece]) -> (ShapePyramid.Tile, [Int32]) {
        let pixel = 1 / (256 * pow(2, Double(key.z)))
        let units = ShapePyramid.simplifiedUnits
        let grids: [ShapeSimplifier.Grid] =
            [(nil, ShapePyramid.rounding(zoom: key.z, units: units))]
            + ShapePyramid.fallbackUnits(zoom: key.z).map { ($0, ShapePyramid.rounding(zoom: key.z, units: $0)) }
        var kept: [(piece: ShapePiece, size: Int)] = []
        var total = options.tileOverhead
        // By index: a piece too small to draw is passed over without copying it.
        for index in pieces.indices where pieces[index].extent >= options.minimumSize * pixel {
            guard
                let simple = ShapeSimplifier.simplified(
                    pieces[index], tolerance: options.tolerance * pixel, minimumSize: options.minimumSize * pixel,
                    grids: grids)
            else { continue }
            let bytes = size(simple, units: units)
            kept.append((simple, bytes))
            total += bytes
        }
        var overBudget = Set<Int32>()
        if total > options.byteBudget {
            // The smallest shapes go first, until the rest fits.
            let order = kept.indices.sorted {
                (kept[$0].piece.extent, kept[$0].piece.item) < (kept[$1].piece.extent, kept[$1].piece.item)
            }
            for index in order where total > options.byteBudget {
                overBudget.insert(kept[index].piece.item)
                total -= kept[index].size
            }
            // Every piece of a place left out goes (a place near the antimeridian has two).
            kept = kept.filter { !overBudget.contains($0.piece.item) }
            total = options.tileOverhead + kept.reduce(0) { $0 + $1.size }
        }
        let drawn = Set(kept.map(\.piece.item))
        let dropped = Array(Set(pieces.map(\.item)).subtracting(drawn)).sorted()
        let tile = ShapePyramid.Tile(
            key: key, isLeaf: false, pieces: kept.map(\.piece), dropped: dropped, units: units, byteSize: total)
        return (tile, overBudget.sorted())
    }
}
