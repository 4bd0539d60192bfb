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
            var outcomes = [(ShapePyramid.Tile, [(TileKey, [ShapePiece])])?](repeating: nil, count: level.count)
            outcomes.withUnsafeMutableBufferPointer { buffer in
                let output = SharedPointer(base: buffer.baseAddress!)
                forEachChunkConcurrently(count: level.count, chunkSize: 1) { chunk in
                    for index in chunk { output.base[index] = node(level[index].0, level[index].1) }
                }
            }
            level = []
            for outcome in outcomes {
                result.append(outcome!.0)
                level += outcome!.1
            }
        }
        return result
    }

    /// The tile at `key` from the pieces cut to its grown square, and its children with theirs.
    private func node(_ key: TileKey, _ pieces: [ShapePiece]) -> (ShapePyramid.Tile, [(TileKey, [ShapePiece])]) {
        let pieces = pieces.sorted { $0.item < $1.item }
        let full =
            options.tileOverhead
            + pieces.reduce(0) { $0 + ShapePyramid.byteSize($1, header: headerSizes[Int($1.item)], decimals: 6) }
        if full <= options.byteBudget || key.z == options.maxZoom {
            return (
                ShapePyramid.Tile(key: key, isLeaf: true, pieces: pieces, dropped: [], decimals: 6, byteSize: full), []
            )
        }
        let tile = simplifiedTile(key, pieces)
        var children: [(TileKey, [ShapePiece])] = []
        for child in key.children {
            let box = WorldBox(tile: child, buffer: options.buffer)
            let inside = pieces.compactMap { RectangleClipper.clip($0, to: box) }
            if !inside.isEmpty { children.append((child, inside)) }
        }
        return (tile, children)
    }

    /// The internal tile at `key`: its pieces simplified for its zoom, less those dropped.
    private func simplifiedTile(_ key: TileKey, _ pieces: [ShapePiece]) -> ShapePyramid.Tile {
        let pixel = 1 / (256 * pow(2, Double(key.z)))
        let decimals = ShapePyramid.decimals(zoom: key.z)
        let round = ShapePyramid.rounding(decimals: decimals)
        var kept: [(piece: ShapePiece, size: Int)] = []
        var total = options.tileOverhead
        for piece in pieces where piece.extent >= options.minimumSize * pixel {
            guard
                let simple = ShapeSimplifier.simplified(
                    piece, tolerance: options.tolerance * pixel, minimumSize: options.minimumSize * pixel, round: round)
            else { continue }
            let size = ShapePyramid.byteSize(simple, header: headerSizes[Int(piece.item)], decimals: decimals)
            kept.append((simple, size))
            total += size
        }
        if total > options.byteBudget {
            // The smallest shapes go first, until the rest fits.
            let order = kept.indices.sorted {
                (kept[$0].piece.extent, kept[$0].piece.item) < (kept[$1].piece.extent, kept[$1].piece.item)
            }
            var leaving = Set<Int>()
            for index in order where total > options.byteBudget {
                leaving.insert(index)
                total -= kept[index].size
            }
            kept = kept.indices.filter { !leaving.contains($0) }.map { kept[$0] }
        }
        let drawn = Set(kept.map(\.piece.item))
        let dropped = Array(Set(pieces.map(\.item)).subtracting(drawn)).sorted()
        return ShapePyramid.Tile(
            key: key, isLeaf: false, pieces: kept.map(\.piece), dropped: dropped, decimals: decimals, byteSize: total)
    }
}
