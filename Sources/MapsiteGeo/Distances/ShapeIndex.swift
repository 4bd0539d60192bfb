import Foundation

/// Exact k-nearest queries over places that may be lines and polygons, by the shortest
/// great-circle distance between their shapes (`SphericalShape.distance(to:)`): 0 when they
/// touch, cross or one holds the other.
///
/// The index is a packed bounding-box tree in the 3D space of unit vectors: the shapes, in the
/// Z-order of their representative points, are grouped `fanout` at a time, their boxes joined,
/// and so on up to one root. A query walks it best first by the distance between its box and a
/// node's, which bounds the great-circle distance from below, and measures exactly only the
/// shapes whose boxes come nearer than its k-th best so far. Results are what a brute force over
/// every shape would give: sorted by distance in metres, ties broken by lower index. Datasets of
/// points alone use `NeighbourIndex`, which is faster for them.
///
/// ```swift
/// let squares = ShapeIndex(shapes: squareItems.map { $0.geometry.map(SphericalShape.init) ?? SphericalShape(point: $0.point) },
///                          points: squareItems.map(\.point))
/// let nearest = squares.allNearest(k: 8)
/// ```
public struct ShapeIndex: Sendable {
    static let fanout = 8

    let shapes: [SphericalShape]
    /// Each shape's representative point, for the bearing of a result.
    let points: [GeoPoint]
    /// The shapes' indexes in tree order.
    let order: [Int32]
    /// The shapes' boxes in tree order, side by side for the queries that read them.
    let leafBoxes: [Box3]
    /// The first vertex of each shape in tree order, for `ShapeSearch`'s first bound.
    let firstVertices: [SphereVector]
    /// The boxes of the tree's nodes, level by level from the leaves: node `i` of level 0 holds
    /// shapes `order[i * fanout ..< (i + 1) * fanout]`; node `i` of level `l + 1` holds nodes
    /// `i * fanout ..< (i + 1) * fanout` of level `l`.
    let levels: [[Box3]]

    /// The number of indexed shapes.
    public var count: Int { shapes.count }

    /// Builds the index over `shapes`, whose representative points are `points`.
    /// - Complexity: O(n log n) for n shapes (the Z-order), plus O(v) for v vertices.
    public init(shapes: [SphericalShape], points: [GeoPoint]) {
        precondition(shapes.count == points.count, "one representative point per shape")
        self.shapes = shapes
        self.points = points
        order = SpatialOrder.positions(of: points)
        var levels: [[Box3]] = []
        leafBoxes = order.map { shapes[Int($0)].box }
        // A shape without vertices (none is made so) would bound nothing: infinitely far.
        firstVertices = order.map {
            shapes[Int($0)].vertices.first ?? SphereVector(x: .infinity, y: .infinity, z: .infinity)
        }
        var boxes = leafBoxes
        repeat {
            boxes = stride(from: 0, to: boxes.count, by: Self.fanout).map { start in
                boxes[start..<min(start + Self.fanout, boxes.count)].reduce(into: Box3.empty) { $0.union($1) }
            }
            levels.append(boxes)
        } while boxes.count > 1
        self.levels = shapes.isEmpty ? [] : levels
    }

    /// The `k` shapes nearest to each of `queries` (at `queryPoints`, their representative points,
    /// for the bearings), in parallel: row `i` answers `queries[i]`.
    /// - Returns: a table whose `stride` is `min(k, count)`.
    /// - Complexity: O(m (log n + c · v²)) expected for m queries, where c is the number of
    ///   shapes whose boxes come within the k-th distance and v their vertex count.
    public func nearest(to queries: [SphericalShape], at queryPoints: [GeoPoint], k: Int) -> NeighbourTable {
        table(stride: min(k, count), order: SpatialOrder.positions(of: queryPoints)) { row, _, search in
            search.run(queries[row], from: queryPoints[row], excluding: -1)
        }
    }

    /// The `k` nearest other shapes for every indexed shape, in parallel: row `i` answers shape `i`.
    /// - Returns: a table whose `stride` is `min(k, count - 1)`.
    /// - Complexity: as `nearest(to:at:k:)` with the indexed shapes as the queries.
    public func allNearest(k: Int) -> NeighbourTable {
        table(stride: max(0, min(k, count - 1)), order: order) { row, slot, search in
            search.run(shapes[row], from: points[row], excluding: row, slot: slot)
        }
    }

    /// Fills a table of `order.count` rows of `stride` neighbours, `answer` giving each row's
    /// (from the row and its position in `order`).
    ///
    /// Rows are answered in `order`, the Z-order of their places, so that each query walks the
    /// nodes and measures the shapes the queries just before it read, still in the CPU's cache.
    private func table(
        stride: Int, order: [Int32], _ answer: (Int, Int, inout ShapeSearch) -> [Neighbour]
    ) -> NeighbourTable {
        precondition(stride >= 0, "k must not be negative")
        let rows = order.count
        guard stride > 0 else { return NeighbourTable(stride: 0, rowCount: rows, neighbours: []) }
        let neighbours = [Neighbour](unsafeUninitializedCapacity: rows * stride) { buffer, initialized in
            let output = SharedPointer(base: buffer.baseAddress!)
            forEachChunkConcurrently(count: rows, chunkSize: 64) { chunk in
                var search = ShapeSearch(index: self, needed: stride)
                for position in chunk {
                    let row = Int(order[position])
                    for (column, neighbour) in answer(row, position, &search).enumerated() {
                        (output.base + row * stride + column).initialize(to: neighbour)
                    }
                }
            }
            initialized = rows * stride
        }
        return NeighbourTable(stride: stride, rowCount: rows, neighbours: neighbours)
    }
}
