import Foundation

/// The settings of GIS sources: `layer` and `where` of a GDAL source, `crs`, and `x` and `y`
/// fields of projected coordinates.
extension DatasetConfigParser {
    /// The extensions read through GDAL without `format: gdal`; `.osm.pbf` ends in `pbf`, and a
    /// `.zip` holds Shapefiles (or any other files GDAL reads) opened inside the archive.
    static let gdalExtensions: Set<String> = [
        "shp", "shz", "zip", "gpkg", "kml", "kmz", "gpx", "fgb", "osm", "pbf", "gml", "gdb", "tab", "mif",
        "topojson", "geojsonl", "geojsons",
    ]

    /// `x` and `y`, which come together, instead of `latitude` and `longitude` or `coordinates`;
    /// nil when neither is set.
    static func projected(
        _ entry: ConfigNode, format: DatasetConfig.Format, coordinates: String?, latitude: String?
    ) throws -> (x: String, y: String)? {
        let x = try entry.string("x")
        let y = try entry.string("y")
        guard x != nil || y != nil else { return nil }
        guard let x, let y else {
            let missing = x == nil ? "x" : "y"
            throw entry.error(missing, expected: "the field of the \(missing) coordinate, as x and y come together")
        }
        if format == .geojson {
            throw entry.error(
                "x", expected: "no x and y for a GeoJSON dataset (its coordinates are its geometries')",
                found: entry.child("x"))
        }
        for key in ["coordinates", "latitude", "longitude"] where entry.child(key) != nil {
            throw entry.error(key, expected: "either x and y, or \(key), not both", found: entry.child(key))
        }
        return (x, y)
    }

    /// What ends a `where` before its end, outside quotes: `a ;` (a second statement), `--` or
    /// `/*` (a comment); nil when there is none. GeoPackage's SQLite reads the first statement
    /// only and drops the rest.
    static func notOneExpression(_ filter: String) -> String? {
        var quote: Character?
        var previous: Character?
        for character in filter {
            defer { previous = character }
            if let open = quote {
                // A quote doubled inside quotes closes and reopens: the same state after both.
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "'", "\"", "`": quote = character
            case ";": return "a ;"
            case "-" where previous == "-": return "--, which starts a comment"
            case "*" where previous == "/": return "/*, which starts a comment"
            default: break
            }
        }
        return nil
    }

    /// The first `SELECT` or `WITH` outside quotes of a `where`, as written; nil when there is none.
    /// A filter is one expression on a feature's fields; GeoPackage's and SQLite's drivers hand it
    /// to SQLite, where a query inside it (`WITH RECURSIVE`, a join of a table with itself) can run
    /// for ever, so no query is taken (`LongValueCommandTests`).
    static func query(in filter: String) -> String? {
        var quote: Character?
        var word = ""
        for character in filter + " " {
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            if ["SELECT", "WITH"].contains(word.uppercased()) { return word }
            word = ""
            if character == "'" || character == "\"" || character == "`" || character == "[" {
                quote = character == "[" ? "]" : character
            }
        }
        return nil
    }

    /// Reads `layer`, `where` and `crs`, checking that the coordinate system is one GDAL knows
    /// and can reproject to WGS 84.
    static func parseGIS(_ entry: ConfigNode, into config: inout DatasetConfig) throws {
        config.layer = try entry.string("layer")
        config.filter = try entry.string("where")
        if let filter = config.filter, let problem = notOneExpression(filter) {
            throw entry.error(
                "where",
                expected:
                    "one expression, such as kind = 'park' (GDAL would drop the text after \(problem) without a word)",
                found: entry.child("where"))
        }
        if let filter = config.filter, let query = query(in: filter) {
            throw entry.error(
                "where",
                expected:
                    "an expression on the layer's fields, such as kind = 'park', without a query inside it "
                    + "(\(query): a query, such as WITH RECURSIVE, may run for ever)",
                found: entry.child("where"))
        }
        if config.format != .gdal {
            for key in ["layer", "where"] where entry.child(key) != nil {
                throw entry.error(
                    key, expected: "no \(key) for a \(config.format.rawValue) dataset (only GDAL sources have one)",
                    found: entry.child(key))
            }
        }
        guard let crs = try entry.string("crs") else { return }
        if config.format == .geojson {
            throw entry.error(
                "crs",
                expected: "no crs for a GeoJSON dataset, which is WGS 84 (format: gdal reads one in another system)",
                found: entry.child("crs"))
        }
        if config.format != .gdal && config.x == nil {
            throw entry.error("x", expected: "the x and y fields whose coordinates are in the crs \"\(crs)\"")
        }
        do {
            _ = try CoordinateTransform(from: CoordinateSystem(userInput: crs))
        } catch {
            throw entry.error(
                "crs",
                expected: "a coordinate system GDAL knows, such as EPSG:2272 (\(error.reason))",
                found: entry.child("crs"))
        }
        config.crs = crs
    }
}
