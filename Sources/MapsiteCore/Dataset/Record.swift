import Foundation
import MapsiteGeo

/// One row of a source before validation: field values by name, and where it came from.
///
/// Loaders of every format produce records; `ItemBuilder` turns them into items, so the mapping
/// and validation rules are the same for CSV, JSON and GeoJSON.
public struct Record {
    /// 1-based line for text formats, nil otherwise.
    public var line: Int?
    /// A location when there is no line: `feature 4`, `object 12`.
    public var location: String?
    /// Looks a field up by name; nil when the record has no such field.
    public var value: (String) -> String?
    /// How a field is named in messages for this format: `column "lat"`, `property "lat"`.
    public var fieldKind: String
    /// A position given by the format itself, such as a GeoJSON Point geometry.
    public var geometry: (latitude: Double, longitude: Double)?
    /// How a field that is there but holds no value is named (`NULL`, `null`); nil when it is missing
    /// or has a value. Messages tell "no such column" from "found NULL" by it.
    public var emptyValue: (String) -> String? = { _ in nil }
    /// A GeoJSON geometry other than a Point, already checked; its representative point is the
    /// item's position unless the dataset names coordinate fields.
    public var shape: Geometry? = nil
    /// Every property the source gave the row, typed, for the downloads; nil for CSV.
    public var properties: SourceProperties? = nil
    /// Where a CSV row starts in `CSVTable.fields` (`Item.sourceRow`); nil for other formats.
    public var sourceRow: Int? = nil
    /// The names of the fields the record has, for messages about a name it lacks; nil when the
    /// format gives none apart from `properties`.
    public var names: (() -> [String])? = nil
}
