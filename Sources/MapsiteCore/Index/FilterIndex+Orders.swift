import Foundation

extension FilterIndex {
    /// How many places each file of `list/` and `rows/` holds.
    static let chunk = 4096

    /// The files that let the list and the downloads follow a filter, in chunks of `chunk`:
    /// `list/<k>.json`, `{"l": [number, …]}`, the numbers of the places at list positions
    /// `k·chunk` on (the list's order: by title, as `ListPages` shows them); `rows/<k>.json`,
    /// `{"r": [row, …]}`, the row in the downloads of places `k·chunk` on (their index in the
    /// dataset, the order the downloads keep).
    func orderFiles(base: String, listOrder: [Int]) -> [(path: String, json: String)] {
        var number = [Int32](repeating: 0, count: order.count)
        for (position, item) in order.enumerated() { number[Int(item)] = Int32(position) }
        let list = listOrder.map { number[$0] }
        return Self.chunks(list, key: "l", path: base + "list/") + Self.chunks(order, key: "r", path: base + "rows/")
    }

    /// `values` cut into files of `chunk` values, `{"<key>": [value, …]}` each.
    private static func chunks(_ values: [Int32], key: String, path: String) -> [(path: String, json: String)] {
        stride(from: 0, to: values.count, by: chunk).map { start in
            var json: [UInt8] = Array("{\"\(key)\":[".utf8)
            for index in start..<min(start + chunk, values.count) {
                if index > start { json.append(UInt8(ascii: ",")) }
                Digits.append(UInt64(values[index]), to: &json)
            }
            json += "]}\n".utf8
            return (path + "\(start / chunk).json", String(decoding: json, as: UTF8.self))
        }
    }
}
