import Foundation
import MapsiteGeo

/// The regions of a GeoJSON file, in file order, with an index answering which region holds a
/// point. Where regions share a border or overlap, the one that comes first in the file wins.
///
/// ```swift
/// let regions = try RegionSet.load(config.regions!, contentDirectory: "content")
/// let join = RegionJoin.join(dataset, with: regions)
/// ```
public struct RegionSet: Sendable {
    /// The file, as named in messages: `content/data/neighbourhoods.geojson`.
    public var file: String
    /// In file order; features that are not regions are errors, so feature n is region n - 1.
    public let regions: [Region]
    public let index: RegionIndex

    /// Indexes `regions`, which keep their order.
    /// - Complexity: O(e) for e vertices in all (see `RegionIndex`).
    public init(regions: [Region], file: String) {
        self.file = file
        self.regions = regions
        // Split at ±180° where they cross it or go around a pole: the index reads them as flat.
        self.index = RegionIndex(regions: regions.map { PolygonRepair.splitAtAntimeridian($0.shape) })
    }

    /// Reads and checks the regions file of a dataset.
    /// - Parameter contentDirectory: the folder `source` is relative to.
    /// - Parameter displayDirectory: how that folder is named in messages.
    /// - Throws: `InputErrors` naming the file, the feature and what is wrong with it.
    public static func load(
        _ config: RegionsConfig, contentDirectory: String, displayDirectory: String? = nil
    ) throws -> RegionSet {
        let path = SourcePath.resolved(config.source, in: contentDirectory)
        let file = SourcePath.resolved(config.source, in: displayDirectory ?? contentDirectory)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputErrors(
                errors: [InputError(file: file, expected: "a readable GeoJSON file of regions", found: "no such file")],
                total: 1)
        }
        let regions = try RegionReader(file: file, nameProperty: config.nameProperty).regions(from: data)
        return RegionSet(regions: regions, file: file)
    }

    /// The region holding `point`, the first in the file when several do.
    /// - Complexity: see `RegionIndex.region(containing:)`.
    public func region(containing point: GeoPoint) -> Region? {
        index.region(containing: point).map { regions[$0] }
    }

    /// Slugs made from the names, unique in file order: a name used before gets `-2`, `-3`; a
    /// name without letters or digits becomes `region-<feature number>`.
    static func slugs(for names: [String]) -> [String] {
        var taken = Set<String>()
        return names.enumerated().map { index, name in
            var slug = Slug.make(from: name)
            if slug.isEmpty { slug = "region-\(index + 1)" }
            var unique = slug
            var counter = 2
            while !taken.insert(unique).inserted {
                unique = Slug.joined(slug, String(counter))
                counter += 1
            }
            return unique
        }
    }
}
