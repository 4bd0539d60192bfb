/// A uniform grid over a set of rectangles: each cell lists, in ascending order, the rectangles
/// that overlap it, so a point meets only the few rectangles near it.
///
/// Cell numbers grow monotonically with longitude and latitude, for rectangle corners and query
/// points alike, so a rectangle holding a point is always listed in the point's cell.
struct BoundsGrid: Sendable {
    private struct Layout: Sendable {
        var extent: GeoBounds
        var columns = 1
        var rows = 1
        /// Cells per degree of longitude and of latitude; 0 along a side of length 0.
        var scaleX = 0.0
        var scaleY = 0.0

        /// About `target` cells, shaped like `extent`.
        init(extent: GeoBounds, target: Int) {
            self.extent = extent
            let width = extent.maxLongitude - extent.minLongitude
            let height = extent.maxLatitude - extent.minLatitude
            if width > 0 && height > 0 {
                let ratio = width / height
                columns = max(1, min(target, Int((Double(target) * ratio).squareRoot().rounded())))
                rows = max(1, min(target / columns, Int((Double(target) / ratio).squareRoot().rounded())))
            } else if width > 0 {
                columns = target
            } else if height > 0 {
                rows = target
            }
            scaleX = width > 0 ? Double(columns) / width : 0
            scaleY = height > 0 ? Double(rows) / height : 0
        }

        /// The cell of a point inside the extent.
        @inline(__always)
        func cell(_ x: Double, _ y: Double) -> (column: Int, row: Int) {
            let column = min(columns - 1, max(0, Int((x - extent.minLongitude) * scaleX)))
            let row = min(rows - 1, max(0, Int((y - extent.minLatitude) * scaleY)))
            return (column, row)
        }
    }

    private let layout: Layout?
    /// Where each cell's list starts in `members`, with one more entry at the end.
    private let cellStart: [Int]
    private let members: [Int32]

    /// A grid of about `cellsPerRectangle` cells per rectangle, shaped like the rectangles' extent.
    /// - Complexity: O(n + m) for n rectangles filed m times in all.
    init(_ rectangles: [GeoBounds], cellsPerRectangle: Int = 2) {
        guard let first = rectangles.first else {
            (layout, cellStart, members) = (nil, [0], [])
            return
        }
        let extent = rectangles.dropFirst().reduce(first) { $0.extended(with: $1) }
        let layout = Layout(extent: extent, target: max(1, min(rectangles.count * cellsPerRectangle, 1 << 20)))
        func forEachCell(_ body: (_ cell: Int, _ rectangle: Int) -> Void) {
            for (index, rectangle) in rectangles.enumerated() {
                let (column0, row0) = layout.cell(rectangle.minLongitude, rectangle.minLatitude)
                let (column1, row1) = layout.cell(rectangle.maxLongitude, rectangle.maxLatitude)
                for row in row0...row1 {
                    for column in column0...column1 { body(row * layout.columns + column, index) }
                }
            }
        }
        var counts = [Int](repeating: 0, count: layout.columns * layout.rows)
        forEachCell { cell, _ in counts[cell] += 1 }
        let starts = Self.starts(counts)
        var next = starts
        var members = [Int32](repeating: 0, count: starts.last!)
        // Rectangles in ascending order, so each cell's list is ascending.
        forEachCell { cell, rectangle in
            members[next[cell]] = Int32(rectangle)
            next[cell] += 1
        }
        (self.layout, cellStart, self.members) = (layout, starts, members)
    }

    /// The number of cells.
    var cellCount: Int { cellStart.count - 1 }

    /// The cell whose list holds every rectangle that may hold `(x, y)`, or `nil` when the point
    /// lies outside them all (or is not a number).
    /// - Complexity: O(1).
    @inline(__always)
    func cell(x: Double, y: Double) -> Int? {
        guard let layout, x >= layout.extent.minLongitude, x <= layout.extent.maxLongitude,
            y >= layout.extent.minLatitude, y <= layout.extent.maxLatitude
        else { return nil }
        let (column, row) = layout.cell(x, y)
        return row * layout.columns + column
    }

    /// The lists as buffers, so that many queries in a row pay no reference counting.
    func withView<Result>(_ body: (View) -> Result) -> Result {
        cellStart.withUnsafeBufferPointer { cellStart in
            members.withUnsafeBufferPointer { members in body(View(cellStart: cellStart, members: members)) }
        }
    }

    struct View {
        let cellStart: UnsafeBufferPointer<Int>
        let members: UnsafeBufferPointer<Int32>

        /// The rectangles filed in `cell`, ascending.
        @inline(__always)
        func rectangles(in cell: Int) -> Slice<UnsafeBufferPointer<Int32>> {
            members[cellStart[cell]..<cellStart[cell + 1]]
        }
    }

    /// Prefix sums: where each cell's list starts, and the total at the end.
    private static func starts(_ counts: [Int]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(counts.count + 1)
        for count in counts { starts.append(starts.last! + count) }
        return starts
    }
}
