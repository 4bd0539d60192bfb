import Foundation
import MapsiteGeo

/// What the index stage knows of one dataset's items: their nearest neighbours, the nearest
/// items of other datasets, and which items share a location.
public struct DatasetIndex: Sendable {
    /// The nearest items of another dataset, one row per item of this one.
    public struct CrossList: Sendable {
        public var dataset: String
        public var title: String
        public var table: NeighbourTable
    }

    /// Row `i` lists item `i`'s nearest other items, nearest first, ties by id.
    public var neighbours: NeighbourTable
    public var cross: [CrossList]
    /// For each item, its location's index in `locations`, or -1 when it is alone at its place.
    public var locationOfItem: [Int32]
    /// Groups of two or more items at one place, each ascending by item index.
    public var locations: [[Int32]]

    /// The other items at item `index`'s place.
    public func samePlace(as index: Int) -> [Int32] {
        let location = locationOfItem[index]
        guard location >= 0 else { return [] }
        return locations[Int(location)].filter { $0 != Int32(index) }
    }
}
