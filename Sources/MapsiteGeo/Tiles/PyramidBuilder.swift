import Foundation

/// Builds a `TilePyramid`: sorts points along the Z-order curve, splits the quadtree by byte
/// budget, then clusters internal tiles level by level from the deepest up, the tiles of one
/// level in parallel.
struct PyramidBuilder {
    let points: [GeoPoint]
    let sizes: [Int]
    let options: TilePyramid.Options

    /// One tile of the quadtree: its points are `lo..<hi` of the Z-order.
    struct Node {
        var key: TileKey
        var lo: Int
        var hi: Int
        var isLeaf: Bool
        /// Child node indices, in quadkey order.
        var children: [Int] = []
    }

    func build() -> (leaves: [LeafTile], clusterTiles: [ClusterTile]) {
        guard !points.isEmpty else { return ([], []) }
        let sorted = SortedPoints(points: points, zoom: options.maxZoom)
        var byteOffsets = [Int](repeating: 0, count: points.count + 1)
        for (position, point) in sorted.order.enumerated() {
            byteOffsets[position + 1] = byteOffsets[position] + sizes[Int(point)]
        }
        var nodes: [Node] = []
        split(TileKey(z: 0, x: 0, y: 0), 0..<points.count, sorted.codes, byteOffsets, into: &nodes)

        let clusters = clusterInternalNodes(nodes, sorted)
        let leafNodes = nodes.filter(\.isLeaf)
        var leaves = [LeafTile?](repeating: nil, count: leafNodes.count)
        leaves.withUnsafeMutableBufferPointer { buffer in
            let output = SharedPointer(base: buffer.baseAddress!)
            forEachChunkConcurrently(count: leafNodes.count, chunkSize: 16) { chunk in
                for index in chunk {
                    let node = leafNodes[index]
                    output.base[index] = LeafTile(
                        key: node.key, points: sorted.order[node.lo..<node.hi].sorted(),
                        byteSize: options.tileOverhead + byteOffsets[node.hi] - byteOffsets[node.lo])
                }
            }
        }
        let clusterTiles = nodes.indices.compactMap { index in
            clusters[index].map { ClusterTile(key: nodes[index].key, clusters: $0.clusters, parts: $0.parts) }
        }
        return (leaves.map { $0! }.sorted { $0.key < $1.key }, clusterTiles.sorted { $0.key < $1.key })
    }

    /// Adds the node for `key` holding `range`, and its descendants, to `nodes`.
    /// - Returns: the node's index.
    @discardableResult
    private func split(
        _ key: TileKey, _ range: Range<Int>, _ codes: [UInt64], _ byteOffsets: [Int], into nodes: inout [Node]
    ) -> Int {
        let index = nodes.count
        let bytes = options.tileOverhead + byteOffsets[range.upperBound] - byteOffsets[range.lowerBound]
        let isLeaf = bytes <= options.byteBudget || key.z == options.maxZoom
        nodes.append(Node(key: key, lo: range.lowerBound, hi: range.upperBound, isLeaf: isLeaf))
        guard !isLeaf else { return index }
        // The codes in the range share the tile's prefix, so the next 2-bit digit (the child's
        // quadrant) never decreases along it.
        let shift = UInt64(2 * (options.maxZoom - key.z - 1))
        var start = range.lowerBound
        for quadrant in 0..<4 {
            let end =
                quadrant == 3
                ? range.upperBound
                : codes[start..<range.upperBound].partitioningIndex { Int(($0 >> shift) & 3) > quadrant }
            if end > start {
                let child = split(key.child(quadrant: quadrant), start..<end, codes, byteOffsets, into: &nodes)
                nodes[index].children.append(child)
            }
            start = end
        }
        return index
    }

    /// Clusters every internal node, deepest level first so children are ready for their parent.
    private func clusterInternalNodes(_ nodes: [Node], _ sorted: SortedPoints) -> [TileClusters?] {
        var results = [TileClusters?](repeating: nil, count: nodes.count)
        // Each point's cluster in the most recently clustered tile holding it.
        var labels = [Int32](repeating: 0, count: points.count)
        let internalByZoom = Dictionary(grouping: nodes.indices.filter { !nodes[$0].isLeaf }) { nodes[$0].key.z }
        results.withUnsafeMutableBufferPointer { results in
            labels.withUnsafeMutableBufferPointer { labels in
                let output = SharedPointer(base: results.baseAddress!)
                let labelPointer = SharedPointer(base: labels.baseAddress!)
                for zoom in internalByZoom.keys.sorted(by: >) {
                    let level = internalByZoom[zoom]!
                    forEachChunkConcurrently(count: level.count, chunkSize: 1) { chunk in
                        for index in chunk {
                            let node = nodes[level[index]]
                            let children = node.children.map { child in
                                TileClusterer.Child(
                                    quadrant: UInt8((nodes[child].key.x & 1) + 2 * (nodes[child].key.y & 1)),
                                    range: nodes[child].lo..<nodes[child].hi, clusters: output.base[child])
                            }
                            let clusterer = TileClusterer(
                                key: node.key, range: node.lo..<node.hi, children: children, points: points,
                                sorted: sorted, labels: labelPointer.base, radius: options.clusterRadius)
                            output.base[level[index]] = clusterer.run()
                        }
                    }
                }
            }
        }
        return results
    }
}
