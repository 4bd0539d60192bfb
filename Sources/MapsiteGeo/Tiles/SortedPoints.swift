import Foundation

/// The points in Z-order with what clustering needs at hand: world coordinates and unit vectors.
struct SortedPoints: Sendable {
    /// Sorted position → point index.
    let order: [Int32]
    /// Z-order codes of the points' tiles at the pyramid's deepest zoom, ascending.
    let codes: [UInt64]
    /// Web Mercator world coordinates (0...1) per sorted position.
    let worldX: [Double]
    let worldY: [Double]
    /// Unit vectors per sorted position, three doubles each, for nearest-to-centre searches.
    let unitVectors: [Double]

    /// Projects and sorts `points`, in parallel.
    /// - Complexity: O(n · zoom / 5).
    init(points: [GeoPoint], zoom: Int) {
        let count = points.count
        var worldX = [Double](repeating: 0, count: count)
        var worldY = [Double](repeating: 0, count: count)
        var codes = [UInt64](repeating: 0, count: count)
        worldX.withUnsafeMutableBufferPointer { xs in
            worldY.withUnsafeMutableBufferPointer { ys in
                codes.withUnsafeMutableBufferPointer { codes in
                    let (xs, ys, codes) = (
                        SharedPointer(base: xs.baseAddress!), SharedPointer(base: ys.baseAddress!),
                        SharedPointer(base: codes.baseAddress!)
                    )
                    forEachChunkConcurrently(count: count, chunkSize: 16_384) { chunk in
                        for index in chunk {
                            let x = WebMercator.x(longitude: points[index].longitude)
                            let y = WebMercator.y(latitude: points[index].latitude)
                            xs.base[index] = x
                            ys.base[index] = y
                            codes.base[index] = MortonOrder.code(
                                column: WebMercator.column(x: x, zoom: zoom), row: WebMercator.row(y: y, zoom: zoom))
                        }
                    }
                }
            }
        }
        let morton = MortonOrder(codes: codes, zoom: zoom)
        let order = morton.order
        self.order = order
        self.codes = morton.codes
        self.worldX = order.map { worldX[Int($0)] }
        self.worldY = order.map { worldY[Int($0)] }
        self.unitVectors = [Double](unsafeUninitializedCapacity: 3 * count) { buffer, initialized in
            let output = SharedPointer(base: buffer.baseAddress!)
            forEachChunkConcurrently(count: count, chunkSize: 16_384) { chunk in
                for position in chunk {
                    let vector = points[Int(order[position])].unitVector
                    (output.base + 3 * position).initialize(to: vector.x)
                    (output.base + 3 * position + 1).initialize(to: vector.y)
                    (output.base + 3 * position + 2).initialize(to: vector.z)
                }
            }
            initialized = 3 * count
        }
    }
}
