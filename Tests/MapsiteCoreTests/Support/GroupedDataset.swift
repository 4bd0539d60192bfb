import Foundation
import MapsiteGeo

@testable import MapsiteCore

/// Datasets built in memory for group and aggregate tests, without a file to load.
enum GroupedDataset {
    /// A dataset configured by `yaml` (keys of one `datasets:` entry, as `TestDataset.config` takes
    /// them) whose items have the given field values, in order; fields a row leaves out are empty.
    static func make(_ yaml: String, rows: [[String: String]]) throws -> Dataset {
        let config = try TestDataset.config(yaml)
        let kept = config.keptFields
        let items = rows.enumerated().map { index, row in
            Item(
                id: String(index), slug: "item-\(index)", title: "Item \(index)",
                point: GeoPoint(latitude: 0, longitude: 0), values: kept.map { row[$0] ?? "" },
                origin: "row \(index)")
        }
        return Dataset(config: config, items: items)
    }
}
