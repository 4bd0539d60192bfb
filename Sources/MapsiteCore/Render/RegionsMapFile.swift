import Foundation
import MapsiteGeo

/// The file the index page of a region field draws its map from: each region's outline, coloured
/// by one of the index table's numbers (`assets/page/regions-map.js`), at
/// `<dataset>/by/<field>/regions.json`.
///
/// A GeoJSON FeatureCollection with two members of its own: `v` (the format version) and
/// `columns` (the labels of the numbers, as the table heads them). Each Feature's properties are
/// `name`, `url` (the region's page, relative to the site root, as every URL of the site's JSON),
/// `values` (one per column, null where there is none) and `texts` (the same, as the table shows
/// them).
///
/// The outlines are for a map of all the regions at once, so their vertices are snapped to a grid
/// of 1,024 steps across all of them (`Grid`; about a pixel on a map the width of a page) and a
/// vertex that falls on the cell of the one before it is left out. Snapping is the same for every
/// region, so neighbours keep their shared borders; each region's own page draws it exactly. For
/// the benchmark's 1,000 regions of 200 vertices this halves the file (4.7 to 2.5 MB; 320 KB
/// gzipped).
enum RegionsMapFile {
    static let name = "regions.json"
    static let formatVersion = 1

    /// The regions of `groups` that have a shape, in the order of `groups`; their pages are at
    /// `base` + slug.
    static func json(
        groups: [GroupIndex.Group], base: String, shapes: [String: MultiPolygon], columns: [GroupPages.IndexColumn]
    ) -> String {
        let grid = Grid(groups.compactMap { shapes[$0.value]?.bounds })
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
                ("geometry", geometry(grid.map { $0.snapped(shape) } ?? shape)),
            ])
        }
        return JSONWriter.encode(
            .object([
                ("type", .string("FeatureCollection")), ("v", .int(formatVersion)),
                ("columns", .array(columns.map { .string($0.label) })), ("features", .array(features)),
            ])) + "\n"
    }

    /// A GeoJSON MultiPolygon, six decimals (about 0.1 m), its rings wound as RFC 7946 asks:
    /// outer rings counter-clockwise, holes clockwise (`Geometry.rewound`); a polygon whose ring
    /// goes around a pole as a map draws it, the cap closed along the pole and cut at ±180°
    /// (`Polygon.drawnInDegrees`, as a place's page writes it).
    static func geometry(_ shape: MultiPolygon) -> JSONWriter.Value {
        let drawn = MultiPolygon(polygons: shape.polygons.flatMap(\.drawnInDegrees))
        guard case .multiPolygon(let shape) = Geometry.multiPolygon(drawn).rewound else { return .null }
        return .object([
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

    /// Snaps points to a grid of `steps` cells along the longer side of `bounds`.
    struct Grid {
        let origin: GeoPoint
        let step: Double

        init?(_ bounds: [GeoBounds], steps: Double = 1024) {
            guard let south = bounds.map(\.minLatitude).min(), let north = bounds.map(\.maxLatitude).max(),
                let west = bounds.map(\.minLongitude).min(), let east = bounds.map(\.maxLongitude).max()
            else { return nil }
            let size = max(north - south, east - west)
            guard size > 0 else { return nil }
            origin = GeoPoint(latitude: south, longitude: west)
            step = size / steps
        }

        func snapped(_ point: GeoPoint) -> GeoPoint {
            GeoPoint(
                latitude: origin.latitude + ((point.latitude - origin.latitude) / step).rounded() * step,
                longitude: origin.longitude + ((point.longitude - origin.longitude) / step).rounded() * step)
        }

        /// Every ring snapped, without repeats of the vertex before; a ring left with fewer than
        /// three distinct vertices keeps its own.
        func snapped(_ shape: MultiPolygon) -> MultiPolygon {
            MultiPolygon(
                polygons: shape.polygons.map { polygon in
                    Polygon(
                        rings: polygon.rings.map { ring in
                            var kept: [GeoPoint] = []
                            for point in ring.map(snapped) where point != kept.last { kept.append(point) }
                            let distinct = Set(kept).count
                            return distinct >= 3 ? kept : ring
                        })
                })
        }
    }
}
