import Foundation

/// Clusters one internal tile from its children: the clusters of internal children and the
/// points of leaf children become weighted items, merged by `GreedyClustering` at the tile's zoom.
///
/// It also rewrites `labels` over the tile's Z-order range to each point's cluster here, which
/// the parent tile reads in turn, and finds each cluster's representative from those labels.
struct TileClusterer {
    struct Child {
        /// The child's quadkey digit within the tile.
        var quadrant: UInt8
        /// The child's points in the Z-order.
        var range: Range<Int>
        /// The child's clusters, or `nil` when the child is a leaf.
        var clusters: TileClusters?
    }

    /// An item to cluster: a child's cluster, or a point of a leaf child by sorted position.
    private struct Item {
        var child: Int
        var local: Int
        var isPoint: Bool
    }

    let key: TileKey
    let range: Range<Int>
    let children: [Child]
    let points: [GeoPoint]
    let sorted: SortedPoints
    let labels: UnsafeMutablePointer<Int32>
    let radius: Double

    func run() -> TileClusters {
        var items: [Item] = []
        var itemBase: [Int] = []
        var x: [Double] = []
        var y: [Double] = []
        var weight: [Int] = []
        let scale = Double(1 << key.z)
        let (left, top) = (Double(key.x), Double(key.y))
        for (index, child) in children.enumerated() {
            itemBase.append(items.count)
            if let clusters = child.clusters {
                for (local, cluster) in clusters.clusters.enumerated() {
                    let count = Double(cluster.count)
                    items.append(Item(child: index, local: local, isPoint: false))
                    x.append((clusters.sums[local].x / count * scale - left) * 256)
                    y.append((clusters.sums[local].y / count * scale - top) * 256)
                    weight.append(cluster.count)
                }
            } else {
                for position in child.range {
                    items.append(Item(child: index, local: position, isPoint: true))
                    x.append((sorted.worldX[position] * scale - left) * 256)
                    y.append((sorted.worldY[position] * scale - top) * 256)
                    weight.append(1)
                }
            }
        }
        let (assignment, clusterCount) = GreedyClustering.assign(x: x, y: y, weight: weight, radius: radius)

        // Merge items into clusters, in item order so the sums are deterministic.
        var counts = [Int](repeating: 0, count: clusterCount)
        var sums = [ClusterSums](repeating: ClusterSums(), count: clusterCount)
        var bounds = [GeoBounds?](repeating: nil, count: clusterCount)
        var parts = [ClusterParts](repeating: ClusterParts(childClusters: [], points: []), count: clusterCount)
        var itemCounts = [Int](repeating: 0, count: clusterCount)
        var expansionZooms = [Int](repeating: key.z + 1, count: clusterCount)
        for (index, item) in items.enumerated() {
            let cluster = Int(assignment[index])
            itemCounts[cluster] += 1
            if item.isPoint {
                let point = sorted.order[item.local]
                let position = points[Int(point)]
                counts[cluster] += 1
                sums[cluster].add(
                    ClusterSums(
                        latitude: position.latitude, longitude: position.longitude, x: sorted.worldX[item.local],
                        y: sorted.worldY[item.local]))
                bounds[cluster] =
                    bounds[cluster].map { $0.extended(with: GeoBounds(point: position)) } ?? GeoBounds(point: position)
                parts[cluster].points.append(point)
            } else {
                let child = children[item.child]
                let clusters = child.clusters!
                let merged = clusters.clusters[item.local]
                counts[cluster] += merged.count
                sums[cluster].add(clusters.sums[item.local])
                bounds[cluster] = bounds[cluster].map { $0.extended(with: merged.bounds) } ?? merged.bounds
                parts[cluster].childClusters.append(ChildCluster(quadrant: child.quadrant, index: Int32(item.local)))
                // A cluster that is just one child cluster splits when that one does.
                expansionZooms[cluster] = merged.expansionZoom
            }
        }
        for cluster in 0..<clusterCount where itemCounts[cluster] > 1 { expansionZooms[cluster] = key.z + 1 }

        // Each point's cluster here, from its cluster in the child (or its item in a leaf child).
        for (index, child) in children.enumerated() {
            let base = itemBase[index]
            if child.clusters == nil {
                for position in child.range { labels[position] = assignment[base + position - child.range.lowerBound] }
            } else {
                for position in child.range { labels[position] = assignment[base + Int(labels[position])] }
            }
        }

        let centres = (0..<clusterCount).map {
            GeoPoint(
                latitude: sums[$0].latitude / Double(counts[$0]), longitude: sums[$0].longitude / Double(counts[$0]))
        }
        let representatives = nearestToCentres(centres)

        // Final order: largest first, then by representative; relabel the points to match.
        let order = (0..<clusterCount).sorted {
            counts[$0] > counts[$1] || (counts[$0] == counts[$1] && representatives[$0] < representatives[$1])
        }
        var rank = [Int32](repeating: 0, count: clusterCount)
        for (position, cluster) in order.enumerated() { rank[cluster] = Int32(position) }
        for position in range { labels[position] = rank[Int(labels[position])] }
        return TileClusters(
            clusters: order.map {
                Cluster(
                    centre: centres[$0], count: counts[$0], bounds: bounds[$0]!, representative: representatives[$0],
                    expansionZoom: expansionZooms[$0])
            },
            parts: order.map { parts[$0] },
            sums: order.map { sums[$0] })
    }

    /// For each cluster (by `labels` over the tile's range), the point nearest its centre by
    /// haversine distance, ties by lower index.
    ///
    /// A first pass finds the shortest chord to each centre; a second ranks by exact haversine
    /// every point within `NeighbourSearch.tieTolerance` of it, as the neighbour search does, so
    /// chord rounding cannot pick a different point than a brute-force haversine scan.
    /// - Complexity: O(n) for the n points of the tile, plus O(1) trigonometry per near-tie.
    private func nearestToCentres(_ centres: [GeoPoint]) -> [Int32] {
        let vectors = centres.map(\.unitVector)
        var shortest = [Double](repeating: .infinity, count: centres.count)
        var chords = [Double](repeating: 0, count: range.count)
        sorted.unitVectors.withUnsafeBufferPointer { units in
            for position in range {
                let cluster = Int(labels[position])
                let vector = vectors[cluster]
                let dx = units[3 * position] - vector.x
                let dy = units[3 * position + 1] - vector.y
                let dz = units[3 * position + 2] - vector.z
                let squared = dx * dx + dy * dy + dz * dz
                chords[position - range.lowerBound] = squared
                shortest[cluster] = min(shortest[cluster], squared)
            }
        }
        let limits = shortest.map {
            ($0.squareRoot() + NeighbourSearch.tieTolerance) * ($0.squareRoot() + NeighbourSearch.tieTolerance)
        }
        let trig = centres.map(TrigPoint.init)
        var best = [(distance: Double, index: Int32)](repeating: (.infinity, .max), count: centres.count)
        for position in range {
            let cluster = Int(labels[position])
            guard chords[position - range.lowerBound] <= limits[cluster] else { continue }
            let index = sorted.order[position]
            let distance = trig[cluster].distance(to: TrigPoint(points[Int(index)]))
            if distance < best[cluster].distance || (distance == best[cluster].distance && index < best[cluster].index)
            {
                best[cluster] = (distance, index)
            }
        }
        return best.map(\.index)
    }
}
