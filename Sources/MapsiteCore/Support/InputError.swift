import Foundation

/// A problem with the content a build reads: names the file, the line or feature, the field,
/// what was expected and what was found.
///
/// Printed as `content/data/boxes.csv:17: column "lat": expected a number in -90…90, found "N/A"`.
public struct InputError: Error, LocalizedError, Equatable, Sendable, Codable {
    public var file: String
    /// A line number (1-based) for text formats.
    public var line: Int?
    /// A column (1-based, in bytes) within `line`, for errors of a file's syntax.
    public var column: Int?
    /// Where in the file when there is no line: `feature 12`, `row id 7`.
    public var location: String?
    /// The field, already phrased for the format: `column "lat"`, `property "name"`.
    public var field: String?
    public var expected: String
    public var found: String?

    public init(
        file: String, line: Int? = nil, column: Int? = nil, location: String? = nil, field: String? = nil,
        expected: String, found: String? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.location = location
        self.field = field
        self.expected = expected
        self.found = found
    }

    public var errorDescription: String? { description }

    /// One line, with every control character of the file name, field or value escaped.
    public var description: String {
        var text = ControlCharacters.escaped(file)
        if let line { text += ":\(line)" }
        if let line, let column, line > 0 { text += ":\(column)" }
        text += ":"
        if let location { text += " \(ControlCharacters.escaped(location)):" }
        if let field { text += " \(ControlCharacters.escaped(field)):" }
        text += " expected \(ControlCharacters.escaped(expected))"
        if let found { text += ", found \(Self.quoted(found))" }
        return text
    }

    /// The error for a NUL or a byte that is not UTF-8 in a text file, at its line and column.
    init(file: String, _ problem: TextCheck.Problem) {
        self.init(
            file: file, line: problem.line, column: problem.column, expected: problem.expected, found: problem.found)
    }

    static func quoted(_ value: String) -> String {
        let shown = value.count > 60 ? String(value.prefix(57)) + "…" : value
        return "\"" + ControlCharacters.escaped(shown) + "\""
    }
}
