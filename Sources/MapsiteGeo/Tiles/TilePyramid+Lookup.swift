import Foundation

extension TilePyramid {
    /// The point tile at `key`, if it is a leaf.
    /// - Complexity: O(log t) for t leaves.
    public func leaf(at key: TileKey) -> LeafTile? {
        let index = leaves.partitioningIndex { $0.key >= key }
        return index < leaves.count && leaves[index].key == key ? leaves[index] : nil
    }

    /// The cluster tile at `key`, if the tile is internal.
    /// - Complexity: O(log t) for t cluster tiles.
    public func clusterTile(at key: TileKey) -> ClusterTile? {
        let index = clusterTiles.partitioningIndex { $0.key >= key }
        return index < clusterTiles.count && clusterTiles[index].key == key ? clusterTiles[index] : nil
    }

    /// The points merged into cluster `index` of the cluster tile at `key`, ascending (as
    /// supercluster's `getLeaves`).
    /// - Complexity: O(c log c + m log t) for c points reached through m nested clusters.
    public func points(inCluster index: Int, of key: TileKey) -> [Int32] {
        guard let tile = clusterTile(at: key) else { return [] }
        var result: [Int32] = []
        collect(tile, index, into: &result)
        return result.sorted()
    }

    private func collect(_ tile: ClusterTile, _ index: Int, into result: inout [Int32]) {
        let parts = tile.parts[index]
        result += parts.points
        for child in parts.childClusters {
            collect(clusterTile(at: tile.key.child(quadrant: Int(child.quadrant)))!, Int(child.index), into: &result)
        }
    }
}

extension RandomAccessCollection {
    /// The first index whose element satisfies `predicate`, which must be false then true along
    /// the collection.
    /// - Complexity: O(log n).
    func partitioningIndex(where predicate: (Element) -> Bool) -> Index {
        var low = startIndex
        var length = count
        while length > 0 {
            let half = length / 2
            let middle = index(low, offsetBy: half)
            if predicate(self[middle]) {
                length = half
            } else {
                low = index(after: middle)
                length -= half + 1
            }
        }
        return low
    }
}
