import Foundation
import MapsiteGeo

/// The file the index page of a region field draws its map from: each region's outline, coloured
/// by one of the index table's numbers (`assets/regions-map.js`), at `<dataset>/by/<field>/regions.json`.
///
/// A GeoJSON FeatureCollection with two members of its own: `v` (the format version) and
/// `columns` (the labels of the numbers, as the table heads them). Each Feature's properties are
/// `name`, `url` (the region's page, relative to the site root, as every URL of the site's JSON), `values` (one per column,
/// null where there is none) and `texts` (the same, as the table shows them).
enum RegionsMapFile {
    static let name = "regions.json"
    static let formatVersion = 1

    /// The regions of `groups` that have a shape, in the order of `groups`; their pages are at
    /// `base` + slug.
    static func json(
        groups: [GroupIndex.Group], base: String, shapes: [String: MultiPolygon], columns: [GroupPages.IndexColumn]
    ) -> String {
        let features: [JSONWriter.Value] = groups.compactMap { group in
            guard let shape = shapes[group.value] else { return nil }
            let cells = columns.map { $0.cell(group) }
            return .object([
                ("type", .string("Feature")),
                (
                    "properties",
                    .object([
                        ("name", .string(group.value)), ("url", .string(base + group.slug + "/")),
                        ("values", .array(cells.map { $0.value.map { .number($0, decimals: 6) } ?? .null })),
                        ("texts", .array(cells.map { .string($0.text) })),
                    ])
                ),
                ("geometry", geometry(shape)),
            ])
        }
        return JSONWriter.encode(
            .object([
                ("type", .string("FeatureCollection")), ("v", .int(formatVersion)),
                ("columns", .array(columns.map { .string($0.label) })), ("features", .array(features)),
            ])) + "\n"
    }

    /// A GeoJSON MultiPolygon, six decimals (about 0.1 m).
    static func geometry(_ shape: MultiPolygon) -> JSONWriter.Value {
        .object([
            ("type", .string("MultiPolygon")),
            (
                "coordinates",
                .array(
                    shape.polygons.map { polygon in
                        .array(
                            polygon.rings.map { ring in
                                .array(
                                    ring.map {
                                        .array([.number($0.longitude, decimals: 6), .number($0.latitude, decimals: 6)])
                                    })
                            })
                    })
            ),
        ])
    }
}
