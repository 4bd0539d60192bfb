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

    /// Row `i` lists item `i`'s nearest other items, nearest first, ties by id, the items of its
    /// own location included; pages show `nearest(of:)`, which leaves those out.
    public var neighbours: NeighbourTable
    public var cross: [CrossList]
    /// For each item, its location's index in `locations`, or -1 when it is alone at its place.
    public var locationOfItem: [Int32]
    /// Groups of two or more items at one place, each ascending by item index.
    public var locations: [[Int32]]
    /// For each item of a location, its nearest items outside the location
    /// (`Locations.neighboursOutside`).
    public var outsideNeighbours: [Int32: [Neighbour]] = [:]

    /// Item `index`'s nearest places as its page lists them: nearest first, without the other
    /// items of its location, which the page lists apart ("Also at this place").
    public func nearest(of index: Int) -> ArraySlice<Neighbour> {
        if let row = outsideNeighbours[Int32(index)] { return row[...] }
        return neighbours[index]
    }

    /// The other items at item `index`'s place.
    public func samePlace(as index: Int) -> [Int32] {
        let location = locationOfItem[index]
        guard location >= 0 else { return [] }
        return locations[Int(location)].filter { $0 != Int32(index) }
    }
}
