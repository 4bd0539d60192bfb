import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

/// The example site's neighbourhoods, `content/data/neighbourhoods.geojson`, against its
/// property assessments.
@Suite("Example neighbourhoods")
struct ExampleRegionsTests {
    static let content = Fixtures.repository.appendingPathComponent("content").path

    static func neighbourhoods() throws -> RegionSet {
        try RegionSet.load(
            RegionsConfig(source: "data/neighbourhoods.geojson", field: "neighbourhood"), contentDirectory: content,
            displayDirectory: "content")
    }

    @Test("load: named, with unique slugs, parks cut out as holes, a dozen or more vertices each")
    func load() throws {
        let set = try Self.neighbourhoods()
        #expect((12...20).contains(set.regions.count))
        #expect(Set(set.regions.map(\.slug)).count == set.regions.count)
        #expect(set.regions.contains { $0.name == "Rittenhouse" && $0.shape.polygons[0].holes.count == 1 })
        for region in set.regions {
            #expect(region.shape.polygons[0].outer.count >= 13, "\(region.name)")
        }
        // In Rittenhouse Square, and on the Rittenhouse–Fitler Square border (Rittenhouse is first).
        #expect(set.region(containing: GeoPoint(latitude: 39.9490, longitude: -75.1722)) == nil)
        func outer(_ name: String) -> Set<GeoPoint> {
            Set(set.regions.first { $0.name == name }?.shape.polygons[0].outer ?? [])
        }
        let border = outer("Rittenhouse").intersection(outer("Fitler Square"))
            .subtracting(outer("Center City West")).subtracting(outer("Graduate Hospital"))
        #expect(!border.isEmpty)
        for point in border { #expect(set.region(containing: point)?.name == "Rittenhouse") }
    }

    @Test("most properties lie in a neighbourhood") func properties() throws {
        let config = try ConfigLoader.load(contentDirectory: Self.content)
        let datasetConfig = try #require(config.datasets.first { $0.name == "properties" })
        let dataset = try DatasetLoader.load(datasetConfig, contentDirectory: Self.content)
        let set = try Self.neighbourhoods()
        let join = RegionJoin.join(dataset, with: set)
        #expect(join.unassigned * 20 < dataset.items.count)
        #expect(join.counts.reduce(0, +) + join.unassigned == dataset.items.count)
        #expect(join.counts.filter { $0 > 0 }.count >= 12)
        let names = join.names(in: set)
        /// The region names of the properties on a block: `"17", "Spruce St"` is the 1700 block.
        func regions(block: String, _ street: String) -> Set<String> {
            Set(
                dataset.items.indices.filter {
                    let title = dataset.items[$0].title
                    return title.hasSuffix(" " + street) && title.hasPrefix(block)
                        && title.count == block.count + 2 + 1 + street.count
                }.map { names[$0] })
        }
        #expect(regions(block: "17", "Spruce St") == ["Rittenhouse"])
        #expect(regions(block: "3", "Spruce St") == ["Society Hill"])
        #expect(regions(block: "61", "Greene St") == ["Germantown"])
        #expect(regions(block: "55", "Spruce St") == [""])
    }
}
