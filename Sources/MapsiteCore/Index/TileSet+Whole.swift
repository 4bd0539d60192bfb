import Foundation
import MapsiteGeo

extension TileSet {
    /// The whole shapes near me measures (`whole/`, docs/tile-format-shapes.md): each place's
    /// geometry as written, or, for a shape over a tenth of the tile budget, that shape simplified
    /// within a tolerance in metres (`NearMeSimplifier`) and its true vertices in parts, which near
    /// me fetches only where the tolerance could change what it prints (docs/shapes.md).
    struct WholeShapes {
        /// Each item's `kind,coordinates`, or `kind,coordinates,tolerance,[first edge of each part]`
        /// when simplified; empty without a shape.
        var entries: TextTable
        /// Item → the texts of its parts, `{"r":[run,…]}`: for each simplified edge in the part,
        /// the true vertices between its ends.
        var parts: [Int: [String]]
    }

    /// The shape of a place counts at most this share of the tile budget (or 1,000 bytes) in its
    /// point tile's whole file: larger ones are simplified, so that a few large shapes do not split
    /// the point tiles.
    static let wholeShare = 10

    static func wholeShapes(_ items: [Item], byteBudget: Int) -> WholeShapes {
        let written = geometryEntries(items)
        let limit = max(byteBudget / wholeShare, 1000)
        let large = items.indices.filter {
            written.byteCount(of: $0) > limit && items[$0].geometry.map(isLined) == true
        }
        // Simplified on two threads: a few shapes of many vertices each.
        let simplified = TwoHalves.map(count: large.count) { index in
            simplifiedEntry(items[large[index]].geometry!, bytes: written.byteCount(of: large[index]), limit: limit)
        }
        var byItem: [Int: [UInt8]] = [:]
        var parts: [Int: [String]] = [:]
        for (item, result) in zip(large, simplified) {
            guard let result else { continue }
            byItem[item] = result.entry
            parts[item] = result.parts
        }
        let entries = TextTable(count: items.count) { index, json in
            if let entry = byItem[index] { json += entry } else { written.append(index, to: &json) }
        }
        return WholeShapes(entries: entries, parts: parts)
    }

    private static func isLined(_ geometry: Geometry) -> Bool {
        !geometry.lines.isEmpty || !geometry.polygons.isEmpty
    }

    /// A coordinate as the tiles write it (`JSONWriter.appendNumber`, 6 decimals).
    private static func written(_ value: Double) -> Double {
        (value.magnitude * 1e6).rounded() / 1e6 * (value < 0 ? -1 : 1)
    }

    /// `kind,coordinates,tolerance,[starts]` and the parts, or `nil` when the shape is left whole.
    private static func simplifiedEntry(_ geometry: Geometry, bytes: Int, limit: Int) -> (
        entry: [UInt8], parts: [String]
    )? {
        let kind = geometry.polygons.isEmpty ? 1 : 3
        let nested: [[[GeoPoint]]] =
            (kind == 1 ? geometry.lines.map { [$0] } : geometry.polygons.map(\.rings)).map { part in
                part.map { line in
                    line.map { GeoPoint(latitude: written($0.latitude), longitude: written($0.longitude)) }
                }
            }
        let lines = nested.flatMap { $0 }
        let vertices = lines.reduce(0) { $0 + $1.count }
        let maximum = max(limit * vertices / max(bytes, 1), 2 * lines.count, 8)
        guard let simple = NearMeSimplifier.simplify(lines, maximumVertices: maximum) else { return nil }
        // The runs of true vertices between the kept ones, one per simplified edge, in order, cut
        // into parts of about half the limit each.
        var parts: [String] = []
        var starts: [Int] = []
        var part: [UInt8] = []
        var edge = 0
        for (line, kept) in zip(lines, simple.kept) {
            for (a, b) in zip(kept, kept.dropFirst()) {
                if part.isEmpty {
                    starts.append(edge)
                    part += "{\"r\":[".utf8
                } else {
                    part.append(UInt8(ascii: ","))
                }
                appendPositions(line[(a + 1)..<b], decimals: decimals, to: &part)
                edge += 1
                if part.count >= limit / 2 {
                    part += "]}\n".utf8
                    parts.append(String(decoding: part, as: UTF8.self))
                    part = []
                }
            }
        }
        if !part.isEmpty {
            part += "]}\n".utf8
            parts.append(String(decoding: part, as: UTF8.self))
        }
        var entry: [UInt8] = []
        Digits.append(UInt64(kind), to: &entry)
        entry += ",[".utf8
        var line = 0
        for (index, polygon) in nested.enumerated() {
            if index > 0 { entry.append(UInt8(ascii: ",")) }
            if kind == 3 { entry.append(UInt8(ascii: "[")) }
            for ringIndex in polygon.indices {
                if ringIndex > 0 { entry.append(UInt8(ascii: ",")) }
                appendPositions(simple.kept[line].lazy.map { lines[line][$0] }, decimals: decimals, to: &entry)
                line += 1
            }
            if kind == 3 { entry.append(UInt8(ascii: "]")) }
        }
        entry += "],".utf8
        JSONWriter.appendNumber((simple.tolerance * 100).rounded(.up) / 100, decimals: 2, to: &entry)
        entry += ",[".utf8
        for (index, start) in starts.enumerated() {
            if index > 0 { entry.append(UInt8(ascii: ",")) }
            Digits.append(UInt64(start), to: &entry)
        }
        entry.append(UInt8(ascii: "]"))
        return (entry, parts)
    }
}
