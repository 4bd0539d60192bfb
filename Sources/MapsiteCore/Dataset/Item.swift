import Foundation
import MapsiteGeo

/// One place of a dataset, validated: safe slug, finite coordinates in range.
public struct Item: Sendable, Equatable {
    public var id: String
    public var slug: String
    public var title: String
    public var point: GeoPoint
    /// The values of `DatasetConfig.keptFields`, in that order; empty text when missing.
    public var values: [String]
    public var image: String?
    public var thumbnail: String?
    public var description: String?
    /// Where the item came from, for messages: `line 17`, `feature 3`.
    public var origin: String
    /// The place's shape when it is not a single point (a GeoJSON line, polygon or multipoint);
    /// nil for points, whose shape is `point`.
    public var geometry: Geometry?
    /// Every property the source gave the place (GeoJSON, JSON, SQLite and GDAL sources), typed,
    /// which the downloads keep; nil for CSV, whose rows are in `Dataset.sourceTable`.
    public var sourceProperties: SourceProperties?
    /// Where the place's row starts in `Dataset.sourceTable.fields` (CSV); -1 for other formats.
    public var sourceRow: Int = -1

    public init(
        id: String, slug: String, title: String, point: GeoPoint, values: [String], image: String? = nil,
        thumbnail: String? = nil, description: String? = nil, origin: String, geometry: Geometry? = nil,
        sourceProperties: SourceProperties? = nil
    ) {
        self.id = id
        self.slug = slug
        self.title = title
        self.point = point
        self.values = values
        self.image = image
        self.thumbnail = thumbnail
        self.description = description
        self.origin = origin
        self.geometry = geometry
        self.sourceProperties = sourceProperties
    }
}

/// A loaded dataset: its settings and its items, ordered by id.
public struct Dataset: Sendable {
    public var config: DatasetConfig
    /// Ordered by id, so that index order breaks ties between equally near neighbours.
    public var items: [Item]
    /// Rows left out because they were invalid and `skip_invalid` is on.
    public var skipped: [InputError]
    /// What an author should read about rows that were read: polygons repaired.
    public var warnings: [String] = []
    /// Every column of a CSV source, for the downloads; nil for other formats.
    public var sourceTable: SourceTable? = nil

    public init(config: DatasetConfig, items: [Item], skipped: [InputError] = []) {
        self.config = config
        self.items = items
        self.skipped = skipped
    }

    public var name: String { config.name }

    /// The position of the item with id `id`, found by halving: items are ordered by id.
    public func position(ofID id: String) -> Int? {
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if items[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < items.count && items[low].id == id ? low : nil
    }
}
