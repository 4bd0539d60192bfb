import Foundation

/// A dataset as files to download: GeoJSON and CSV with id, title, coordinates and the shown fields.
enum Downloads {
    static func geoJSON(_ dataset: Dataset) -> String {
        var text = "{\"type\":\"FeatureCollection\",\"features\":[\n"
        let fields = dataset.config.fields
        for (position, item) in dataset.items.enumerated() {
            var properties: [(String, JSONWriter.Value)] = [("id", .string(item.id)), ("title", .string(item.title))]
            for (index, field) in fields.enumerated() { properties.append((field.name, .string(item.values[index]))) }
            if let image = item.image.flatMap({ SafeURL.sanitize($0) }) { properties.append(("image", .string(image))) }
            if let description = item.description { properties.append(("description", .string(description))) }
            let feature = JSONWriter.Value.object([
                ("type", .string("Feature")),
                ("id", .string(item.id)),
                (
                    "geometry",
                    .object([
                        ("type", .string("Point")),
                        (
                            "coordinates",
                            .array([
                                .number(item.point.longitude, decimals: 7), .number(item.point.latitude, decimals: 7),
                            ])
                        ),
                    ])
                ),
                ("properties", .object(properties)),
            ])
            text += JSONWriter.encode(feature)
            text += position == dataset.items.count - 1 ? "\n" : ",\n"
        }
        return text + "]}\n"
    }

    static func csv(_ dataset: Dataset) -> String {
        let fields = dataset.config.fields
        var header = ["id", "title", "latitude", "longitude"] + fields.map(\.name)
        let hasImage = dataset.items.contains { $0.image != nil }
        if hasImage { header.append("image") }
        var text = header.map(quote).joined(separator: ",") + "\r\n"
        for item in dataset.items {
            var row = [
                item.id, item.title, JSONWriter.format(item.point.latitude, decimals: 7),
                JSONWriter.format(item.point.longitude, decimals: 7),
            ]
            row += item.values.prefix(fields.count)
            if hasImage { row.append(item.image.flatMap { SafeURL.sanitize($0) } ?? "") }
            text += row.map(quote).joined(separator: ",") + "\r\n"
        }
        return text
    }

    /// RFC 4180 quoting; a leading `= + - @` is prefixed with `'` so spreadsheets do not run it.
    static func quote(_ value: String) -> String {
        var value = value
        if let first = value.first, "=+-@".contains(first), Double(value) == nil { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
