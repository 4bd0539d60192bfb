import Testing

@testable import MapsiteCore

/// The records of `text` with the line each starts on.
private func read(_ text: String, delimiter: Character = ",") throws -> [(fields: [String], line: Int)] {
    var records: [(fields: [String], line: Int)] = []
    let reader = CSVReader(bytes: Array(text.utf8), delimiter: delimiter.asciiValue!)
    try reader.forEachRecord { fields, line in records.append((fields, line)) }
    return records
}

private func fields(_ text: String, delimiter: Character = ",") throws -> [[String]] {
    try read(text, delimiter: delimiter).map(\.fields)
}

private func lines(_ text: String) throws -> [Int] {
    try read(text).map(\.line)
}

private func failure(_ text: String) -> CSVReader.Failure? {
    #expect(throws: CSVReader.Failure.self) { try read(text) }
}

@Suite("CSVReader")
struct CSVReaderTests {
    @Test("plain fields") func plain() throws {
        #expect(try fields("a,b,c") == [["a", "b", "c"]])
    }

    @Test("empty fields") func emptyFields() throws {
        #expect(try fields(",,") == [["", "", ""]])
    }

    @Test("empty input has no records") func emptyInput() throws {
        #expect(try fields("") == [])
    }

    @Test("quoted field holding the delimiter") func quotedDelimiter() throws {
        #expect(try fields("\"a,b\",c") == [["a,b", "c"]])
    }

    @Test("escaped quotes") func escapedQuotes() throws {
        #expect(try fields("\"say \"\"hi\"\"\",x") == [["say \"hi\"", "x"]])
    }

    @Test("empty quoted field") func emptyQuoted() throws {
        #expect(try fields("\"\",x") == [["", "x"]])
    }

    @Test("a quote inside an unquoted field is kept") func quoteInsideField() throws {
        #expect(try fields("5\" pipe,x") == [["5\" pipe", "x"]])
    }

    @Test("newline inside quotes") func newlineInQuotes() throws {
        #expect(try fields("\"one\ntwo\",x\nnext,y") == [["one\ntwo", "x"], ["next", "y"]])
    }

    @Test("records after a multi-line field start on the right line") func linesAfterMultiline() throws {
        #expect(try lines("h\n\"one\ntwo\nthree\"\nnext\n\"a\nb\"\nlast") == [1, 2, 5, 6, 8])
    }

    @Test("LF line ends") func lf() throws {
        #expect(try fields("a,b\nc,d\n") == [["a", "b"], ["c", "d"]])
    }

    @Test("CRLF line ends") func crlf() throws {
        #expect(try fields("a,b\r\nc,d\r\n") == [["a", "b"], ["c", "d"]])
        #expect(try lines("a,b\r\nc,d\r\n") == [1, 2])
    }

    @Test("CRLF inside quotes is kept and counted") func crlfInQuotes() throws {
        #expect(try fields("\"x\r\ny\",z\r\nq,r") == [["x\r\ny", "z"], ["q", "r"]])
        #expect(try lines("\"x\r\ny\",z\r\nq,r") == [1, 3])
    }

    @Test("CR alone ends a line") func crAlone() throws {
        #expect(try fields("a\rb") == [["a"], ["b"]])
    }

    @Test("UTF-8 byte order mark is skipped") func bom() throws {
        #expect(try fields("\u{FEFF}id,name\n1,A") == [["id", "name"], ["1", "A"]])
    }

    @Test("UTF-8 text is kept") func utf8() throws {
        #expect(try fields("Café,Été 🗺️") == [["Café", "Été 🗺️"]])
    }

    @Test("semicolon delimiter") func semicolon() throws {
        #expect(try fields("a;b,c;\"d;e\"", delimiter: ";") == [["a", "b,c", "d;e"]])
    }

    @Test("tab delimiter") func tab() throws {
        #expect(try fields("a\tb c\t\"d\te\"", delimiter: "\t") == [["a", "b c", "d\te"]])
    }

    @Test("trailing delimiter adds an empty field") func trailingDelimiter() throws {
        #expect(try fields("a,b,\nc,d,") == [["a", "b", ""], ["c", "d", ""]])
    }

    @Test("trailing delimiter after a quoted field") func trailingDelimiterQuoted() throws {
        #expect(try fields("\"a\",\n") == [["a", ""]])
    }

    @Test("blank lines are not records") func blankLines() throws {
        #expect(try fields("a\n\nb\r\n\r\n\n") == [["a"], ["b"]])
        #expect(try lines("a\n\nb\n") == [1, 3])
    }

    @Test("unterminated quote names the line it opened on") func unterminatedQuote() {
        #expect(
            failure("a,b\nc,\"open\nmore\n")
                == CSVReader.Failure(line: 2, message: "a closing quote for the field opened here"))
    }

    @Test("text after a closing quote") func textAfterQuote() {
        #expect(
            failure("a,\"b\"c")
                == CSVReader.Failure(line: 1, message: "a delimiter or line end after a closing quote"))
    }

    @Test("text after a closing quote names the line of the quote's end") func textAfterMultilineQuote() {
        #expect(
            failure("x\n\"a\nb\" c")
                == CSVReader.Failure(line: 3, message: "a delimiter or line end after a closing quote"))
    }

    @Test("a line of just \"\" is a record of one empty field, as RFC 4180 reads it") func quotedEmptyLine() throws {
        #expect(try fields("name\n\"\"\nB\n\n\"\"") == [["name"], [""], ["B"], [""]])
    }

    @Test("bad bytes are reported with the record's line and the field") func badText() throws {
        var problems: [CSVReader.Failure] = []
        var records: [[String]] = []
        let bytes: [UInt8] =
            Array("a,b\nok,1\n".utf8) + [0x78, 0x2C, 0x43, 0xFF] + Array("\n\"p\nq\",\u{0}\nlast,2".utf8)
        try CSVReader(bytes: bytes).forEachRecord(badText: { problems.append($0) }) { fields, _ in
            records.append(fields)
        }
        #expect(records == [["a", "b"], ["ok", "1"], ["last", "2"]])
        #expect(
            problems == [
                CSVReader.Failure(
                    line: 3, message: "UTF-8 text", field: 1, found: "byte 0xFF that is not UTF-8, after C"),
                CSVReader.Failure(line: 4, message: "text without NUL bytes", field: 1, found: "a NUL byte"),
            ])
    }
}
