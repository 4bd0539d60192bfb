import Foundation
import MapsiteGeo

extension TileSet {
    /// Each item's whole geometry as a point tile's `g` entry without its index,
    /// `kind,[coordinates]` (kind 0 points, 1 lines, 3 polygons; positions `[lat,lon]`, 6
    /// decimals, rings as written); empty for points.
    static func geometryEntries(_ items: [Item]) -> TextTable {
        items.withUnsafeBufferPointer { items in
            TextTable(concurrentCount: items.count) { index, json in
                guard let geometry = items[index].geometry else { return }
                switch geometry {
                case .point(let point): appendKind(0, [[[point]]], decimals: decimals, to: &json)
                case .multiPoint(let points): appendKind(0, [[points]], decimals: decimals, to: &json)
                case .lineString, .multiLineString:
                    appendKind(1, geometry.lines.map { [$0] }, decimals: decimals, to: &json)
                case .polygon, .multiPolygon:
                    appendKind(3, geometry.polygons.map(\.rings), decimals: decimals, to: &json)
                }
            }
        }
    }

    /// `kind,coordinates`: points as `[[lat,lon],…]`, lines as `[[[lat,lon],…],…]`, polygons as
    /// `[[[[lat,lon],…],…],…]` (polygons of rings).
    private static func appendKind(_ kind: Int, _ parts: [[[GeoPoint]]], decimals: Int, to json: inout [UInt8]) {
        Digits.append(UInt64(kind), to: &json)
        json.append(UInt8(ascii: ","))
        if kind == 0 {
            appendPositions(parts[0][0], decimals: decimals, to: &json)
            return
        }
        json.append(UInt8(ascii: "["))
        for (partIndex, part) in parts.enumerated() {
            if partIndex > 0 { json.append(UInt8(ascii: ",")) }
            if kind == 3 { json.append(UInt8(ascii: "[")) }
            for (ringIndex, ring) in part.enumerated() {
                if ringIndex > 0 { json.append(UInt8(ascii: ",")) }
                appendPositions(ring, decimals: decimals, to: &json)
            }
            if kind == 3 { json.append(UInt8(ascii: "]")) }
        }
        json.append(UInt8(ascii: "]"))
    }

    private static func appendPositions(_ points: [GeoPoint], decimals: Int, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "["))
        for (index, point) in points.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "["))
            JSONWriter.appendNumber(point.latitude, decimals: decimals, to: &json)
            json.append(UInt8(ascii: ","))
            JSONWriter.appendNumber(point.longitude, decimals: decimals, to: &json)
            json.append(UInt8(ascii: "]"))
        }
        json.append(UInt8(ascii: "]"))
    }

    /// Each item as the tail of a shape entry, `"id","title","slug"` and the thumbnail when there
    /// is one, as in point entries.
    static func shapeHeaders(_ items: [Item]) -> TextTable {
        items.withUnsafeBufferPointer { items in
            TextTable(count: items.count) { index, json in
                JSONWriter.appendString(items[index].id, to: &json)
                json.append(UInt8(ascii: ","))
                JSONWriter.appendString(items[index].title, to: &json)
                json.append(UInt8(ascii: ","))
                JSONWriter.appendString(items[index].slug, to: &json)
                if let thumbnail = items[index].thumbnail.flatMap({ SafeURL.sanitize($0) }) {
                    json.append(UInt8(ascii: ","))
                    JSONWriter.appendString(thumbnail, to: &json)
                }
            }
        }
    }

    /// `{"s":[…],"d":n}` and a newline: the tile's pieces as `[kind,coordinates,"id","title",
    /// "slug"(,"thumbnail")]`, in world coordinates turned back into degrees at the tile's
    /// decimals (rings not closed), and the number of places not drawn.
    static func shapeTile(_ tile: ShapePyramid.Tile, headers: TextTable, to json: inout [UInt8]) {
        json += "{\"s\":[".utf8
        for (index, piece) in tile.pieces.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "["))
            let parts = piece.parts.map { part in
                part.map { ring in
                    ring.map {
                        GeoPoint(latitude: WebMercator.latitude(y: $0.y), longitude: WebMercator.longitude(x: $0.x))
                    }
                }
            }
            appendKind(piece.kind.rawValue, parts, decimals: tile.decimals, to: &json)
            json.append(UInt8(ascii: ","))
            headers.append(Int(piece.item), to: &json)
            json.append(UInt8(ascii: "]"))
        }
        json += "],\"d\":".utf8
        Digits.append(UInt64(tile.dropped.count), to: &json)
        json += "}\n".utf8
    }

    /// `{"s":[],"d":0}` and a newline, and room for the count.
    static let shapeTileOverhead = 24

    /// The manifest's `shapes`: the shape tiles' quadkeys and how they were cut.
    static func shapeManifest(_ pyramid: ShapePyramid) -> JSONWriter.Value {
        .object([
            ("leaves", .array(pyramid.leaves.map { .string($0.key.quadkey) })),
            ("tiles", .array(pyramid.tiles.map { .string($0.key.quadkey) })),
            ("buffer", .number(pyramid.options.buffer, decimals: 2)),
            ("tolerance", .number(pyramid.options.tolerance, decimals: 2)),
            ("minimumSize", .number(pyramid.options.minimumSize, decimals: 2)),
        ])
    }
}
