import Foundation
import Testing

@testable import MapsiteCore

@Suite("InputErrors")
struct InputErrorsTests {
    private func errors(_ count: Int) -> InputErrors {
        let list = (1...count).map { InputError(file: "a.csv", line: $0 + 1, expected: "a row") }
        return InputErrors(errors: list, total: count)
    }

    @Test("more than the message lists: all are written to a file the message names") func listedInFull() throws {
        try withTemporaryDirectory { directory in
            let listed = errors(2000).listedInFull(in: URL(fileURLWithPath: directory))
            let file = try #require(listed.listFile)
            #expect(file.hasPrefix(directory + "/mapsite-errors-") && file.hasSuffix(".txt"))
            let lines = try #require(listed.errorDescription).split(separator: "\n").map(String.init)
            #expect(lines.count == 52)
            #expect(lines.last == "… and 1950 more: all 2000 are listed in \(file)")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text == (2...2001).map { "a.csv:\($0): expected a row\n" }.joined())
        }
    }

    @Test("each list a new file of its own, mode 0600, under a name not known in advance")
    func privateFiles() throws {
        try withTemporaryDirectory { directory in
            let url = URL(fileURLWithPath: directory)
            let first = try #require(errors(80).listedInFull(in: url, prefix: "serve-").listFile)
            let second = try #require(errors(60).listedInFull(in: url, prefix: "serve-").listFile)
            #expect(first != second)
            #expect(second.wholeMatch(of: /.+\/serve-[0-9a-f]{16}\.txt/) != nil)
            let mode = try FileManager.default.attributesOfItem(atPath: second)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            #expect(try String(contentsOfFile: second, encoding: .utf8).split(separator: "\n").count == 60)
        }
    }

    @Test("no more than the message lists: no file") func fewErrors() throws {
        try withTemporaryDirectory { directory in
            let listed = errors(50).listedInFull(in: URL(fileURLWithPath: directory))
            #expect(listed.listFile == nil)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory)
            #expect(files.isEmpty)
            #expect(listed.errorDescription?.split(separator: "\n").count == 51)
        }
    }

    @Test("a list a caller cut says how many the file holds") func cutList() throws {
        try withTemporaryDirectory { directory in
            var cut = errors(60)
            cut.errors.removeLast(5)
            let listed = cut.listedInFull(in: URL(fileURLWithPath: directory))
            let file = try #require(listed.listFile)
            #expect(listed.errorDescription?.hasSuffix("… and 10 more: the first 55 in \(file)") == true)
        }
    }
}
