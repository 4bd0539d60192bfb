import Foundation
import MapsiteGeo

/// The index stage: for every dataset, the neighbour lists and locations its pages show.
///
/// Distances are between places' shapes: a dataset with lines or polygons, and a cross list
/// from or to one, are measured with `ShapeIndex` (the shortest great-circle distance between
/// the shapes, 0 when they touch or one holds the other); lists between datasets of points alone
/// keep `NeighbourIndex`, whose results for points are the same and come faster.
public enum SpatialIndexer {
    /// - Complexity: O(n log n) per dataset of points for the k-d tree and its queries (see
    ///   `NeighbourIndex`); for shapes, see `ShapeIndex.nearest(to:at:k:)`.
    public static func index(_ datasets: [Dataset]) -> [String: DatasetIndex] {
        let points = Dictionary(uniqueKeysWithValues: datasets.map { ($0.name, $0.items.map(\.point)) })
        let trees = Dictionary(uniqueKeysWithValues: points.map { ($0.key, NeighbourIndex(points: $0.value)) })
        let withShapes = Set(datasets.filter { $0.items.contains { $0.geometry != nil } }.map(\.name))
        let shapes = Shapes(datasets: datasets)
        var result: [String: DatasetIndex] = [:]
        for dataset in datasets {
            let tree = trees[dataset.name]!
            let hasShapes = withShapes.contains(dataset.name)
            let cross = dataset.config.crossNeighbours.compactMap { config -> DatasetIndex.CrossList? in
                guard let other = trees[config.dataset] else { return nil }
                let title =
                    config.title
                    ?? "Nearest \(datasets.first { $0.name == config.dataset }?.config.title ?? config.dataset)"
                let table =
                    hasShapes || withShapes.contains(config.dataset)
                    ? shapes.index(config.dataset).nearest(
                        to: shapes.prepared(dataset.name), at: points[dataset.name]!, k: config.count)
                    : other.nearest(to: points[dataset.name]!, k: config.count)
                return .init(dataset: config.dataset, title: title, table: table)
            }
            let (locationOfItem, locations) = Locations.group(
                points[dataset.name]!, radius: dataset.config.samePlaceRadius, index: tree)
            let neighbours =
                hasShapes
                ? shapes.index(dataset.name).allNearest(k: dataset.config.neighbours)
                : tree.allNearest(k: dataset.config.neighbours)
            var index = DatasetIndex(
                neighbours: neighbours, cross: cross, locationOfItem: locationOfItem, locations: locations)
            index.outsideNeighbours =
                hasShapes
                ? shapes.neighboursOutside(locations, of: dataset.name, k: dataset.config.neighbours)
                : Locations.neighboursOutside(
                    locations, points: points[dataset.name]!, k: dataset.config.neighbours, index: tree)
            result[dataset.name] = index
        }
        return result
    }

    /// The datasets' shapes prepared for distances, and their indexes, made when first asked for.
    private final class Shapes {
        let datasets: [String: Dataset]
        private var preparedShapes: [String: [SphericalShape]] = [:]
        private var indexes: [String: ShapeIndex] = [:]

        init(datasets: [Dataset]) {
            self.datasets = Dictionary(uniqueKeysWithValues: datasets.map { ($0.name, $0) })
        }

        /// Each item's shape, or its point, prepared on two threads.
        func prepared(_ name: String) -> [SphericalShape] {
            if let shapes = preparedShapes[name] { return shapes }
            let items = datasets[name]!.items
            let shapes = TwoHalves.map(count: items.count) { index in
                items[index].geometry.map(SphericalShape.init) ?? SphericalShape(point: items[index].point)
            }
            preparedShapes[name] = shapes
            return shapes
        }

        func index(_ name: String) -> ShapeIndex {
            if let index = indexes[name] { return index }
            let index = ShapeIndex(shapes: prepared(name), points: datasets[name]!.items.map(\.point))
            indexes[name] = index
            return index
        }

        /// For each item of a location, its nearest items outside the location, measured between
        /// shapes (the rule of `Locations.neighboursOutside`, for datasets with shapes).
        /// - Complexity: one `ShapeIndex` query per item of a location.
        func neighboursOutside(_ locations: [[Int32]], of name: String, k: Int) -> [Int32: [Neighbour]] {
            var rows: [Int32: [Neighbour]] = [:]
            guard k > 0 else { return rows }
            let shapes = prepared(name)
            let points = datasets[name]!.items.map(\.point)
            for members in locations {
                let inside = Set(members)
                let table = index(name).nearest(
                    to: members.map { shapes[Int($0)] }, at: members.map { points[Int($0)] }, k: k + members.count)
                for (row, member) in members.enumerated() {
                    rows[member] = Array(table[row].lazy.filter { !inside.contains($0.index) }.prefix(k))
                }
            }
            return rows
        }
    }
}
