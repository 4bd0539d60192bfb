import Foundation

/// A dataset as files to download: GeoJSON and CSV with id, title, coordinates and the shown fields.
enum Downloads {
    /// Both files of every dataset: `downloads/<name>.geojson` and `downloads/<name>.csv`.
    static func files(_ datasets: [Dataset]) -> [(path: String, bytes: [UInt8])] {
        datasets.flatMap { dataset in
            [("downloads/\(dataset.name).geojson", geoJSON(dataset)), ("downloads/\(dataset.name).csv", csv(dataset))]
        }
    }

    /// A FeatureCollection with a feature a line.
    static func geoJSON(_ dataset: Dataset) -> [UInt8] {
        var bytes = Array("{\"type\":\"FeatureCollection\",\"features\":[\n".utf8)
        let fields = dataset.config.fields
        // One writer for every feature, cleared in between, rather than a new buffer each.
        var json = JSONWriter()
        // Items are read in place: copying one out would retain and release each of its texts.
        dataset.items.withUnsafeBufferPointer { items in
            for position in items.indices {
                json.clear()
                feature(items[position], fields: fields, to: &json)
                bytes += json.bytes
                bytes += (position == items.count - 1 ? "\n" : ",\n").utf8
            }
        }
        bytes += "]}\n".utf8
        return bytes
    }

    private static func feature(_ item: borrowing Item, fields: [DatasetConfig.Field], to json: inout JSONWriter) {
        json.beginObject()
        json.key("type")
        json.string("Feature")
        json.key("id")
        json.string(item.id)
        json.key("geometry")
        json.beginObject()
        json.key("type")
        json.string("Point")
        json.key("coordinates")
        json.beginArray()
        json.number(item.point.longitude, decimals: 7)
        json.number(item.point.latitude, decimals: 7)
        json.endArray()
        json.endObject()
        json.key("properties")
        json.beginObject()
        json.key("id")
        json.string(item.id)
        json.key("title")
        json.string(item.title)
        for (index, field) in fields.enumerated() {
            json.key(field.name)
            json.string(item.values[index])
        }
        if let image = item.image.flatMap({ SafeURL.sanitize($0) }) {
            json.key("image")
            json.string(image)
        }
        if let description = item.description {
            json.key("description")
            json.string(description)
        }
        json.endObject()
        json.endObject()
    }

    static func csv(_ dataset: Dataset) -> [UInt8] {
        let fields = dataset.config.fields
        var header = ["id", "title", "latitude", "longitude"] + fields.map(\.name)
        let hasImage = dataset.items.contains { $0.image != nil }
        if hasImage { header.append("image") }
        var bytes: [UInt8] = []
        for (index, name) in header.enumerated() { appendCell(name, first: index == 0, to: &bytes) }
        bytes += "\r\n".utf8
        // Cells are written straight into the file, with no array of a row's texts in between, and
        // items are read in place: copying one out would retain and release each of its texts.
        dataset.items.withUnsafeBufferPointer { items in
            for item in items.indices {
                appendCell(items[item].id, first: true, to: &bytes)
                appendCell(items[item].title, first: false, to: &bytes)
                // Coordinates are finite numbers, which `quote` leaves as they are.
                bytes.append(UInt8(ascii: ","))
                JSONWriter.appendNumber(items[item].point.latitude, decimals: 7, to: &bytes)
                bytes.append(UInt8(ascii: ","))
                JSONWriter.appendNumber(items[item].point.longitude, decimals: 7, to: &bytes)
                for value in items[item].values.prefix(fields.count) { appendCell(value, first: false, to: &bytes) }
                if hasImage {
                    appendCell(items[item].image.flatMap { SafeURL.sanitize($0) } ?? "", first: false, to: &bytes)
                }
                bytes += "\r\n".utf8
            }
        }
        return bytes
    }

    /// `value` as a cell of a row: a `,` before it unless it is the row's first, then `quote(value)`.
    private static func appendCell(_ value: String, first: Bool, to bytes: inout [UInt8]) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        var quoted = quote(value)
        quoted.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// RFC 4180 quoting; a leading `= + - @` is prefixed with `'` so spreadsheets do not run it.
    static func quote(_ value: String) -> String {
        var value = value
        if let first = value.utf8.first,
            first == UInt8(ascii: "=") || first == UInt8(ascii: "+")
                || first == UInt8(ascii: "-") || first == UInt8(ascii: "@"), Double(value) == nil
        {
            value = "'" + value
        }
        // Bytes, not characters: "\r\n" is one character, equal to neither "\r" nor "\n".
        guard value.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            return value
        }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
