import Foundation

extension SiteBuilder {
    /// The index stage: each dataset's nearest neighbours, cross-dataset lists and places that
    /// share a location (`SpatialIndexer`), by dataset name.
    func index(_ content: SiteContent, clock: StageClock) -> [String: DatasetIndex] {
        let indexes = SpatialIndexer.index(content.datasets)
        clock.finish("Indexed neighbours of \(NumberText.grouped(content.itemCount)) items")
        return indexes
    }
}
