import Foundation

/// A dataset as files to download: GeoJSON and CSV with id, title, coordinates and the shown fields.
/// Lines and polygons keep their whole shape: as GeoJSON geometries, and as WKT in the CSV's
/// `geometry` column beside their representative point. Coordinates are at full precision (the
/// shortest text that reads back as the same double). A GeoJSON source's features keep every
/// property they had (`Item.sourceProperties`), numbers as written; mapsite's own members (id,
/// title, the fields, image, description) are added where the source has none of that name.
enum Downloads {
    /// Both files of every dataset: `downloads/<name>.geojson` and `downloads/<name>.csv`.
    static func files(_ datasets: [Dataset]) -> [(path: String, bytes: [UInt8])] {
        datasets.flatMap { dataset in
            // The two files of a dataset are made side by side, each on a thread of its own.
            let (features, table) = TwoHalves.both({ geoJSON(dataset) }, { csv(dataset) })
            return [("downloads/\(dataset.name).geojson", features), ("downloads/\(dataset.name).csv", table)]
        }
    }

    /// A FeatureCollection with a feature a line.
    static func geoJSON(_ dataset: Dataset) -> [UInt8] {
        var bytes = Array("{\"type\":\"FeatureCollection\",\"features\":[\n".utf8)
        // Each field's `,"name":` is the same in every feature: written once, copied per feature.
        let keys = dataset.config.fields.map { field in
            var key = [UInt8(ascii: ",")]
            JSONWriter.appendString(field.name, to: &key)
            key.append(UInt8(ascii: ":"))
            return (name: field.name, bytes: key)
        }
        // Items are read in place: copying one out would retain and release each of its texts.
        dataset.items.withUnsafeBufferPointer { items in
            for position in items.indices {
                appendFeature(items, position, keys: keys, to: &bytes)
                bytes += (position == items.count - 1 ? "\n" : ",\n").utf8
            }
        }
        bytes += "]}\n".utf8
        return bytes
    }

    /// Appends the feature of `items[position]` as `JSONWriter` would write it, but straight into
    /// the file's bytes: its shape is fixed, so there is no nesting to track.
    /// - Parameter keys: each field of `Item.values`, in order, and its `,"name":`.
    private static func appendFeature(
        _ items: UnsafeBufferPointer<Item>, _ position: Int, keys: [(name: String, bytes: [UInt8])],
        to bytes: inout [UInt8]
    ) {
        bytes += "{\"type\":\"Feature\",\"id\":".utf8
        JSONWriter.appendString(items[position].id, to: &bytes)
        if let geometry = items[position].geometry {
            // Lines and polygons whole, rings wound as RFC 7946 asks.
            bytes += ",\"geometry\":".utf8
            GeoJSONGeometry.append(geometry.rewound, fullPrecision: true, to: &bytes)
        } else {
            bytes += ",\"geometry\":{\"type\":\"Point\",\"coordinates\":[".utf8
            GeoJSONGeometry.appendCoordinate(items[position].point.longitude, fullPrecision: true, to: &bytes)
            bytes.append(UInt8(ascii: ","))
            GeoJSONGeometry.appendCoordinate(items[position].point.latitude, fullPrecision: true, to: &bytes)
            bytes += "]}".utf8
        }
        bytes += ",\"properties\":{".utf8
        let source = items[position].sourceProperties
        // Whether mapsite's member `name` is to be written: the source has none of that name.
        func own(_ name: String) -> Bool { source?.has(name) != true }
        var first = true
        func key(_ name: String) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            JSONWriter.appendString(name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
        }
        if own("id") {
            key("id")
            JSONWriter.appendString(items[position].id, to: &bytes)
        }
        if let source, !source.json.isEmpty {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            bytes += source.json
        }
        if own("title") {
            key("title")
            JSONWriter.appendString(items[position].title, to: &bytes)
        }
        for index in keys.indices where own(keys[index].name) {
            // `keys[index].bytes` is `,"name":`, its comma dropped when it comes first.
            bytes += first ? keys[index].bytes.dropFirst() : keys[index].bytes[...]
            first = false
            JSONWriter.appendString(items[position].values[index], to: &bytes)
        }
        if let image = items[position].image.flatMap({ SafeURL.sanitize($0) }), own("image") {
            key("image")
            JSONWriter.appendString(image, to: &bytes)
        }
        if let description = items[position].description, own("description") {
            key("description")
            JSONWriter.appendString(description, to: &bytes)
        }
        bytes += "}}".utf8
    }

    static func csv(_ dataset: Dataset) -> [UInt8] {
        let fields = dataset.config.fields
        var header = ["id", "title", "latitude", "longitude"] + fields.map(\.name)
        let hasImage = dataset.items.contains { $0.image != nil }
        if hasImage { header.append("image") }
        // A dataset of lines or polygons gets their shapes as WKT; one of points only has no such column.
        let hasShapes = dataset.items.contains { $0.geometry != nil }
        if hasShapes { header.append("geometry") }
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
                GeoJSONGeometry.appendCoordinate(items[item].point.latitude, fullPrecision: true, to: &bytes)
                bytes.append(UInt8(ascii: ","))
                GeoJSONGeometry.appendCoordinate(items[item].point.longitude, fullPrecision: true, to: &bytes)
                for index in 0..<min(fields.count, items[item].values.count) {
                    appendCell(items[item].values[index], first: false, to: &bytes)
                }
                if hasImage {
                    appendCell(items[item].image.flatMap { SafeURL.sanitize($0) } ?? "", first: false, to: &bytes)
                }
                if hasShapes {
                    let shape = items[item].geometry ?? .point(items[item].point)
                    appendCell(GeoJSONGeometry.wkt(shape, fullPrecision: true), first: false, to: &bytes)
                }
                bytes += "\r\n".utf8
            }
        }
        return bytes
    }

    /// `value` as a cell of a row: a `,` before it unless it is the row's first, then `quote(value)`.
    private static func appendCell(_ value: String, first: Bool, to bytes: inout [UInt8]) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        appendQuoted(value, to: &bytes)
    }

    /// RFC 4180 quoting; a leading `= + - @` is prefixed with `'` so spreadsheets do not run it.
    static func quote(_ value: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `quote(value)` to `bytes`, working on the UTF-8 bytes of `value` rather than making
    /// a new text for each cell. Bytes, not characters: "\r\n" is one character, equal to neither
    /// "\r" nor "\n".
    static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
        let quote = UInt8(ascii: "\"")
        let defused = isFormula(value)
        var value = value
        value.withUTF8 { utf8 in
            let quoted = utf8.contains { $0 == 0x2C || $0 == quote || $0 == 0x0A || $0 == 0x0D }
            if quoted { bytes.append(quote) }
            if defused { bytes.append(UInt8(ascii: "'")) }
            if quoted {
                for byte in utf8 {
                    bytes.append(byte)
                    if byte == quote { bytes.append(quote) }
                }
                bytes.append(quote)
            } else {
                bytes.append(contentsOf: utf8)
            }
        }
    }

    /// Whether a spreadsheet would take `value` for a formula: it starts with `= + - @` and is not
    /// a number (`-87.6278` is one).
    private static func isFormula(_ value: String) -> Bool {
        guard let first = value.utf8.first,
            first == UInt8(ascii: "=") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
                || first == UInt8(ascii: "@")
        else { return false }
        return !DecimalText.isPlain(value.utf8)
    }
}
