import CSQLite
import Foundation

/// A read-only connection to a SQLite database, closed when released. Every failure is an
/// `InputError` that names the database file and carries SQLite's message.
final class SQLiteDatabase {
    let file: String
    fileprivate let handle: OpaquePointer

    /// Opens `path` with `SQLITE_OPEN_READONLY`: nothing is ever written to it, not even a journal.
    /// - Parameter file: the path shown in messages.
    init(path: String, file: String) throws {
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close_v2(handle)
            throw InputError(file: file, expected: "a readable SQLite database", found: message)
        }
        self.handle = handle
        self.file = file
    }

    deinit { sqlite3_close_v2(handle) }

    /// Compiles `sql`, which must be one statement.
    /// - Parameter key: the config key that holds or names the SQL, for messages: `table`, `query`.
    /// - Parameter expected: what that key should hold, for messages.
    /// - Throws: `InputError` naming the key, or the file when it is not a readable database.
    func prepare(_ sql: String, key: String, expected: String) throws -> Statement {
        try sql.withCString { text in
            var pointer: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            guard sqlite3_prepare_v2(handle, text, -1, &pointer, &tail) == SQLITE_OK else {
                throw error(key: key, expected: expected)
            }
            guard let pointer else {
                throw InputError(file: file, field: "key \"\(key)\"", expected: expected, found: "no SQL statement")
            }
            let statement = Statement(database: self, pointer: pointer, key: key)
            // Whatever follows the first statement must be blank or comments.
            if let tail, tail.pointee != 0 {
                var next: OpaquePointer?
                let status = sqlite3_prepare_v2(handle, tail, -1, &next, nil)
                sqlite3_finalize(next)
                if status != SQLITE_OK || next != nil {
                    throw InputError(
                        file: file, field: "key \"\(key)\"", expected: "one SQL statement",
                        found: String(cString: tail).trimmingCharacters(in: .whitespacesAndNewlines))
                }
            }
            return statement
        }
    }

    /// The connection's last error: a damaged or foreign file is the file's fault, anything else the key's.
    fileprivate func error(key: String, expected: String, location: String? = nil) -> InputError {
        let message = String(cString: sqlite3_errmsg(handle))
        switch sqlite3_errcode(handle) & 0xff {
        case SQLITE_NOTADB, SQLITE_CORRUPT, SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_PERM, SQLITE_BUSY, SQLITE_LOCKED:
            return InputError(file: file, location: location, expected: "a readable SQLite database", found: message)
        default:
            return InputError(
                file: file, location: location, field: "key \"\(key)\"", expected: expected, found: message)
        }
    }

    /// A compiled statement, stepped through its result rows one at a time.
    final class Statement {
        private let database: SQLiteDatabase
        private let pointer: OpaquePointer
        private let key: String

        fileprivate init(database: SQLiteDatabase, pointer: OpaquePointer, key: String) {
            self.database = database
            self.pointer = pointer
            self.key = key
        }

        deinit { sqlite3_finalize(pointer) }

        /// True when the statement cannot change the database, as a SELECT.
        var isReadOnly: Bool { sqlite3_stmt_readonly(pointer) != 0 }

        var columnNames: [String] {
            (0..<sqlite3_column_count(pointer)).map { column in
                sqlite3_column_name(pointer, column).map { String(cString: $0) } ?? ""
            }
        }

        /// Moves to the next result row.
        /// - Returns: false after the last row.
        /// - Parameter location: the row being read, for messages.
        func step(location: String?) throws -> Bool {
            switch sqlite3_step(pointer) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw database.error(key: key, expected: "a query SQLite can run", location: location)
            }
        }

        func int64(at column: Int32) -> Int64 { sqlite3_column_int64(pointer, column) }

        /// The value in `column` of the current row as JSON, for the downloads: an INTEGER or a
        /// REAL a number (as `text(at:)` writes it), NULL null, anything else text.
        func json(at column: Int32) throws(TextCheck.Problem) -> JSONValue {
            let type = sqlite3_column_type(pointer, column)
            guard let text = try text(at: column) else { return .null }
            if type == SQLITE_INTEGER || type == SQLITE_FLOAT, SourceProperties.isJSONNumber(text.utf8) {
                return .number(text)
            }
            return .string(text)
        }

        /// The value in `column` of the current row as text; nil for NULL.
        /// - Throws: `TextCheck.Problem` for TEXT or a BLOB holding a NUL or bytes that are not UTF-8,
        ///   which would otherwise become U+FFFD or pass into the pages.
        func text(at column: Int32) throws(TextCheck.Problem) -> String? {
            switch sqlite3_column_type(pointer, column) {
            case SQLITE_NULL:
                return nil
            case SQLITE_INTEGER:
                return String(sqlite3_column_int64(pointer, column))
            case SQLITE_FLOAT:
                // As the JSON loader does: a whole number without ".0".
                let value = sqlite3_column_double(pointer, column)
                return Int(exactly: value).map(String.init) ?? "\(value)"
            case SQLITE_BLOB:
                guard let bytes = sqlite3_column_blob(pointer, column) else { return "" }
                let count = Int(sqlite3_column_bytes(pointer, column))
                return try Self.checked(
                    UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt8.self), count: count))
            default:
                guard let text = sqlite3_column_text(pointer, column) else { return "" }
                let count = Int(sqlite3_column_bytes(pointer, column))
                return try Self.checked(UnsafeBufferPointer(start: text, count: count))
            }
        }

        private static func checked(_ bytes: UnsafeBufferPointer<UInt8>) throws(TextCheck.Problem) -> String {
            if let problem = TextCheck.firstProblem(in: bytes) { throw problem }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
