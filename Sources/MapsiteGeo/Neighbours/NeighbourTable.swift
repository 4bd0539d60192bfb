import Foundation

/// The neighbours of many query points, stored flat: row `i` is `neighbours[i * stride ..< (i + 1) * stride]`.
///
/// Every row has the same length, because every query asks for the same `k` among the same points:
/// `stride` is `min(k, n - 1)` for `NeighbourIndex.allNearest(k:)` and `min(k, n)` for a batch of
/// outside queries. One flat array avoids allocating an array per row (145,000 of them for a large
/// dataset); use `rows` when nested arrays are more convenient.
public struct NeighbourTable: Sendable, Hashable, RandomAccessCollection {
    /// The number of neighbours in each row.
    public let stride: Int
    /// All rows, one after the other.
    public let neighbours: [Neighbour]
    /// The number of rows, one per query point.
    public let rowCount: Int

    init(stride: Int, rowCount: Int, neighbours: [Neighbour]) {
        precondition(neighbours.count == stride * rowCount)
        self.stride = stride
        self.rowCount = rowCount
        self.neighbours = neighbours
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rowCount }

    /// The neighbours of query `row`, nearest first.
    public subscript(row: Int) -> ArraySlice<Neighbour> {
        neighbours[row * stride..<(row + 1) * stride]
    }

    /// The rows as nested arrays.
    public var rows: [[Neighbour]] { map { Array($0) } }
}
