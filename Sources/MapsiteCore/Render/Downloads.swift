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
        for (position, item) in dataset.items.enumerated() {
            var json = JSONWriter()
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
            bytes += json.bytes
            bytes += (position == dataset.items.count - 1 ? "\n" : ",\n").utf8
        }
        bytes += "]}\n".utf8
        return bytes
    }

    static func csv(_ dataset: Dataset) -> [UInt8] {
        let fields = dataset.config.fields
        var header = ["id", "title", "latitude", "longitude"] + fields.map(\.name)
        let hasImage = dataset.items.contains { $0.image != nil }
        if hasImage { header.append("image") }
        var bytes: [UInt8] = []
        func row(_ values: [String]) {
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes += quote(value).utf8
            }
            bytes += "\r\n".utf8
        }
        row(header)
        for item in dataset.items {
            var values = [
                item.id, item.title, JSONWriter.format(item.point.latitude, decimals: 7),
                JSONWriter.format(item.point.longitude, decimals: 7),
            ]
            values += item.values.prefix(fields.count)
            if hasImage { values.append(item.image.flatMap { SafeURL.sanitize($0) } ?? "") }
            row(values)
        }
        return bytes
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
