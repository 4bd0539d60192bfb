import Foundation
import MapsiteGeo

/// What lets a visitor narrow a dataset's map by its fields (`filters:`), as files beside its
/// tiles (`tiles/<dataset>/filters/`, format in `docs/explore.md`).
///
/// The places are numbered in the order of the point tiles in the manifest's tree, each tile's in
/// the order of its `p`: so every point tile, and every cell of the quadtree above them, is a
/// run of consecutive numbers, and how many places of a cell match a filter is a difference of
/// two ranks in the matching numbers. Each value of a field (each bin of a range) lists its
/// places' numbers; each field also has a column, a value a place in number order, for counts
/// under the other fields' filters.
public struct FilterIndex: Sendable {
    /// The format of these files.
    public static let formatVersion = 2

    /// Number → index of the item in the dataset.
    public let order: [Int32]
    /// The point tiles in the manifest tree's order.
    let leaves: [LeafTile]
    /// Site path → JSON text.
    public var files: [(path: String, json: String)] = []
    /// One line for each field with values that could not be read, naming their rows.
    public var warnings: [String] = []

    /// `index.json`'s text, which the dataset's map page also carries (`#map-filters`): a filter in
    /// the page's query asks for its files, and its first view is drawn, without waiting for it
    /// (page/filter-preload.js, page/filtered-first-view.js); nil without filters.
    public var indexJSON: String?

    /// The index of `dataset`'s `filters`, numbered along `tileSet`'s point tiles; no files when
    /// the dataset has no filters. `listOrder`: the items in the order of the dataset's list.
    /// - Complexity: O(n log n) over the places.
    public init(tileSet: TileSet, dataset: Dataset, listOrder: [Int]) {
        let byKey = Dictionary(uniqueKeysWithValues: tileSet.pyramid.leaves.map { ($0.key, $0) })
        let tree = TileSet.quadtree(
            leaves: Set(byKey.keys), tiles: Set(tileSet.pyramid.clusterTiles.map(\.key)))
        leaves = tree.leaves.map { byKey[$0]! }
        order = TileSet.placeOrder(tileSet.pyramid)
        let config = dataset.config
        guard !config.filters.isEmpty else { return }
        let base = "tiles/\(dataset.name)/filters/"
        var fields: [JSONWriter.Value] = []
        var read: [FilterIndexField] = []
        for (index, filter) in config.filters.enumerated() {
            guard let column = config.keptFields.firstIndex(of: filter.field) else { continue }
            let values = order.map { dataset.items[Int($0)].values[column] }
            let field = FilterField(filter: filter, values: values)
            read.append((index, field))
            fields.append(field.manifest)
            // A value or bin with no places has no file: its count, 0, says so.
            for (bin, numbers) in field.members.enumerated() where !numbers.isEmpty {
                let name = bin == field.noneBin ? "none" : String(bin)
                files.append((base + "\(index)/\(name).json", Self.numbersFile(numbers)))
            }
            if filter.kind != .values {
                for block in Self.blocks(of: Array(field.members.dropLast())) {
                    let path = base + "\(index)/b\(block.level)-\(block.index).json"
                    files.append((path, Self.numbersFile(block.numbers)))
                }
            }
            files.append((base + "\(index)/column.json", Self.columnFile(field.column)))
            if !field.unreadable.isEmpty {
                let rows = field.unreadable.prefix(5).map { dataset.items[Int(order[$0])].origin }
                let more = field.unreadable.count > 5 ? ", …" : ""
                warnings.append(
                    "\(config.source): filter \"\(filter.field)\": \(field.unreadable.count) value(s) hold no "
                        + "\(field.expected) (\(rows.joined(separator: ", "))\(more)); the filter counts them as unknown"
                )
            }
        }
        var pairs: [JSONWriter.Value] = []
        for (value, range) in Self.pairs(of: read) {
            let pair = Self.pairFiles(base: base, value: value, range: range)
            files += pair.files
            pairs.append(pair.manifest)
        }
        files += orderFiles(base: base, listOrder: listOrder)
        let index = manifest(fields: fields, pairs: pairs, items: dataset.items)
        files.append((base + "index.json", index))
        indexJSON = index
    }

    /// `{"version", "count", "chunk", "leaves": [count, lat, lon, …], "fields": […], "pairs":
    /// […]}`: each point tile's number of places and their mean position (4 decimals), in the
    /// tree's order; the pairs of fields whose places are also written together
    /// (`FilterIndex+Pairs.swift`).
    private func manifest(fields: [JSONWriter.Value], pairs: [JSONWriter.Value], items: [Item]) -> String {
        var means: [JSONWriter.Value] = []
        means.reserveCapacity(3 * leaves.count)
        for leaf in leaves {
            let count = Double(leaf.points.count)
            let points = leaf.points.map { items[Int($0)].point }
            means.append(.int(leaf.points.count))
            means.append(.number(points.reduce(0) { $0 + $1.latitude } / count, decimals: 4))
            means.append(.number(points.reduce(0) { $0 + $1.longitude } / count, decimals: 4))
        }
        return JSONWriter.encode(
            .object(
                [
                    ("version", .int(Self.formatVersion)),
                    ("count", .int(order.count)),
                    ("chunk", .int(Self.chunk)),
                    ("leaves", .array(means)), ("fields", .array(fields)), ("pairs", .array(pairs)),
                ])) + "\n"
    }

    /// The blocks of a range's bins, so that a range of many bins is a few files: at each level
    /// from 1 on, each run of 2^level bins from a multiple of 2^level, when it lies wholly within
    /// the bins and holds places, with their numbers merged.
    static func blocks(of bins: [[Int32]]) -> [(level: Int, index: Int, numbers: [Int32])] {
        var blocks: [(Int, Int, [Int32])] = []
        var below = bins
        var level = 1
        while 1 << level <= bins.count {
            // Each block of this level is two of the level below, merged.
            let merged = (0..<(below.count / 2)).map { mergedSorted(below[2 * $0], below[2 * $0 + 1], by: <) }
            for (index, numbers) in merged.enumerated() where !numbers.isEmpty {
                blocks.append((level, index, numbers))
            }
            below = merged
            level += 1
        }
        return blocks
    }

    /// `{"n":[first, difference, …]}`: ascending numbers, each after the first as its difference
    /// from the one before.
    static func numbersFile(_ numbers: [Int32]) -> String {
        var json: [UInt8] = Array("{\"n\":[".utf8)
        var previous: Int32 = 0
        for (index, number) in numbers.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            Digits.append(UInt64(number - previous), to: &json)
            previous = number
        }
        json += "]}\n".utf8
        return String(decoding: json, as: UTF8.self)
    }

    /// `{"c":[bin, …]}`: each place's value (bin), in number order.
    static func columnFile(_ column: [Int32]) -> String {
        var json: [UInt8] = Array("{\"c\":[".utf8)
        for (index, bin) in column.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            Digits.append(UInt64(bin), to: &json)
        }
        json += "]}\n".utf8
        return String(decoding: json, as: UTF8.self)
    }
}
