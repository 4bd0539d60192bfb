import Foundation
import MapsiteTestSupport
import Testing

@testable import MapsiteCore

/// Two versions of a small site whose files name the files they need (`ref:PATH`): the second
/// adds an asset under a new name and two item pages, changes every other file, and drops one.
private enum TwoVersions {
    static func made(_ version: Int) -> [OutputFile] {
        let asset = "assets/app.v\(version).css"
        let items = (1...(version == 1 ? 3 : 5)).map { "items/\($0)/index.html" }
        var files = [
            OutputFile(asset, "v\(version)"),
            OutputFile("tiles/0.json", text(version, items)),
            OutputFile("index.html", text(version, [asset, "tiles/0.json", "list/index.html"])),
            OutputFile("list/index.html", text(version, [asset] + items)),
            OutputFile("sw.js", text(version, [asset, "index.html", "list/index.html", "tiles/0.json"] + items)),
            OutputFile("sitemap.xml", text(version, ["index.html", "list/index.html"] + items)),
        ]
        if version == 1 { files.append(OutputFile("old.json", "v1")) }
        return files
    }

    struct Items: DeferredFiles {
        let version: Int
        var name: String { "items" }
        var count: Int { version == 1 ? 3 : 5 }
        func path(_ number: Int) -> String { "items/\(number + 1)/index.html" }
        func inputs(_ number: Int) -> UInt64 { UInt64(version * 100 + number) }
        func bytes(_ number: Int) throws -> [UInt8] {
            // Each item links to the next one, and to the asset and the list.
            let next = "items/\((number + 1) % count + 1)/index.html"
            return Array(text(version, ["assets/app.v\(version).css", "list/index.html", next]).utf8)
        }
    }

    static func text(_ version: Int, _ references: [String]) -> String {
        "v\(version) " + references.map { "ref:" + $0 }.joined(separator: " ")
    }

    /// Builds `version` into `directory`; `beforeWrite` sees each file put on disk.
    @discardableResult
    static func build(
        _ version: Int, into directory: String, beforeWrite: (@Sendable (String) throws -> Void)? = nil
    ) throws -> OutputWriter.Summary {
        let writer = try SiteWriter(directory: directory, deferred: [Items(version: version)], count: 8)
        defer { writer.close() }
        writer.writer.beforeWrite = beforeWrite
        try writer.write(made(version))
        try writer.write(Items(version: version))
        return try writer.finish()
    }
}

/// The paths a build put on disk, in order.
private final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []
    var recorded: [String] { lock.withLock { paths } }
    /// Throws from the `failAt`th file on (counting from 0) as a full disk would.
    func record(_ path: String, failAt: Int? = nil) throws {
        let count = lock.withLock {
            paths.append(path)
            return paths.count - 1
        }
        if let failAt, count >= failAt {
            throw OutputError(path: path, reason: "could not be written: No space left on device")
        }
    }
}

/// The site files below `directory` (no dot files), by path.
private func siteFiles(in directory: String) -> [String: String] {
    var files: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: directory)
    while let path = enumerator?.nextObject() as? String {
        guard !(path as NSString).lastPathComponent.hasPrefix("."),
            let text = readText(directory + "/" + path), !text.isEmpty || path.hasSuffix(".css")
        else { continue }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
            files[path] = text
        }
    }
    return files
}

@Suite("SiteWriter: order and a full disk")
struct SiteWriterOrderTests {
    @Test("new paths first, then changed data, item pages, pages, and the files naming the others")
    func order() throws {
        try withTemporaryDirectory { directory in
            try TwoVersions.build(1, into: directory)
            let recorder = Recorder()
            try TwoVersions.build(2, into: directory) { try recorder.record($0) }
            let written = recorder.recorded
            func position(_ path: String) throws -> Int { try #require(written.firstIndex(of: path), "\(path)") }
            let steps: [[String]] = [
                ["assets/app.v2.css", "items/4/index.html", "items/5/index.html"],
                ["tiles/0.json"],
                ["items/1/index.html", "items/2/index.html", "items/3/index.html"],
                ["index.html", "list/index.html"],
                ["sw.js", "sitemap.xml"],
            ]
            #expect(Set(written) == Set(steps.joined()), "\(written)")
            for (earlier, later) in zip(steps, steps.dropFirst()) {
                #expect(try earlier.map(position).max()! < later.map(position).min()!, "\(earlier) before \(later)")
            }
            #expect(!FileManager.default.fileExists(atPath: directory + "/old.json"))
        }
    }

    @Test("a write that fails at any file leaves files that find what they name, and a true manifest")
    func failureAtEveryStep() throws {
        let writes = 11
        for failAt in 0..<writes {
            try withTemporaryDirectory { directory in
                try TwoVersions.build(1, into: directory)
                let recorder = Recorder()
                #expect(throws: OutputError.self) {
                    try TwoVersions.build(2, into: directory) { try recorder.record($0, failAt: failAt) }
                }
                let files = siteFiles(in: directory)
                // From each path of the last site (its entry points, or a bookmark), every file
                // named is there, and every file they name in turn.
                var seen = Set(TwoVersions.made(1).map(\.path) + (1...3).map { "items/\($0)/index.html" })
                var paths = Array(seen)
                while let path = paths.popLast() {
                    guard let text = files[path] else {
                        #expect(path == "old.json" || !path.contains("v1"), "failed at \(failAt): \(path) is missing")
                        continue
                    }
                    for reference in text.split(separator: " ") where reference.hasPrefix("ref:") {
                        let named = String(reference.dropFirst(4))
                        #expect(files[named] != nil, "failed at \(failAt): \(path) names \(named), missing")
                        if seen.insert(named).inserted { paths.append(named) }
                    }
                }
                // The manifest lists exactly the files on disk, with their hashes.
                #expect(!FileManager.default.fileExists(atPath: directory + "/" + OutputWriter.incompleteName))
                let manifest = OutputManifest.read(at: directory + "/" + OutputWriter.manifestName)
                #expect(Set(manifest.keys) == Set(files.keys), "failed at \(failAt)")
                for (path, entry) in manifest {
                    let bytes = Array((files[path] ?? "").utf8)
                    #expect(entry.hash == bytes.withUnsafeBytes(StableHash.contents), "failed at \(failAt): \(path)")
                }
                // The next build, with room, finishes the site.
                let summary = try TwoVersions.build(2, into: directory)
                #expect(summary.written == writes - failAt, "failed at \(failAt)")
                let expected = TwoVersions.made(2).map(\.path) + (1...5).map { "items/\($0)/index.html" }
                #expect(Set(siteFiles(in: directory).keys) == Set(expected))
            }
        }
    }
}
