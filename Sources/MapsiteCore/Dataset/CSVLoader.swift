import Foundation

/// Reads a CSV file into records keyed by the header row.
enum CSVLoader {
    /// - Parameter file: the path shown in messages.
    /// - Throws: `InputError` for a file that cannot be parsed at all; rows with the wrong number
    ///   of fields go to `invalid` so the rest still load.
    static func read(
        bytes: [UInt8], file: String, delimiter: UInt8, invalid: (InputError) throws -> Void,
        body: (Record) throws -> Void
    ) throws {
        var header: [String]?
        var columns: [String: Int] = [:]
        do {
            try CSVReader(bytes: bytes, delimiter: delimiter).forEachRecord { fields, line in
                guard let names = header else {
                    header = fields.map { $0.trimmingCharacters(in: .whitespaces) }
                    for (index, name) in header!.enumerated() where columns[name] == nil { columns[name] = index }
                    return
                }
                guard fields.count == names.count else {
                    try invalid(
                        InputError(
                            file: file, line: line, expected: "\(names.count) fields as in the header",
                            found: fields.count == 1 ? "1 field" : "\(fields.count) fields"))
                    return
                }
                try body(
                    Record(
                        line: line, location: nil,
                        value: { name in columns[name].map { fields[$0] } },
                        fieldKind: "column", geometry: nil))
            }
        } catch let failure as CSVReader.Failure {
            throw InputError(file: file, line: failure.line, expected: failure.message, found: nil)
        }
        if header == nil {
            throw InputError(file: file, line: 1, expected: "a header row naming the columns", found: "an empty file")
        }
    }
}
