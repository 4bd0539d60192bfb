import Foundation

/// Reads a CSV file into records keyed by the header row.
///
/// The file is read whole into a `CSVTable` first, and records are made from it afterwards, so
/// that items can be built from its rows on two threads (see `DatasetLoader`): reading the bytes
/// is a small part of loading, building items from the fields a large one.
enum CSVLoader {
    /// - Parameter file: the path shown in messages.
    /// - Throws: `InputError` for a file that cannot be parsed at all; rows with the wrong number
    ///   of fields are kept in the table as errors, so the rest still load.
    static func table(bytes: [UInt8], file: String, delimiter: UInt8) throws -> CSVTable {
        var header: [String]?
        var columns: [String: Int] = [:]
        var fields: [String] = []
        var rows: [CSVTable.Row] = []
        // Checking each field costs a little; a clean file (the usual case) is checked in one pass.
        let isClean = TextCheck.firstProblem(in: bytes) == nil
        let badText: (CSVReader.Failure) throws -> Void = { failure in
            let column = failure.field.flatMap { index in
                header.flatMap { index < $0.count ? "column \"\($0[index])\"" : nil } ?? "field \(index + 1)"
            }
            let error = InputError(
                file: file, line: failure.line, field: column, expected: failure.message, found: failure.found)
            guard header != nil else { throw error }
            rows.append(.invalid(error))
        }
        do {
            try CSVReader(bytes: bytes, delimiter: delimiter).forEachRecord(badText: isClean ? nil : badText) {
                record, line in
                guard let names = header else {
                    let names = record.map { $0.trimmingCharacters(in: .whitespaces) }
                    for (index, name) in names.enumerated() {
                        if let first = columns[name] {
                            // The second column would vanish from the pages and the downloads.
                            throw InputError(
                                file: file, line: line, field: "column \(index + 1) \"\(name)\"",
                                expected: "a different name for each column", found: "the name of column \(first + 1)")
                        }
                        columns[name] = index
                    }
                    header = names
                    return
                }
                guard record.count == names.count else {
                    rows.append(
                        .invalid(
                            InputError(
                                file: file, line: line, expected: "\(names.count) fields as in the header",
                                found: record.count == 1 ? "1 field" : "\(record.count) fields")))
                    return
                }
                rows.append(.record(line: line, start: fields.count))
                fields += record
            }
        } catch let failure as CSVReader.Failure {
            throw InputError(file: file, line: failure.line, expected: failure.message, found: nil)
        }
        if header == nil {
            throw InputError(file: file, line: 1, expected: "a header row naming the columns", found: "an empty file")
        }
        return CSVTable(columns: columns, fields: fields, rows: rows)
    }
}

/// The rows of a CSV file after its header, in file order.
struct CSVTable {
    enum Row {
        /// A row with as many fields as the header: they are `fields[start..<start + columns]`.
        case record(line: Int, start: Int)
        /// A row with another number of fields.
        case invalid(InputError)
    }

    /// Header name → position; no two columns have the same name.
    let columns: [String: Int]
    /// The fields of every valid row, one after another.
    let fields: [String]
    let rows: [Row]

    /// A record with an empty value in every column, named in the header's order: what every row has.
    var header: Record {
        let columns = columns
        var record = Record(
            line: nil, location: nil, value: { columns[$0] == nil ? nil : "" }, fieldKind: "column", geometry: nil)
        record.names = { columns.sorted { $0.value < $1.value }.map(\.key) }
        return record
    }

    /// The record of a valid row starting at `start` in `fields`.
    func record(line: Int, start: Int) -> Record {
        let columns = columns
        let fields = fields
        var record = Record(
            line: line, location: nil, value: { name in columns[name].map { fields[start + $0] } },
            fieldKind: "column", geometry: nil)
        record.sourceRow = start
        return record
    }

    /// Every column, for the downloads: the table itself, not a copy.
    var source: SourceTable {
        SourceTable(names: columns.sorted { $0.value < $1.value }.map(\.key), fields: fields)
    }
}
