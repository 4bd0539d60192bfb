import Foundation

/// Builds a `ShapePyramid` level by level from the root, the tiles of one level in parallel.
///
/// Every piece is kept once, in a store: the whole shapes first, then each part that a tile's
/// box cut from one. A tile to build lists its pieces as `Entry`s (an index into the store and
/// what the tile reads of every piece), so a piece that lies wholly inside a child tile (most
/// pieces, the deeper the tree) goes down as its entry, neither cut again nor copied; a piece is
/// copied only into the tiles that hold it, and read from the store only to be cut, simplified
/// or copied there. Copying a piece retains and releases its arrays, and reading one from the
/// store is a cache miss, where a tile's pass over its entries reads one array in order.
struct ShapePyramidBuilder {
    let options: ShapePyramid.Options
    let headerSizes: [Int]

    /// A piece as a tile to build lists it: where it is in the store, and what the tile reads of
    /// every piece it has (its place, box and size), kept at hand so that a tile reads its list
    /// from start to end rather than each piece from wherever the store holds it.
    struct Entry {
        /// The piece's index in the store.
        var index: Int
        var item: Int32
        var bounds: WorldBox
        var extent: Double
        /// `ShapePyramid.bytesBesideVertices` of the piece with its place's header.
        var bytesBesideVertices: Int
        var vertexCount: Int
    }

    /// A tile to build: its key, and its pieces, sorted by place.
    typealias Pending = (key: TileKey, pieces: [Entry])

    func build(_ pieces: consuming [ShapePiece]) -> [ShapePyramid.Tile] {
        var store = pieces
        let root = TileKey(z: 0, x: 0, y: 0)
        let rootPieces = cutToRoot(&store, root)
        guard !rootPieces.isEmpty else { return [] }
        var level: [Pending] = [(root, rootPieces)]
        var result: [ShapePyramid.Tile] = []
        while !level.isEmpty {
            let levelEnd = store.count
            var outcomes = store.withUnsafeBufferPointer { buildConcurrently(level, store: $0) }
            // A shape left out of one tile for the budget is left out of every tile of the level,
            // so that no shape is drawn in part.
            let leaving = Set(outcomes.flatMap { $0!.overBudget })
            level = []
            for index in outcomes.indices {
                var outcome = outcomes[index].take()!  // moved out, not copied
                if !outcome.tile.isLeaf && !leaving.isEmpty { leaveOut(leaving, from: &outcome.tile) }
                result.append(outcome.tile)
                level += Self.add(outcome.cuts, of: outcome.children, numberedFrom: levelEnd, to: &store)
            }
        }
        return result
    }

    /// The entry of `piece`, which is or will be at `index` in the store.
    private func entry(_ piece: ShapePiece, index: Int) -> Entry {
        Entry(
            index: index, item: piece.item, bounds: piece.bounds, extent: piece.extent,
            bytesBesideVertices: ShapePyramid.bytesBesideVertices(piece, header: headerSizes[Int(piece.item)]),
            vertexCount: piece.vertexCount)
    }

    /// The pieces that reach the root tile's grown square, sorted by place: those inside it as
    /// they are, the others cut to it and added to `store`.
    private func cutToRoot(_ store: inout [ShapePiece], _ root: TileKey) -> [Entry] {
        let box = WorldBox(tile: root, buffer: options.buffer)
        var inside: [Entry] = []
        inside.reserveCapacity(store.count)
        for index in store.indices {
            if box.contains(store[index].bounds) {
                inside.append(entry(store[index], index: index))
            } else if let cut = RectangleClipper.clip(store[index], to: box) {
                inside.append(entry(cut, index: store.count))
                store.append(cut)
            }
        }
        // The shapes come in order of place, save when the root cuts one (across the
        // antimeridian, far beyond it).
        let isSorted = inside.indices.dropFirst().allSatisfy { inside[$0 - 1].item <= inside[$0].item }
        return isSorted ? inside : inside.sorted { $0.item < $1.item }
    }

    /// Builds each tile of `level`, in parallel, reading their pieces from `store`; every
    /// outcome is there (optional only to be made in place, and moved out).
    private func buildConcurrently(_ level: [Pending], store: UnsafeBufferPointer<ShapePiece>) -> [Outcome?] {
        var outcomes = [Outcome?](repeating: nil, count: level.count)
        outcomes.withUnsafeMutableBufferPointer { buffer in
            let output = SharedPointer(base: buffer.baseAddress!)
            forEachChunkConcurrently(count: level.count, chunkSize: 1) { chunk in
                for index in chunk { output.base[index] = node(level[index].key, level[index].pieces, store) }
            }
        }
        return outcomes
    }

    /// A tile, its children with their pieces, and the places it left out for its budget.
    struct Outcome {
        var tile: ShapePyramid.Tile
        var children: [Pending]
        /// The pieces cut for the children and not yet in the store: the children's entries give
        /// them the indexes they will have if the store, as the level found it, takes them next.
        var cuts: [ShapePiece] = []
        var overBudget: [Int32] = []
    }

    /// Appends `cuts` (the pieces one tile cut for its `children`) to `store`, and returns the
    /// children with the indexes of the cuts moved to where they went: the tile numbered them
    /// from `levelEnd`, the store's end as its level found it, and tiles before it in the level
    /// may have added theirs since.
    static func add(
        _ cuts: [ShapePiece], of children: [Pending], numberedFrom levelEnd: Int, to store: inout [ShapePiece]
    ) -> [Pending] {
        let shift = store.count - levelEnd
        store += cuts
        guard !cuts.isEmpty, shift != 0 else { return children }
        return children.map { child in
            var pieces = child.pieces
            for position in pieces.indices where pieces[position].index >= levelEnd {
                pieces[position].index += shift
            }
            return (child.key, pieces)
        }
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

    /// The bytes `pieces` take at most, whole, in a tile of `units` grid units per side, with the
    /// tile's own: `ShapePyramid.byteSize` summed from the entries.
    private func wholeSize(_ pieces: [Entry], units: Int) -> Int {
        var besideVertices = 0
        var vertices = 0
        for entry in pieces {
            besideVertices += entry.bytesBesideVertices
            vertices += entry.vertexCount
        }
        let perVertex = ShapePyramid.bytesPerVertex(units: units, buffer: options.buffer)
        return options.tileOverhead + besideVertices + perVertex * vertices
    }

    /// The tile at `key` from `pieces` (each cut to the tile's grown square), and its children
    /// with theirs.
    private func node(_ key: TileKey, _ pieces: [Entry], _ store: UnsafeBufferPointer<ShapePiece>) -> Outcome {
        let units = ShapePyramid.leafUnits(zoom: key.z)
        let full = wholeSize(pieces, units: units)
        func leaf() -> Outcome {
            let whole = pieces.map { store[$0.index] }
            let tile = ShapePyramid.Tile(
                key: key, isLeaf: true, pieces: whole, dropped: [], units: units, byteSize: full)
            return Outcome(tile: tile, children: [])
        }
        if key.z == options.maxZoom { return leaf() }
        let (tile, overBudget) = simplifiedTile(key, pieces, store)
        // Whole pieces that fit are a leaf, unless simplifying them for this zoom saves a
        // twentieth of the budget or more: then the views at this zoom get the simplified ones,
        // and the children the detail.
        if full <= options.byteBudget && full - tile.byteSize < options.byteBudget / 20 { return leaf() }
        var cuts: [ShapePiece] = []
        let children = key.children.compactMap { child -> Pending? in
            let inside = self.pieces(pieces, store, inside: child, cuts: &cuts)
            return inside.isEmpty ? nil : (child, inside)
        }
        return Outcome(tile: tile, children: children, cuts: cuts, overBudget: overBudget)
    }

    /// Of `pieces`, those that reach `child`'s grown square: a piece inside it as it is, one that
    /// crosses its edge cut to it, added to `cuts` and given the index it will have when the
    /// store takes the level's cuts (`add(_:of:numberedFrom:to:)`).
    private func pieces(
        _ pieces: [Entry], _ store: UnsafeBufferPointer<ShapePiece>, inside child: TileKey, cuts: inout [ShapePiece]
    ) -> [Entry] {
        let box = WorldBox(tile: child, buffer: options.buffer)
        var inside: [Entry] = []
        for entry in pieces {
            if box.contains(entry.bounds) {
                inside.append(entry)
            } else if box.intersects(entry.bounds), let cut = RectangleClipper.clip(store[entry.index], to: box) {
                inside.append(self.entry(cut, index: store.count + cuts.count))
                cuts.append(cut)
            }
        }
        return inside
    }

    /// The internal tile at `key`: its pieces simplified for its zoom, less those dropped; and
    /// the places left out for the budget.
    private func simplifiedTile(
        _ key: TileKey, _ pieces: [Entry], _ store: UnsafeBufferPointer<ShapePiece>
    ) -> (ShapePyramid.Tile, [Int32]) {
        let pixel = 1 / (256 * pow(2, Double(key.z)))
        let units = ShapePyramid.simplifiedUnits
        let grids: [ShapeSimplifier.Grid] =
            [(nil, ShapePyramid.rounding(zoom: key.z, units: units))]
            + ShapePyramid.fallbackUnits(zoom: key.z).map { ($0, ShapePyramid.rounding(zoom: key.z, units: $0)) }
        var kept: [(piece: ShapePiece, size: Int)] = []
        var total = options.tileOverhead
        for entry in pieces where entry.extent >= options.minimumSize * pixel {
            guard
                let simple = ShapeSimplifier.simplified(
                    store[entry.index], tolerance: options.tolerance * pixel,
                    minimumSize: options.minimumSize * pixel, grids: grids)
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
        let dropped = Self.places(pieces.lazy.map(\.item), notAmong: kept.lazy.map(\.piece.item))
        let tile = ShapePyramid.Tile(
            key: key, isLeaf: false, pieces: kept.map(\.piece), dropped: dropped, units: units, byteSize: total)
        return (tile, overBudget.sorted())
    }

    /// The places of `items` that are not among `drawn`, each once, in order: both ascending (a
    /// tile's pieces are sorted by place, and those it draws are some of them, in the same
    /// order), so one walk through both finds them, with no set to build nor sort.
    static func places(_ items: some Sequence<Int32>, notAmong drawn: some Sequence<Int32>) -> [Int32] {
        var result: [Int32] = []
        var drawn = drawn.makeIterator()
        var nextDrawn = drawn.next()
        var previous: Int32?
        for item in items where item != previous {
            previous = item
            while let next = nextDrawn, next < item { nextDrawn = drawn.next() }
            if nextDrawn != item { result.append(item) }
        }
        return result
    }
}
