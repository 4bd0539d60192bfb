import Foundation

/// Reads the rows of a SQLite table, or of a query's result, into records keyed by column name.
///
/// The database is opened read-only and read one row at a time. Integers and reals become text as
/// in the JSON loader (`12`, `1.5`), NULL is a missing value, and a BLOB is read as UTF-8 text.
/// Column names match exactly, else ignoring case as SQL does.
enum SQLiteLoader {
    /// - Parameter path: the database on disk; `file`: the path shown in messages.
    /// - Parameter table: the table or view to read, with each row named by its rowid (`row id 7`);
    ///   a view or a table without rowids names rows by position (`result row 7`).
    /// - Parameter query: the SELECT to read instead of a table; rows are named `result row 7`.
    /// - Throws: `InputError` when the file is not a readable database, or SQLite rejects the table
    ///   or the query; the message names the key and gives SQLite's reason.
    /// - Parameter invalid: told of each row with a NUL or bytes that are not UTF-8 in a value,
    ///   naming the row and the column; such a row is not given to `body`.
    static func read(
        path: String, file: String, table: String?, query: String?, invalid: (InputError) throws -> Void,
        body: (Record) throws -> Void
    ) throws {
        let database = try SQLiteDatabase(path: path, file: file)
        let statement: SQLiteDatabase.Statement
        var hasRowID = false
        if let table {
            let name = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let literal = "'" + table.replacingOccurrences(of: "'", with: "''") + "'"
            let expected = "a table or view of the database"
            // The plain SELECT checks the table. A view answers `rowid` with 0 or NULL, and a table
            // WITHOUT ROWID not at all: both name their rows by position.
            let plain = try database.prepare("SELECT * FROM \(name)", key: "table", expected: expected)
            let isView = try database.prepare(
                "SELECT 1 FROM sqlite_master WHERE type = 'view' AND name = \(literal) COLLATE NOCASE",
                key: "table", expected: expected
            ).step(location: nil)
            if !isView,
                let withRowID = try? database.prepare(
                    "SELECT rowid AS \"mapsite rowid\", * FROM \(name)", key: "table", expected: expected)
            {
                statement = withRowID
                hasRowID = true
            } else {
                statement = plain
            }
        } else {
            let sql = query ?? ""
            let expected = "a SELECT query SQLite can run"
            statement = try database.prepare(sql, key: "query", expected: expected)
            guard statement.isReadOnly, !statement.columnNames.isEmpty else {
                throw InputError(
                    file: file, field: "key \"query\"", expected: "a query that only reads, such as SELECT …",
                    found: sql.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        let names = Array(statement.columnNames.dropFirst(hasRowID ? 1 : 0))
        let first: Int32 = hasRowID ? 1 : 0
        var columns: [String: Int] = [:]
        var folded: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            if columns[name] == nil { columns[name] = index }
            if folded[name.lowercased()] == nil { folded[name.lowercased()] = index }
        }
        var number = 0
        while try statement.step(location: hasRowID ? nil : "result row \(number + 1)") {
            number += 1
            let location = hasRowID ? "row id \(statement.int64(at: 0))" : "result row \(number)"
            var values: [String?] = []
            var typed: [JSONValue] = []
            values.reserveCapacity(names.count)
            typed.reserveCapacity(names.count)
            do {
                for index in names.indices {
                    let value = try statement.json(at: first + Int32(index))
                    typed.append(value)
                    values.append(JSONLoader.text(value))
                }
            } catch {
                try invalid(
                    InputError(
                        file: file, location: location, field: "column \"\(names[values.count])\"",
                        expected: error.expected, found: error.found + " at byte \(error.offset + 1)"))
                continue
            }
            var record = Record(
                line: nil, location: location,
                value: { name in (columns[name] ?? folded[name.lowercased()]).flatMap { values[$0] } },
                fieldKind: "column", geometry: nil,
                emptyValue: { name in
                    (columns[name] ?? folded[name.lowercased()]).flatMap { values[$0] == nil ? "NULL" : nil }
                })
            record.names = { names }
            record.properties = SourceProperties(names: names, values: typed)
            try body(record)
        }
    }
}
