import Foundation
import Testing

@testable import MapsiteCore

@Suite("PrivateFile")
struct PrivateFileTests {
    @Test("a symbolic link already at the name is not followed: the victim is untouched, the next name used")
    func plantedLink() throws {
        try withTemporaryDirectory { directory in
            let url = URL(fileURLWithPath: directory)
            let victim = directory + "/victim"
            try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: victim))
            try FileManager.default.createSymbolicLink(
                atPath: directory + "/errors-0000000000000001.txt", withDestinationPath: victim)
            var tokens: [UInt64] = [1, 2]
            let file = try PrivateFile.create(
                in: url, prefix: "errors-", suffix: ".txt", contents: Data("listed\n".utf8)
            ) { tokens.removeFirst() }
            #expect(file.lastPathComponent == "errors-0000000000000002.txt")
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me\n")
            #expect(try String(contentsOf: file, encoding: .utf8) == "listed\n")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular)
            #expect(attributes[.posixPermissions] as? Int == 0o600)
        }
    }

    @Test("a dangling link at the name is not followed either: nothing is created where it points")
    func danglingLink() throws {
        try withTemporaryDirectory { directory in
            let target = directory + "/created-through-link"
            try FileManager.default.createSymbolicLink(
                atPath: directory + "/e-0000000000000007", withDestinationPath: target)
            var tokens: [UInt64] = [7, 8]
            let file = try PrivateFile.create(
                in: URL(fileURLWithPath: directory), prefix: "e-", suffix: "", contents: Data()
            ) { tokens.removeFirst() }
            #expect(file.lastPathComponent == "e-0000000000000008")
            #expect(!FileManager.default.fileExists(atPath: target))
        }
    }

    @Test("random names: two files in a row differ and are 16 hex digits")
    func randomNames() throws {
        try withTemporaryDirectory { directory in
            let url = URL(fileURLWithPath: directory)
            let first = try PrivateFile.create(in: url, prefix: "p-", suffix: ".txt", contents: Data())
            let second = try PrivateFile.create(in: url, prefix: "p-", suffix: ".txt", contents: Data())
            #expect(first != second)
            #expect(first.lastPathComponent.wholeMatch(of: /p-[0-9a-f]{16}\.txt/) != nil)
        }
    }
}
