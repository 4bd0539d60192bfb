import CSQLite
import Foundation
import Testing

@testable import MapsiteCore

/// The tests make their databases from SQL text with SQLite's C API, so that no binary file is
/// committed; the fixture site keeps its data as `data/places.sql` for the same reason.
private enum SQLiteDataset {
    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Creates the database `path` by running `sql`.
    static func create(at path: String, sql: String) throws {
        var handle: OpaquePointer?
        defer { sqlite3_close_v2(handle) }
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            throw Failure(description: "cannot create \(path)")
        }
        var message: UnsafeMutablePointer<CChar>?
        defer { sqlite3_free(message) }
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            throw Failure(description: message.map { String(cString: $0) } ?? "SQL failed")
        }
    }

    /// Writes the database `sql` makes as the dataset's source and loads it; messages name the file
    /// `content/<source>`.
    static func load(_ sql: String, _ yaml: String) throws -> Dataset {
        let config = try TestDataset.config(yaml)
        return try withTemporaryDirectory { directory in
            try create(at: directory + "/" + config.source, sql: sql)
            return try DatasetLoader.load(config, contentDirectory: directory, displayDirectory: "content")
        }
    }

    /// The messages of the errors that loading throws; records an issue when it loads.
    static func errors(_ sql: String, _ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        do {
            let dataset = try load(sql, yaml)
            Issue.record("loaded \(dataset.items.count) items, expected errors", sourceLocation: sourceLocation)
        } catch let failure as InputErrors {
            return failure.errors.map(\.description)
        } catch {
            Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
        }
        return []
    }

    static func error(_ sql: String, _ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let messages = errors(sql, yaml, sourceLocation: sourceLocation)
        #expect(messages.count <= 1, "more than one error: \(messages)", sourceLocation: sourceLocation)
        return messages.first
    }
}

private let places = """
    CREATE TABLE places (id INTEGER PRIMARY KEY, title TEXT, lat REAL, lon REAL, visitors INTEGER,
        rating REAL, note TEXT, code BLOB, region INTEGER);
    INSERT INTO places VALUES (1, 'Café Été', 40.7, -74, 1200, 4.5, 'corner', x'4142', 1);
    INSERT INTO places VALUES (7, 'Pier', 41, -73.5, 0, 3.0, NULL, NULL, 2);
    CREATE TABLE regions (id INTEGER PRIMARY KEY, name TEXT);
    INSERT INTO regions VALUES (1, 'South'), (2, 'North');
    """

private let table = """
    source: places.sqlite
    table: places
    id: id
    latitude: lat
    longitude: lon
    fields: [visitors, rating, note, code]
    item_description: note
    """

@Suite("DatasetLoader: SQLite")
struct SQLiteLoaderTests {
    @Test("a table loads, numbers as text as in JSON") func tableValues() throws {
        let dataset = try SQLiteDataset.load(places, table)
        #expect(dataset.items.map(\.id) == ["1", "7"])
        #expect(dataset.items.map(\.title) == ["Café Été", "Pier"])
        let first = try #require(dataset.items.first)
        #expect(first.point.latitude == 40.7)
        #expect(first.point.longitude == -74)
        #expect(first.values == ["1200", "4.5", "corner", "AB"])
        #expect(first.description == "corner")
        #expect(first.origin == "row id 1")
        #expect(dataset.items.last?.values == ["0", "3", "", ""])
    }

    @Test("large integers keep every digit") func largeIntegers() throws {
        let dataset = try SQLiteDataset.load(
            "CREATE TABLE t (id INTEGER, title TEXT, latitude REAL, longitude REAL);"
                + "INSERT INTO t VALUES (12345678901234567, 'A', 1, 2);",
            "source: t.db\ntable: t\nid: id")
        #expect(dataset.items.first?.id == "12345678901234567")
    }

    @Test("a query with a JOIN and a WHERE loads") func query() throws {
        let dataset = try SQLiteDataset.load(
            places,
            """
            source: places.sqlite3
            query: "SELECT p.id, p.title || ' (' || r.name || ')' AS title, p.lat AS latitude, p.lon AS longitude
              FROM places p JOIN regions r ON r.id = p.region WHERE r.name = 'North'"
            id: id
            """)
        #expect(dataset.items.map(\.title) == ["Pier (North)"])
        #expect(dataset.items.first?.origin == "result row 1")
    }

    @Test("column names match ignoring case, as in SQL") func columnCase() throws {
        let dataset = try SQLiteDataset.load(
            places, "source: places.sqlite\ntable: places\nlatitude: LAT\nlongitude: Lon")
        #expect(dataset.items.count == 2)
    }

    @Test("a view reads, its rows named by position") func view() throws {
        let errors = SQLiteDataset.errors(
            places + "CREATE VIEW v AS SELECT title, lat + id * 8 AS lat, lon FROM places ORDER BY id;",
            "source: places.sqlite\ntable: v\nlatitude: lat\nlongitude: lon")
        #expect(
            errors == [#"content/places.sqlite: result row 2: column "lat": expected a number in -90…90, found "97""#])
    }

    @Test("a table without rowids names its rows by position") func withoutRowID() {
        #expect(
            SQLiteDataset.error(
                "CREATE TABLE t (code TEXT PRIMARY KEY, latitude REAL, longitude REAL) WITHOUT ROWID;"
                    + "INSERT INTO t VALUES ('a', 1, 2), ('b', 100, 2);",
                "source: t.db\ntable: t")
                == #"content/t.db: result row 2: column "latitude": expected a number in -90…90, found "100""#)
    }

    @Test("a bad coordinate names the row id and the column") func badCoordinate() {
        #expect(
            SQLiteDataset.error(places + "UPDATE places SET lat = 95 WHERE id = 7;", table)
                == #"content/places.sqlite: row id 7: column "lat": expected a number in -90…90, found "95""#)
        #expect(
            SQLiteDataset.error(places + "UPDATE places SET lon = 'east' WHERE id = 1;", table)
                == #"content/places.sqlite: row id 1: column "lon": expected a number in -180…180, found "east""#)
    }

    @Test("a bad coordinate in a query names the result row") func badCoordinateInQuery() {
        #expect(
            SQLiteDataset.error(
                places,
                "source: places.sqlite\nquery: SELECT title, iif(id = 7, 95, lat) AS latitude, lon AS longitude FROM places"
            )
                == #"content/places.sqlite: result row 2: column "latitude": expected a number in -90…90, found "95""#
        )
    }

    @Test("a NUL or bytes that are not UTF-8 name the row and the column") func badText() {
        #expect(
            SQLiteDataset.errors(
                places + "UPDATE places SET note = 'a' || char(0) || 'b' WHERE id = 1;"
                    + "UPDATE places SET title = CAST(x'41FF' AS TEXT), code = x'FE' WHERE id = 7;", table)
                == [
                    #"content/places.sqlite: row id 1: column "note": expected text without NUL bytes, found "a NUL byte at byte 2""#,
                    #"content/places.sqlite: row id 7: column "title": expected UTF-8 text, found "byte 0xFF that is not UTF-8 at byte 2""#,
                ])
    }

    @Test("NULL is a missing value, named as NULL, not as a missing column") func null() throws {
        #expect(
            SQLiteDataset.error(places + "UPDATE places SET lat = NULL WHERE id = 7;", table)
                == #"content/places.sqlite: row id 7: column "lat": expected a value, found "NULL""#)
        let dataset = try SQLiteDataset.load(places + "UPDATE places SET title = NULL;", table)
        #expect(dataset.items.map(\.title) == ["1", "7"])
        #expect(dataset.items.last?.description == nil)
    }

    @Test("a missing table names the key and gives SQLite's message") func missingTable() {
        #expect(
            SQLiteDataset.error(places, "source: places.sqlite\ntable: plaices")
                == #"content/places.sqlite: key "table": expected a table or view of the database, found "no such table: plaices""#
        )
    }

    @Test("bad SQL names the key and gives SQLite's message") func badSQL() {
        #expect(
            SQLiteDataset.error(places, "source: places.sqlite\nquery: SELEC * FROM places")
                == #"content/places.sqlite: key "query": expected a SELECT query SQLite can run, found "near "SELEC": syntax error""#
        )
        #expect(
            SQLiteDataset.error(places, "source: places.sqlite\nquery: SELECT nope FROM places")
                == #"content/places.sqlite: key "query": expected a SELECT query SQLite can run, found "no such column: nope""#
        )
    }

    @Test("a query that writes, or two statements, is refused") func writingQuery() {
        #expect(
            SQLiteDataset.error(places, "source: places.sqlite\nquery: DELETE FROM places")
                == #"content/places.sqlite: key "query": expected a query that only reads, such as SELECT …, found "DELETE FROM places""#
        )
        #expect(
            SQLiteDataset.error(places, "source: places.sqlite\nquery: SELECT * FROM places; DROP TABLE places")
                == #"content/places.sqlite: key "query": expected one SQL statement, found "DROP TABLE places""#)
    }

    @Test("a trailing semicolon and comment are fine") func trailingSemicolon() throws {
        let dataset = try SQLiteDataset.load(
            places,
            "source: places.sqlite\nquery: \"SELECT title, lat AS latitude, lon AS longitude FROM places; -- all\"")
        #expect(dataset.items.count == 2)
    }

    @Test("a file that is not a database") func notADatabase() throws {
        let config = try TestDataset.config("source: places.sqlite\ntable: places")
        try withTemporaryDirectory { directory in
            try writeFiles(["places.sqlite": "id,title\n1,A\n"], in: directory)
            let error = #expect(throws: InputErrors.self) {
                try DatasetLoader.load(config, contentDirectory: directory, displayDirectory: "content")
            }
            #expect(
                error?.errors.map(\.description) == [
                    #"content/places.sqlite: expected a readable SQLite database, found "file is not a database""#
                ])
        }
    }

    @Test("a missing database file") func missingFile() throws {
        let config = try TestDataset.config("source: places.sqlite\ntable: places")
        try withTemporaryDirectory { directory in
            let error = #expect(throws: InputErrors.self) {
                try DatasetLoader.load(config, contentDirectory: directory, displayDirectory: "content")
            }
            #expect(
                error?.errors.map(\.description) == [
                    #"content/places.sqlite: expected a readable data file, found "no such file""#
                ])
            #expect(filesBelow(directory).isEmpty)
        }
    }

    @Test("skip_invalid builds the valid rows and reports the others") func skipInvalid() throws {
        let dataset = try SQLiteDataset.load(
            places + "UPDATE places SET lat = 95 WHERE id = 1;", table + "\nskip_invalid: true")
        #expect(dataset.items.map(\.id) == ["7"])
        #expect(
            dataset.skipped.map(\.description) == [
                #"content/places.sqlite: row id 1: column "lat": expected a number in -90…90, found "95""#
            ])
    }

    @Test("the database is never written") func readOnly() throws {
        let configs = try [
            table, "source: places.sqlite\nquery: DELETE FROM places",
            "source: places.sqlite\nquery: SELECT 1; DELETE FROM places", "source: places.sqlite\ntable: nope",
        ].map(TestDataset.config)
        try withTemporaryDirectory { directory in
            let path = directory + "/places.sqlite"
            try SQLiteDataset.create(at: path, sql: places)
            let before = try FileManager.default.attributesOfItem(atPath: path)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            for config in configs {
                _ = try? DatasetLoader.load(config, contentDirectory: directory)
            }
            let after = try FileManager.default.attributesOfItem(atPath: path)
            #expect(after[.modificationDate] as? Date == before[.modificationDate] as? Date)
            #expect(after[.size] as? Int == before[.size] as? Int)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
            #expect(filesBelow(directory) == ["places.sqlite"])
        }
    }
}

@Suite("SQLite datasets in site.yml")
struct SQLiteConfigTests {
    @Test("the format is inferred from the extension", arguments: ["a.sqlite", "a.SQLITE3", "a.db"])
    func inferredFormat(source: String) throws {
        let config = try TestDataset.config("source: \(source)\ntable: places")
        #expect(config.format == .sqlite)
        #expect(config.table == "places")
        #expect(config.query == nil)
        #expect(try TestDataset.config("source: a.data\nformat: sqlite\nquery: SELECT 1").query == "SELECT 1")
    }

    @Test("a SQLite dataset needs a table or a query, not both") func tableOrQuery() {
        #expect(
            configError("source: data/a.sqlite")
                == #"site.yml:3: key "datasets[0].table": expected a table (table: places) or a query (query: "SELECT …") for the SQLite database "data/a.sqlite""#
        )
        #expect(
            configError("source: a.sqlite\ntable: places\nquery: SELECT 1")
                == #"site.yml:5: key "datasets[0].query": expected either table or query, not both, found "SELECT 1""#
        )
    }

    @Test("other formats have no table") func tableForCSV() {
        #expect(
            configError("source: a.csv\ntable: places")
                == #"site.yml:4: key "datasets[0].table": expected no table for a csv dataset (only SQLite datasets have one), found "places""#
        )
    }

    private func configError(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        do {
            _ = try TestDataset.config(yaml)
            Issue.record("the config loaded", sourceLocation: sourceLocation)
        } catch let error as InputError {
            return error.description
        } catch {
            Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }
}

@Suite("SQLite fixture site")
struct SQLiteSiteTests {
    @Test("builds item pages from a table and from a query") func build() throws {
        try withTemporaryDirectory { directory in
            let content = directory + "/content"
            try FileManager.default.copyItem(atPath: Fixtures.site("sqlite"), toPath: content)
            let sql = try String(contentsOfFile: content + "/data/places.sql", encoding: .utf8)
            try SQLiteDataset.create(at: content + "/data/places.sqlite", sql: sql)
            let report = try buildSite(content: content, into: directory + "/site")
            #expect(report.datasets == ["places": 3, "cafes": 2])
            #expect(report.skipped.isEmpty)
            let files = Set(filesBelow(directory + "/site"))
            for page in [
                "places/cafe-ete/index.html", "places/book-nook/index.html", "places/bean-there/index.html",
                "cafes/cafe-ete-loop/index.html", "cafes/bean-there-near-north/index.html",
            ] {
                #expect(files.contains(page), "no \(page)")
            }
            let page = try #require(readText(directory + "/site/places/cafe-ete/index.html"))
            #expect(page.contains("1200"))
        }
    }
}
