import Foundation

/// A dataset as files to download: GeoJSON and CSV with every property the source gave each place
/// (every column of a CSV, every attribute of a Shapefile, also when `fields` names none), and
/// mapsite's own members (id, title, the fields, image, description) where the source has none of
/// that name. Lines and polygons keep their whole shape: as GeoJSON geometries, and as WKT in the
/// CSV's `geometry` column beside their representative point. Coordinates are at full precision
/// (the shortest text that reads back as the same double).
///
/// In the GeoJSON, the source's numbers are JSON numbers written as the source writes them (a
/// SQLite or GDAL real as the shortest text of its double), nulls are null, text is text; a CSV
/// column is numbers when every value it has is a JSON number as written (`12`, `-0.5`, `1e3`;
/// not `012`, `1,234` or ` 5`), its empty cells then null, and text otherwise. The CSV keeps every
/// column's text as the source has it.
enum Downloads {
    /// Both files of every dataset: `downloads/<name>.geojson` and `downloads/<name>.csv`.
    static func files(_ datasets: [Dataset]) -> [(path: String, bytes: [UInt8])] {
        datasets.flatMap { dataset in
            // The two files of a dataset are made side by side, each on a thread of its own.
            let (features, table) = TwoHalves.both({ geoJSON(dataset) }, { csv(dataset) })
            return [("downloads/\(dataset.name).geojson", features), ("downloads/\(dataset.name).csv", table)]
        }
    }

    /// A CSV source's columns as GeoJSON members: each `"name":` and whether the column is numbers.
    private struct TableMembers {
        let table: SourceTable
        let keys: [[UInt8]]
        let numeric: [Bool]
        let names: Set<String>

        init(_ table: SourceTable) {
            self.table = table
            keys = table.names.map { name in
                var key: [UInt8] = []
                JSONWriter.appendString(name, to: &key)
                key.append(UInt8(ascii: ":"))
                return key
            }
            // A column is numbers when it has a value and every value it has is a JSON number.
            var numeric = [Bool](repeating: true, count: table.names.count)
            var seen = [Bool](repeating: false, count: table.names.count)
            let width = table.names.count
            if width > 0 {
                for (index, field) in table.fields.enumerated() where numeric[index % width] && !field.isEmpty {
                    seen[index % width] = true
                    if !SourceProperties.isJSONNumber(field.utf8) { numeric[index % width] = false }
                }
            }
            self.numeric = zip(numeric, seen).map { $0 && $1 }
            names = Set(table.names)
        }

        /// Appends the members of the row starting at `start`, comma-separated.
        func append(row start: Int, to bytes: inout [UInt8]) {
            for column in keys.indices {
                if column > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes += keys[column]
                let field = table.fields[start + column]
                if !numeric[column] {
                    JSONWriter.appendString(field, to: &bytes)
                } else if field.isEmpty {
                    bytes += "null".utf8
                } else {
                    bytes += field.utf8
                }
            }
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
        let table = dataset.sourceTable.map(TableMembers.init)
        // Items are read in place: copying one out would retain and release each of its texts.
        dataset.items.withUnsafeBufferPointer { items in
            for position in items.indices {
                appendFeature(items, position, keys: keys, table: table, to: &bytes)
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
        table: TableMembers?, to bytes: inout [UInt8]
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
        let row = items[position].sourceRow
        let source = items[position].sourceProperties
        // Whether mapsite's member `name` is to be written: the source has none of that name.
        func own(_ name: String) -> Bool {
            if let table, row >= 0 { return !table.names.contains(name) }
            return source?.has(name) != true
        }
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
        if let table, row >= 0, !table.keys.isEmpty {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            table.append(row: row, to: &bytes)
        } else if let source, !source.json.isEmpty {
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

    /// The source's columns for the CSV: a CSV's header, else every property name the places
    /// have, in the order first met.
    private static func sourceColumns(_ dataset: Dataset) -> [String] {
        if let table = dataset.sourceTable { return table.names }
        var names: [String] = []
        var seen: Set<String> = []
        var last: [String] = []
        for item in dataset.items {
            guard let source = item.sourceProperties, source.names != last else { continue }
            last = source.names
            for name in source.names where seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    static func csv(_ dataset: Dataset) -> [UInt8] {
        let fields = dataset.config.fields
        let source = sourceColumns(dataset)
        let sourceNames = Set(source)
        let position = Dictionary(source.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        // mapsite's columns where the source has none of that name.
        let own = ["id", "title", "latitude", "longitude"].map { !sourceNames.contains($0) }
        let ownFields = fields.indices.filter { !sourceNames.contains(fields[$0].name) }
        var header = zip(["id", "title", "latitude", "longitude"], own).filter(\.1).map(\.0)
        header += source + ownFields.map { fields[$0].name }
        let hasImage = !sourceNames.contains("image") && dataset.items.contains { $0.image != nil }
        if hasImage { header.append("image") }
        // A dataset of lines or polygons gets their shapes as WKT; one of points only has no such column.
        let hasShapes = !sourceNames.contains("geometry") && dataset.items.contains { $0.geometry != nil }
        if hasShapes { header.append("geometry") }
        var bytes: [UInt8] = []
        for (index, name) in header.enumerated() { appendCell(name, first: index == 0, to: &bytes) }
        bytes += "\r\n".utf8
        let table = dataset.sourceTable
        var cells = [String](repeating: "", count: source.count)
        // Cells are written straight into the file, and items are read in place: copying one out
        // would retain and release each of its texts.
        dataset.items.withUnsafeBufferPointer { items in
            for item in items.indices {
                var first = true
                func cell(_ value: String) {
                    appendCell(value, first: first, to: &bytes)
                    first = false
                }
                if own[0] { cell(items[item].id) }
                if own[1] { cell(items[item].title) }
                // Coordinates are finite numbers, which `quote` leaves as they are.
                func coordinate(_ value: Double) {
                    if !first { bytes.append(UInt8(ascii: ",")) }
                    first = false
                    GeoJSONGeometry.appendCoordinate(value, fullPrecision: true, to: &bytes)
                }
                if own[2] { coordinate(items[item].point.latitude) }
                if own[3] { coordinate(items[item].point.longitude) }
                if let table, items[item].sourceRow >= 0 {
                    for field in table.row(at: items[item].sourceRow) { cell(field) }
                } else if !source.isEmpty {
                    for index in cells.indices { cells[index] = "" }
                    if let properties = items[item].sourceProperties {
                        for (name, value) in zip(properties.names, properties.values()) {
                            if let column = position[name] { cells[column] = SourceProperties.cell(value) }
                        }
                    }
                    for value in cells { cell(value) }
                }
                for index in ownFields where index < items[item].values.count { cell(items[item].values[index]) }
                if hasImage { cell(items[item].image.flatMap { SafeURL.sanitize($0) } ?? "") }
                if hasShapes {
                    let shape = items[item].geometry ?? .point(items[item].point)
                    cell(GeoJSONGeometry.wkt(shape, fullPrecision: true))
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
