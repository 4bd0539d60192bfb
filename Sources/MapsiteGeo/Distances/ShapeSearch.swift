import Foundation

/// One thread's best-first search of a `ShapeIndex`, its buffers reused from query to query.
struct ShapeSearch {
    let index: ShapeIndex
    /// How many neighbours a query wants.
    let needed: Int
    /// Nodes and shapes still to visit: (squared box distance, level, node), nearest first; a
    /// shape has level -1 and its slot in the tree order as its node.
    private var queue: [(bound: Double, level: Int32, node: Int32)] = []
    /// Shapes measured so far that may still be among the nearest: (squared chord, index).
    private var found: [(chord: Double, index: Int32)] = []
    /// The squared chord beyond which nothing can enter the result.
    private var bound = Double.infinity
    /// The squared chords to the first vertices of the shapes next to a query in tree order.
    private var seeds: [Double] = []

    init(index: ShapeIndex, needed: Int) {
        self.index = index
        self.needed = needed
    }

    /// The `needed` shapes nearest to `query`, nearest first, ties by index, leaving out shape
    /// `excluding` (-1 for none).
    ///
    /// Shapes wait in the queue by the distance to their boxes, as nodes do, and are measured
    /// only when they come first, so a shape whose box is farther than the k-th distance found
    /// by then is never measured; a measure stops as soon as it cannot come within that distance.
    /// A query that is an indexed shape gives its `slot` in the tree order: the search then starts
    /// with a bound from the shapes next to it there (`seededBound`), which spares it queueing
    /// and measuring the far ones it would otherwise meet first; the result is the same.
    /// - Complexity: O(log n) node visits expected, plus an exact distance for every shape whose
    ///   box comes within the k-th distance found.
    mutating func run(_ query: SphericalShape, from origin: GeoPoint, excluding: Int, slot: Int? = nil) -> [Neighbour] {
        queue.removeAll(keepingCapacity: true)
        found.removeAll(keepingCapacity: true)
        bound = slot.map { seededBound(query, around: $0, excluding: excluding) } ?? .infinity
        guard let top = index.levels.last else { return [] }
        for node in top.indices {
            push(query.box.squaredDistance(to: top[node]), Int32(index.levels.count - 1), Int32(node))
        }
        index.shapes.withUnsafeBufferPointer { shapes in
            while let next = pop(), next.bound <= bound {
                let level = Int(next.level)
                if level < 0 {
                    // Measured within the bound, or else found beyond it: just past it, which
                    // `offer` turns away.
                    let shape = index.order[Int(next.node)]
                    offer(query.squaredChord(to: shapes[Int(shape)], below: bound.nextUp), shape)
                    continue
                }
                let start = Int(next.node) * ShapeIndex.fanout
                if level == 0 {
                    for slot in start..<min(start + ShapeIndex.fanout, index.order.count)
                    where Int(index.order[slot]) != excluding {
                        let distance = query.box.squaredDistance(to: index.leafBoxes[slot])
                        if distance <= bound { push(distance, -1, Int32(slot)) }
                    }
                } else {
                    let children = index.levels[level - 1]
                    for child in start..<min(start + ShapeIndex.fanout, children.count) {
                        let distance = query.box.squaredDistance(to: children[child])
                        if distance <= bound { push(distance, Int32(level - 1), Int32(child)) }
                    }
                }
            }
        }
        // Rank by metres, then index, as a brute force would; squared chords that round to the
        // same metres were all kept by the bound's slack.
        var ranked = found.map { (metres: Chord.metres(squared: $0.chord), index: $0.index) }
        ranked.sort { $0.metres < $1.metres || ($0.metres == $1.metres && $0.index < $1.index) }
        return ranked.prefix(needed).map { result in
            Neighbour(
                index: result.index, distance: result.metres,
                bearing: GreatCircle.bearing(from: origin, to: index.points[Int(result.index)]))
        }
    }

    /// A squared chord no nearer than the `needed`-th nearest shape's, with `offer`'s slack: the
    /// `needed`-th least of the squared chords from the query's first vertex to the first vertex
    /// of each shape within `needed` slots of `slot` in the tree order. The chord between two
    /// vertices is never less than the distance between their shapes, so at least `needed`
    /// shapes lie within it; infinity when fewer than `needed` shapes are there to ask.
    /// - Complexity: O(k log k) for k = `needed`.
    private mutating func seededBound(_ query: SphericalShape, around slot: Int, excluding: Int) -> Double {
        guard let first = query.vertices.first else { return .infinity }
        seeds.removeAll(keepingCapacity: true)
        for other in max(0, slot - needed)..<min(index.order.count, slot + needed + 1)
        where Int(index.order[other]) != excluding {
            seeds.append(first.squaredChord(to: index.firstVertices[other]))
        }
        guard needed > 0, seeds.count >= needed else { return .infinity }
        seeds.sort()
        return seeds[needed - 1] * (1 + 1e-9) + 1e-24
    }

    /// Keeps a measured shape in order, and tightens the bound once `needed` shapes are kept to
    /// the k-th squared chord, with slack for chords that round to equal metres.
    private mutating func offer(_ chord: Double, _ shape: Int32) {
        guard chord <= bound else { return }
        found.append((chord, shape))
        var slot = found.count - 1
        while slot > 0 && found[slot - 1].chord > chord {
            found[slot] = found[slot - 1]
            slot -= 1
        }
        found[slot] = (chord, shape)
        guard found.count >= needed else { return }
        bound = min(bound, found[needed - 1].chord * (1 + 1e-9) + 1e-24)
        while let last = found.last, last.chord > bound { found.removeLast() }
    }

    private mutating func push(_ bound: Double, _ level: Int32, _ node: Int32) {
        queue.append((bound, level, node))
        var child = queue.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard queue[parent].bound > queue[child].bound else { break }
            queue.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func pop() -> (bound: Double, level: Int32, node: Int32)? {
        guard let first = queue.first else { return nil }
        let last = queue.removeLast()
        guard !queue.isEmpty else { return first }
        queue[0] = last
        var parent = 0
        while true {
            var child = 2 * parent + 1
            guard child < queue.count else { break }
            if child + 1 < queue.count && queue[child + 1].bound < queue[child].bound { child += 1 }
            guard queue[child].bound < queue[parent].bound else { break }
            queue.swapAt(parent, child)
            parent = child
        }
        return first
    }
}
