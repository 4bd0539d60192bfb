import Foundation

/// Loads every dataset a config names: reads the source, validates each row, gives each item a
/// unique id and a unique, safe slug.
public enum DatasetLoader {
    /// - Parameter contentDirectory: the folder `source` paths are relative to.
    /// - Parameter displayDirectory: how that folder is named in messages.
    /// - Throws: `InputErrors` listing the invalid rows, unless the dataset has `skip_invalid`.
    public static func load(
        _ config: DatasetConfig, contentDirectory: String, displayDirectory: String? = nil
    ) throws -> Dataset {
        let path = SourcePath.resolved(config.source, in: contentDirectory)
        let file = SourcePath.resolved(config.source, in: displayDirectory ?? contentDirectory)
        // SQLite and GDAL read their files themselves; other formats are read whole.
        let data =
            config.format == .sqlite || config.format == .gdal
            ? (FileManager.default.isReadableFile(atPath: path) ? Data() : nil)
            : FileManager.default.contents(atPath: path)
        guard let data else {
            throw InputErrors(
                errors: [InputError(file: file, expected: "a readable data file", found: "no such file")], total: 1)
        }
        if config.format == .gdal, let problem = missingAttributes(path: path, file: file) {
            throw InputErrors(errors: [problem], total: 1)
        }
        let bytes = [UInt8](data)
        let builder = ItemBuilder(config: config, file: file, transform: try transform(config, file: file))
        var items: [Item] = []
        var problems: [InputError] = []
        var warnings: [String] = []
        var sourceTable: SourceTable?
        let invalid: (InputError) -> Void = { problems.append($0) }
        let census = FieldCensus(config: config)
        let build: (Record) -> Result<Item, InputError> = { record in
            if config.format != .csv { census.note(record) }
            do { return .success(try builder.item(from: record)) } catch let error as InputError {
                return .failure(error)
            } catch {
                return .failure(InputError(file: file, line: record.line, expected: "a valid row", found: "\(error)"))
            }
        }
        let body: (Record) -> Void = { record in
            switch build(record) {
            case .success(let item): items.append(item)
            case .failure(let error): invalid(error)
            }
        }
        do {
            switch config.format {
            case .csv:
                // Items are built from the rows on two threads; the errors are reported in row order.
                let table = try CSVLoader.table(bytes: bytes, file: file, delimiter: config.delimiter)
                // Every row has the header's columns: the header alone tells which names are wrong.
                census.note(table.header)
                let built = TwoHalves.results(count: table.rows.count) { index in
                    switch table.rows[index] {
                    case .record(let line, let start): build(table.record(line: line, start: start))
                    case .invalid(let error): .failure(error)
                    }
                }
                items = built.successes
                built.failures.forEach(invalid)
                sourceTable = table.source
            case .json: try JSONLoader.readArray(bytes: bytes, file: file, invalid: invalid, body: body)
            case .geojson:
                // Items are built from the features on two threads; errors and warnings are
                // reported in feature order.
                let built = try JSONLoader.readFeatures(bytes: bytes, file: file, build: build)
                items = built.successes
                built.failures.forEach(invalid)
                warnings += built.warnings
            case .sqlite:
                try SQLiteLoader.read(
                    path: path, file: file, table: config.table, query: config.query, invalid: invalid, body: body)
            case .gdal:
                try GDALLoader.read(
                    path: path, file: file, config: config, invalid: invalid, warn: { warnings.append($0) }, body: body)
            }
        } catch let error as InputError {
            throw InputErrors(errors: [error], total: 1)
        }
        // A CSV header, a table or a layer says which fields there are; the objects of JSON need
        // not all have the same keys, so a key none has is told, and the rows lacking one it needs
        // say so themselves.
        let wrongNames = census.errors(file: file)
        if config.format == .json || config.format == .geojson {
            warnings += wrongNames.map(\.description)
        } else if !wrongNames.isEmpty {
            let others = problems.filter { !census.isAboutMissingName($0) }
            throw InputErrors(errors: wrongNames + others, total: wrongNames.count + others.count)
        }
        if config.skipInvalid { warnings += builder.numberCheck.warnings(items, file: file) }
        // Handed over rather than shared, so that `Identity` reorders the items in place.
        var loaded: [Item] = []
        swap(&loaded, &items)
        items = try Identity.assign(to: consume loaded, config: config, file: file, invalid: invalid)
        if !problems.isEmpty && !config.skipInvalid {
            throw InputErrors(errors: problems, total: problems.count)
        }
        var dataset = Dataset(config: config, items: items, skipped: problems)
        dataset.warnings = warnings
        dataset.sourceTable = sourceTable
        return dataset
    }

    /// A Shapefile's `.dbf`, which holds its attributes: without it GDAL reads the shapes alone, and
    /// every title and field would be empty without a word.
    private static func missingAttributes(path: String, file: String) -> InputError? {
        let base = (path as NSString).deletingPathExtension
        let shownBase = (file as NSString).deletingPathExtension
        guard (path as NSString).pathExtension.lowercased() == "shp" else { return nil }
        guard !["dbf", "DBF"].contains(where: { FileManager.default.fileExists(atPath: base + "." + $0) }) else {
            return nil
        }
        return InputError(
            file: file, expected: "the Shapefile's attributes in \(shownBase).dbf beside it",
            found: "no such file")
    }

    /// From `crs` to WGS 84 for the `x` and `y` fields; nil without both.
    private static func transform(_ config: DatasetConfig, file: String) throws -> CoordinateTransform? {
        guard config.x != nil, let crs = config.crs else { return nil }
        do { return try CoordinateTransform(from: CoordinateSystem(userInput: crs)) } catch {
            let problem = InputError(
                file: file, field: "key \"crs\"", expected: "a coordinate system GDAL knows (\(error.reason))",
                found: crs)
            throw InputErrors(errors: [problem], total: 1)
        }
    }
}
