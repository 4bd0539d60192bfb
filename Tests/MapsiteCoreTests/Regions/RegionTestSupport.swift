import Foundation
import Testing

@testable import MapsiteCore

/// GeoJSON regions written inline, loaded as a site's regions file `content/regions.geojson`.
enum RegionFiles {
    static let config = RegionsConfig(source: "regions.geojson", nameProperty: "name", field: "area")

    /// A square ring `[[x, y], …]` of side `size` from `(x, y)`, closed, as GeoJSON text.
    static func square(_ x: Double, _ y: Double, size: Double = 1) -> String {
        let corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size), (x, y)]
        return "[" + corners.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ") + "]"
    }

    /// A Feature with a Polygon geometry of `rings` (GeoJSON text) and the name `name`.
    static func feature(_ name: String?, rings: [String], id: String? = nil) -> String {
        let properties = name.map { #"{"name": "\#($0)"}"# } ?? "{}"
        let identifier = id.map { #""id": "\#($0)", "# } ?? ""
        return #"{"type": "Feature", \#(identifier)"properties": \#(properties), "#
            + #""geometry": {"type": "Polygon", "coordinates": [\#(rings.joined(separator: ", "))]}}"#
    }

    static func collection(_ features: [String]) -> String {
        #"{"type": "FeatureCollection", "features": [\#(features.joined(separator: ",\n"))]}"#
    }

    static func load(_ text: String, config: RegionsConfig = config) throws -> RegionSet {
        try withTemporaryDirectory { directory in
            try writeFiles([config.source: text], in: directory)
            return try RegionSet.load(config, contentDirectory: directory, displayDirectory: "content")
        }
    }

    /// The messages of the errors loading `text` throws; records an issue when it loads.
    static func errors(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        do {
            let set = try load(text)
            Issue.record("loaded \(set.regions.count) regions, expected errors", sourceLocation: sourceLocation)
            return []
        } catch let failure as InputErrors {
            return failure.errors.map(\.description)
        } catch {
            Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
            return []
        }
    }
}
