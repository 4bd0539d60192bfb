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
            var index = DatasetIndex(
                neighbours: tree.allNearest(k: dataset.config.neighbours), cross: cross,
                locationOfItem: locationOfItem, locations: locations)
            index.outsideNeighbours = Locations.neighboursOutside(
                locations, points: points[dataset.name]!, k: dataset.config.neighbours, index: tree)
            result[dataset.name] = index
        }
        return result
    }
}
