import Foundation
import MapsiteGeo

/// The index stage: for every dataset, the neighbour lists and locations its pages show.
public enum SpatialIndexer {
    /// - Complexity: O(n log n) per dataset for the k-d tree and its queries (see `NeighbourIndex`).
    public static func index(_ datasets: [Dataset]) -> [String: DatasetIndex] {
        let points = Dictionary(uniqueKeysWithValues: datasets.map { ($0.name, $0.items.map(\.point)) })
        let trees = Dictionary(uniqueKeysWithValues: points.map { ($0.key, NeighbourIndex(points: $0.value)) })
        var result: [String: DatasetIndex] = [:]
        for dataset in datasets {
            let tree = trees[dataset.name]!
            let cross = dataset.config.crossNeighbours.compactMap { config -> DatasetIndex.CrossList? in
                guard let other = trees[config.dataset] else { return nil }
                let title =
                    config.title
                    ?? "Nearest \(datasets.first { $0.name == config.dataset }?.config.title ?? config.dataset)"
                return .init(
                    dataset: config.dataset, title: title,
                    table: other.nearest(to: points[dataset.name]!, k: config.count))
            }
            let (locationOfItem, locations) = Locations.group(
                points[dataset.name]!, radius: dataset.config.samePlaceRadius, index: tree)
            result[dataset.name] = DatasetIndex(
                neighbours: tree.allNearest(k: dataset.config.neighbours), cross: cross,
                locationOfItem: locationOfItem, locations: locations)
        }
        return result
    }
}

/// Items at one place: identical coordinates, or within a radius of each other (transitively).
enum Locations {
    /// - Complexity: O(n) for radius 0; otherwise one neighbour query per item, growing k until
    ///   the k-th neighbour lies beyond the radius, so every pair within it is found.
    static func group(_ points: [GeoPoint], radius: Double, index: NeighbourIndex) -> ([Int32], [[Int32]]) {
        var parent = Array(Int32(0)..<Int32(points.count))
        func find(_ x: Int32) -> Int32 {
            var x = x
            while parent[Int(x)] != x {
                parent[Int(x)] = parent[Int(parent[Int(x)])]
                x = parent[Int(x)]
            }
            return x
        }
        func union(_ a: Int32, _ b: Int32) {
            let (ra, rb) = (find(a), find(b))
            if ra != rb { parent[Int(max(ra, rb))] = min(ra, rb) }
        }
        if radius <= 0 {
            for group in index.sharedPositions {
                for member in group.dropFirst() { union(group[0], member) }
            }
        } else {
            for (position, point) in points.enumerated() {
                var k = 8
                while true {
                    let found = index.nearest(to: point, k: k, excluding: position)
                    for neighbour in found where neighbour.distance <= radius {
                        union(Int32(position), neighbour.index)
                    }
                    guard found.count == k, let last = found.last, last.distance <= radius else { break }
                    k *= 2
                }
            }
        }
        // A location per set of two or more items, in the order of its first item (the root, which
        // union keeps as the lowest index); its items ascending.
        let roots = points.indices.map { find(Int32($0)) }
        var sizes = [Int32](repeating: 0, count: points.count)
        for root in roots { sizes[Int(root)] += 1 }
        var locationOfRoot = [Int32](repeating: -1, count: points.count)
        var locations: [[Int32]] = []
        for index in points.indices where roots[index] == Int32(index) && sizes[index] > 1 {
            locationOfRoot[index] = Int32(locations.count)
            locations.append([])
        }
        var locationOfItem = [Int32](repeating: -1, count: points.count)
        for (index, root) in roots.enumerated() where locationOfRoot[Int(root)] >= 0 {
            let location = locationOfRoot[Int(root)]
            locationOfItem[index] = location
            locations[Int(location)].append(Int32(index))
        }
        return (locationOfItem, locations)
    }
}
