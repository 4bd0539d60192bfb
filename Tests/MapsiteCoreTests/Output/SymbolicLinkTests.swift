import Foundation
import Testing

@testable import MapsiteCore

/// Links someone put into the output folder: a build never writes, truncates or removes
/// anything through them.
@Suite("Output: symbolic links")
struct SymbolicLinkTests {
    /// A built copy of the basic fixture in `directory/site`, its content in `directory/content`,
    /// and a file outside both, `directory/victim.txt`.
    private func builtSite(in directory: String) throws -> (content: String, site: String, victim: String) {
        let content = directory + "/content"
        try FileManager.default.copyItem(atPath: Fixtures.site("basic"), toPath: content)
        let site = directory + "/site"
        try buildSite(content: content, into: site)
        let victim = directory + "/victim.txt"
        try "precious".write(toFile: victim, atomically: true, encoding: .utf8)
        return (content, site, victim)
    }

    private func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    @Test("a link in place of a page is replaced by the page; the file it pointed to is untouched")
    func linkedPage() throws {
        try withTemporaryDirectory { directory in
            let (_, site, victim) = try builtSite(in: directory)
            let content = directory + "/content"
            try FileManager.default.removeItem(atPath: site + "/index.html")
            try FileManager.default.createSymbolicLink(
                atPath: site + "/index.html", withDestinationPath: "../victim.txt")
            try buildSite(content: content, into: site)
            #expect(readText(victim) == "precious")
            #expect(!isLink(site + "/index.html"))
            #expect(readText(site + "/index.html")?.hasSuffix("</html>\n") == true)
        }
    }

    @Test("a removed place whose folder is a link elsewhere: nothing elsewhere is deleted")
    func linkedFolderOfRemovedPage() throws {
        try withTemporaryDirectory { directory in
            let (content, site, _) = try builtSite(in: directory)
            let elsewhere = directory + "/elsewhere"
            try writeFiles(["index.html": "not mapsite's"], in: elsewhere)
            let folder = site + "/places/cafe-ete"
            #expect(FileManager.default.fileExists(atPath: folder + "/index.html"))
            try FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: elsewhere)
            let csv = content + "/data/places.csv"
            // The fixture's lines end in CRLF.
            let rows = try String(contentsOfFile: csv, encoding: .utf8).components(separatedBy: "\r\n")
            try rows.filter { !$0.hasPrefix("p1,") }.joined(separator: "\r\n").write(
                toFile: csv, atomically: true, encoding: .utf8)
            try buildSite(content: content, into: site)
            #expect(readText(elsewhere + "/index.html") == "not mapsite's")
        }
    }

    @Test("a manifest line below a linked folder removes nothing through the link")
    func manifestThroughLink() throws {
        try withTemporaryDirectory { directory in
            let (content, site, victim) = try builtSite(in: directory)
            try FileManager.default.createSymbolicLink(atPath: site + "/up", withDestinationPath: "..")
            let manifest = site + "/" + OutputWriter.manifestName
            let text = try String(contentsOfFile: manifest, encoding: .utf8)
            let line = text.split(separator: "\n").first { $0.hasSuffix(" index.html") }!
            try (text + line.replacingOccurrences(of: " index.html", with: " up/victim.txt") + "\n").write(
                toFile: manifest, atomically: true, encoding: .utf8)
            try "README edited".write(toFile: content + "/README.md", atomically: true, encoding: .utf8)
            try buildSite(content: content, into: site)
            #expect(readText(victim) == "precious")
        }
    }

    @Test("a page to be written below a linked folder is refused, naming it; nothing is written there")
    func pageBelowLinkedFolder() throws {
        try withTemporaryDirectory { directory in
            let (content, site, _) = try builtSite(in: directory)
            let elsewhere = directory + "/elsewhere"
            try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
            try FileManager.default.removeItem(atPath: site + "/places")
            try FileManager.default.createSymbolicLink(atPath: site + "/places", withDestinationPath: elsewhere)
            let error = #expect(throws: OutputError.self) { try buildSite(content: content, into: site) }
            #expect(error?.path.contains("/places/") == true, "\(String(describing: error))")
            #expect(error?.reason.contains("symbolic link") == true)
            #expect(filesBelow(elsewhere).isEmpty)
        }
    }

    @Test("a build stopped half way leaves temporaries that the next build removes")
    func temporariesRemoved() throws {
        try withTemporaryDirectory { directory in
            let (content, site, _) = try builtSite(in: directory)
            let manifest = site + "/" + OutputWriter.manifestName
            try FileManager.default.moveItem(atPath: manifest, toPath: manifest + ".incomplete")
            try writeFiles(["places/.index.html" + FileOnDisk.temporarySuffix: "half"], in: site)
            try buildSite(content: content, into: site)
            #expect(!filesBelow(site).contains { $0.hasSuffix(FileOnDisk.temporarySuffix) })
        }
    }
}
