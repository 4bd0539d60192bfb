import Foundation
import MapsiteGeo

/// Which region each item of a dataset lies in: the spatial join of a dataset with its
/// `RegionSet`, done once per build.
public struct RegionJoin: Sendable, Equatable {
    /// For each item, in the dataset's order, the index of its region in `RegionSet.regions`, or
    /// -1 when it lies in none.
    public var regionOfItem: [Int32]
    /// How many items lie in each region, in the set's order.
    public var counts: [Int]
    /// How many items lie in no region; the build reports them as a warning.
    public var unassigned: Int

    /// Joins every item with the first region (in file order) that holds it, boundary included.
    /// - Complexity: O(n · (c + k)) for n items, spread over the cores (see `RegionIndex`).
    public static func join(_ dataset: Dataset, with regions: RegionSet) -> RegionJoin {
        let regionOfItem = regions.index.regions(of: dataset.items.map(\.point))
        var counts = [Int](repeating: 0, count: regions.regions.count)
        var unassigned = 0
        for region in regionOfItem {
            if region >= 0 { counts[Int(region)] += 1 } else { unassigned += 1 }
        }
        return RegionJoin(regionOfItem: regionOfItem, counts: counts, unassigned: unassigned)
    }

    /// Each item's region name, empty for an item in no region.
    public func names(in regions: RegionSet) -> [String] {
        regionOfItem.map { $0 >= 0 ? regions.regions[Int($0)].name : "" }
    }

    /// The dataset with each item's region name in the field `regions.field`, when the dataset
    /// keeps that field (it is in `fields` or `group_by`); the name replaces any value the data had.
    public func applied(to dataset: Dataset, regions: RegionSet) -> Dataset {
        guard let field = dataset.config.regions?.field, let column = dataset.config.keptFields.firstIndex(of: field)
        else { return dataset }
        var dataset = dataset
        for (index, name) in names(in: regions).enumerated() where column < dataset.items[index].values.count {
            dataset.items[index].values[column] = name
        }
        return dataset
    }

    /// The build warning for the items in no region, naming up to five of them; `nil` when every
    /// item lies in a region.
    public func warning(for dataset: Dataset, regions: RegionSet) -> String? {
        guard unassigned > 0 else { return nil }
        let outside = regionOfItem.indices.filter { regionOfItem[$0] < 0 }.prefix(5).map { dataset.items[$0].id }
        let more = unassigned > outside.count ? ", …" : ""
        let verb = unassigned == 1 ? "lies" : "lie"
        return "\(dataset.name): \(unassigned) of \(dataset.items.count) items \(verb) in no region of \(regions.file) "
            + "(id \(outside.joined(separator: ", "))\(more))"
    }
}
