import Foundation
import Yams

/// Reads one entry of `datasets:`.
enum DatasetConfigParser {
    static let keys = [
        "name", "title", "description", "source", "format", "delimiter", "table", "query", "id", "item_title",
        "slug", "latitude", "longitude", "coordinates", "fields", "image", "thumbnail", "item_description",
        "skip_invalid", "neighbours", "page_size", "nearest", "same_place_radius", "tile_budget",
        "group_by", "aggregates", "derived", "regions", "color", "timezone", "list_fields", "filters", "colour_by",
        "color_by",
        "layer", "where", "crs", "x", "y",
    ]

    /// - Parameter position: the entry's place in `datasets:`, which picks its default colour.
    static func parse(_ entry: ConfigNode, position: Int, sitePageSize: Int) throws -> DatasetConfig {
        try entry.checkKeys(keys)
        guard let source = try entry.string("source") else {
            throw entry.error("source", expected: "the path of the data file, relative to the content folder")
        }
        let name =
            try entry.string("name")
            ?? Slug.make(from: ((source as NSString).lastPathComponent as NSString).deletingPathExtension)
        guard Slug.isSafe(name) else {
            throw entry.error("name", expected: "lowercase letters, digits and '-'", found: entry.child("name"))
        }
        let format = try self.format(entry, source: source)
        let (table, query) = try sqliteSource(entry, format: format, source: source)
        let coordinates = try entry.string("coordinates")
        var latitude = try entry.string("latitude")
        var longitude = try entry.string("longitude")
        let projected = try self.projected(entry, format: format, coordinates: coordinates, latitude: latitude)
        if coordinates == nil && projected == nil && format != .geojson && format != .gdal {
            latitude = latitude ?? "latitude"
            longitude = longitude ?? "longitude"
        }
        var config = DatasetConfig(
            name: name,
            title: try entry.string("title", default: name),
            description: try entry.string("description", default: ""),
            source: source,
            format: format,
            delimiter: try delimiter(entry),
            table: table,
            query: query,
            idField: try entry.string("id"),
            itemTitle: FieldTemplate(try entry.string("item_title", default: "title")),
            slug: try entry.string("slug").map(FieldTemplate.init),
            latitude: latitude,
            longitude: longitude,
            coordinates: coordinates,
            fields: try fields(entry),
            image: try entry.string("image"),
            thumbnail: try entry.string("thumbnail"),
            itemDescription: try entry.string("item_description"),
            skipInvalid: try entry.bool("skip_invalid") ?? false,
            neighbours: try entry.int("neighbours", in: 0...100) ?? 8,
            pageSize: try entry.int("page_size", in: 1...100_000)
        )
        config.listFields = try listFields(entry, fields: config.fields)
        config.color = try color(entry) ?? MapColor.byPosition(position)
        config.crossNeighbours = try crossNeighbours(entry)
        config.tileBudget = try entry.int("tile_budget", in: 1_000...10_000_000) ?? config.tileBudget
        if let radius = entry.child("same_place_radius") {
            guard let metres = radius.float, metres >= 0, metres <= 10_000 else {
                throw entry.error("same_place_radius", expected: "a distance in metres, 0…10000", found: radius)
            }
            config.samePlaceRadius = metres
        }
        if let zone = try entry.string("timezone") {
            guard TimeZoneName.known.contains(zone) else {
                let closest = TimeZoneName.closest(to: zone).map { "; did you mean \"\($0)\"?" } ?? ""
                throw entry.error(
                    "timezone", expected: "a tz database time zone name such as America/Chicago" + closest,
                    found: entry.child("timezone"))
            }
            config.timeZone = zone
        }
        (config.x, config.y) = (projected?.x, projected?.y)
        try parseGIS(entry, into: &config)
        try parseGroups(entry, into: &config)
        config.filters = try filters(entry, groupBy: config.groupBy, fields: config.fields)
        try parseColourBy(entry, into: &config)
        config.regions = try RegionsConfig.parse(entry)
        return config
    }

    private static func color(_ entry: ConfigNode) throws -> String? {
        guard let text = try entry.string("color") else { return nil }
        guard let color = MapColor.parse(text) else {
            throw entry.error("color", expected: "a colour as #rrggbb or #rgb", found: entry.child("color"))
        }
        return color
    }

    private static func crossNeighbours(_ entry: ConfigNode) throws -> [DatasetConfig.CrossNeighbours] {
        guard let items = try entry.sequence("nearest") else { return [] }
        return try items.map { item in
            let node = ConfigNode(file: entry.file, path: entry.path + ".nearest", node: item)
            try node.checkKeys(["dataset", "count", "title"])
            guard let dataset = try node.string("dataset") else {
                throw node.error("dataset", expected: "the name of another dataset")
            }
            return DatasetConfig.CrossNeighbours(
                dataset: dataset, count: try node.int("count", in: 1...100) ?? 3, title: try node.string("title"))
        }
    }

    private static func format(_ entry: ConfigNode, source: String) throws -> DatasetConfig.Format {
        if let text = try entry.string("format") {
            guard let format = DatasetConfig.Format(rawValue: text.lowercased()) else {
                throw entry.error(
                    "format", expected: "csv, geojson, json, sqlite or gdal", found: entry.child("format"))
            }
            return format
        }
        switch (source as NSString).pathExtension.lowercased() {
        case "csv", "tsv", "txt": return .csv
        case "geojson": return .geojson
        case "json": return .json
        case "sqlite", "sqlite3", "db": return .sqlite
        case let other where gdalExtensions.contains(other): return .gdal
        default:
            throw entry.error(
                "format",
                expected:
                    "a format (csv, geojson, json, sqlite, or gdal for any format GDAL reads) for a file named \"\(source)\""
            )
        }
    }

    /// `table` or `query`: exactly one for a SQLite dataset, neither for other formats.
    private static func sqliteSource(
        _ entry: ConfigNode, format: DatasetConfig.Format, source: String
    ) throws -> (table: String?, query: String?) {
        let table = try entry.string("table")
        let query = try entry.string("query")
        guard format == .sqlite else {
            if table != nil || query != nil {
                let key = table != nil ? "table" : "query"
                throw entry.error(
                    key, expected: "no \(key) for a \(format.rawValue) dataset (only SQLite datasets have one)",
                    found: entry.child(key))
            }
            return (nil, nil)
        }
        switch (table, query) {
        case (nil, nil):
            let expected = "a table (table: places) or a query (query: \"SELECT …\")"
            throw entry.error("table", expected: expected + " for the SQLite database \"\(source)\"")
        case (.some, .some):
            throw entry.error("query", expected: "either table or query, not both", found: entry.child("query"))
        default:
            return (table, query)
        }
    }

    private static func delimiter(_ entry: ConfigNode) throws -> UInt8 {
        guard let text = try entry.string("delimiter") else {
            return (try entry.string("source"))?.lowercased().hasSuffix(".tsv") == true
                ? UInt8(ascii: "\t") : UInt8(ascii: ",")
        }
        let unescaped = text == "\\t" || text == "tab" ? "\t" : text
        guard unescaped.utf8.count == 1, let byte = unescaped.utf8.first, byte != UInt8(ascii: "\"") else {
            throw entry.error(
                "delimiter", expected: "one ASCII character such as , ; | or \\t", found: entry.child("delimiter"))
        }
        return byte
    }

    /// `fields:` is a list of names, or of `{name, label}` mappings, or a mapping of name to label.
    private static func fields(_ entry: ConfigNode) throws -> [DatasetConfig.Field] {
        guard let node = entry.child("fields") else { return [] }
        if let mapping = node.mapping {
            return mapping.map { key, value in
                let name = key.string ?? ""
                // `zip:` with no label, or `zip: ~`, takes the default label.
                let label = value.null == nil ? value.string : nil
                return DatasetConfig.Field(name: name, label: label ?? Label.from(name))
            }
        }
        guard let items = node.sequence else {
            throw entry.error("fields", expected: "a list of field names or {name, label} mappings", found: node)
        }
        return try items.map { item in
            if let name = item.scalar?.string { return DatasetConfig.Field(name: name, label: Label.from(name)) }
            let field = ConfigNode(file: entry.file, path: entry.path + ".fields", node: item)
            try field.checkKeys(["name", "label", "format"])
            guard let name = try field.string("name") else { throw field.error("name", expected: "a field name") }
            var format = ValueFormat.text
            if let text = try field.string("format") {
                guard let parsed = ValueFormat(text) else {
                    throw field.error("format", expected: ValueFormat.expected, found: field.child("format"))
                }
                format = parsed
            }
            return DatasetConfig.Field(name: name, label: try field.string("label") ?? Label.from(name), format: format)
        }
    }
}

/// Turns a field name into a label: `weekday_pickup` → `Weekday pickup`.
enum Label {
    static func from(_ name: String) -> String {
        let last = name.split(separator: ".").last.map(String.init) ?? name
        let words = last.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
