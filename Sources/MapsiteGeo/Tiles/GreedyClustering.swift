import Foundation

/// Greedy radius clustering of weighted items in one tile's pixel space (0..<256 on each axis).
///
/// Items are taken largest weight first, ties by position in the input; each one not yet taken
/// seeds a new cluster that takes every untaken item within `radius` pixels of the seed. A grid
/// of cells at least `radius` wide limits each seed's search to the 3 × 3 cells around it.
enum GreedyClustering {
    /// - Returns: each item's cluster, numbered in order of creation, and the number of clusters.
    /// - Complexity: O(n log n + n · s) for s seeds near each item; s is small because seeds lie
    ///   at least `radius` apart.
    static func assign(x: [Double], y: [Double], weight: [Int], radius: Double) -> (cluster: [Int32], count: Int) {
        let count = x.count
        let cellSize = max(radius, 2)
        let grid = max(1, Int((256 / cellSize).rounded(.up)))
        func cell(_ value: Double) -> Int { min(grid - 1, max(0, Int(value / cellSize))) }
        var cellStart = [Int](repeating: 0, count: grid * grid + 1)
        var cellOfItem = [Int](repeating: 0, count: count)
        for item in 0..<count {
            cellOfItem[item] = cell(x[item]) + grid * cell(y[item])
            cellStart[cellOfItem[item] + 1] += 1
        }
        for index in 0..<grid * grid { cellStart[index + 1] += cellStart[index] }
        var fill = cellStart
        var cellItems = [Int](repeating: 0, count: count)
        for item in 0..<count {
            cellItems[fill[cellOfItem[item]]] = item
            fill[cellOfItem[item]] += 1
        }

        let seeds = (0..<count).sorted { weight[$0] > weight[$1] || (weight[$0] == weight[$1] && $0 < $1) }
        var cluster = [Int32](repeating: -1, count: count)
        var clusters = 0
        let squaredRadius = radius * radius
        for seed in seeds where cluster[seed] < 0 {
            let id = Int32(clusters)
            clusters += 1
            let (seedX, seedY) = (x[seed], y[seed])
            let column = cellOfItem[seed] % grid
            let row = cellOfItem[seed] / grid
            for neighbourRow in max(0, row - 1)...min(grid - 1, row + 1) {
                for neighbourColumn in max(0, column - 1)...min(grid - 1, column + 1) {
                    let index = neighbourColumn + grid * neighbourRow
                    for item in cellItems[cellStart[index]..<cellStart[index + 1]] where cluster[item] < 0 {
                        let dx = x[item] - seedX
                        let dy = y[item] - seedY
                        if dx * dx + dy * dy <= squaredRadius { cluster[item] = id }
                    }
                }
            }
        }
        return (cluster, clusters)
    }
}
