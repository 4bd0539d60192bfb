import Foundation

/// `regions:` of a dataset: a GeoJSON file of polygons that gives each item the name of the
/// region it lies in, as one more field.
///
/// ```yaml
/// regions:
///   source: data/neighbourhoods.geojson
///   name: name              # the property holding each region's name
///   field: neighbourhood    # the field items get, usable in fields and group_by
/// ```
public struct RegionsConfig: Sendable, Equatable {
    /// The GeoJSON FeatureCollection of Polygon and MultiPolygon features, relative to the
    /// content folder.
    public var source: String
    /// The feature property holding the region's name.
    public var nameProperty: String
    /// The name of the field that holds each item's region name; it replaces a field of the data
    /// with the same name.
    public var field: String

    public init(source: String, nameProperty: String = "name", field: String = "region") {
        self.source = source
        self.nameProperty = nameProperty
        self.field = field
    }

    static let keys = ["source", "name", "field"]

    /// Reads `regions:` of a `datasets:` entry; `nil` when there is none.
    static func parse(_ entry: ConfigNode) throws -> RegionsConfig? {
        guard let node = try entry.mapping("regions") else { return nil }
        try node.checkKeys(keys)
        guard let source = try node.string("source"), !source.isEmpty else {
            throw node.error(
                "source", expected: "the path of a GeoJSON file of polygons, relative to the content folder",
                found: node.child("source"))
        }
        var config = RegionsConfig(source: source)
        for (key, value) in [("name", \RegionsConfig.nameProperty), ("field", \RegionsConfig.field)] {
            guard let text = try node.string(key) else { continue }
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw node.error(
                    key, expected: key == "name" ? "a property name" : "a field name", found: node.child(key))
            }
            config[keyPath: value] = text
        }
        return config
    }
}
