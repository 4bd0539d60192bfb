import Foundation
import Testing

@testable import MapsiteCore

/// Builds `Tests/Fixtures/sites/basic` and compares every generated file with
/// `Tests/Fixtures/golden/basic`. Run with `MAPSITE_RECORD=1` to record the files again, then
/// review the change with `git diff Tests/Fixtures/golden`; a recording run fails on purpose so
/// it is never mistaken for a pass. The fingerprints in asset names are masked in the golden
/// pages (`OutputKind.maskingFingerprints`), so a theme or Leaflet change needs no recording.
@Suite("Golden output")
struct GoldenSiteTests {
    static var recording: Bool { ProcessInfo.processInfo.environment["MAPSITE_RECORD"] == "1" }

    @Test("the basic fixture site builds to the recorded files") func basic() throws {
        try compare(site: "basic")
    }

    private func compare(site: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = Fixtures.golden(site)
        try withTemporaryDirectory { output in
            try buildSite(content: Fixtures.site(site), into: output)
            let built = filesBelow(output)
            var generated: [String] = []
            for path in built {
                switch OutputKind(path) {
                case .vendored, .manifest: continue
                case .themeAsset where ModuleBundle.entries.contains(OutputKind.withoutFingerprint(path)):
                    continue  // written with its imports inside it: ModuleBundleTests runs such bundles
                case .themeAsset(let source):
                    // Copied as they are (modules with their imports' names fingerprinted): compared
                    // with the theme, so a theme change needs no recording.
                    #expect(
                        FileManager.default.contents(atPath: output + "/" + path).map(
                            OutputKind.withoutImportFingerprints)
                            == FileManager.default.contents(atPath: source),
                        "\(path) differs from the theme's \(source)", sourceLocation: sourceLocation)
                case .generated: generated.append(path)
                }
            }
            if Self.recording {
                try record(generated, from: output, into: golden)
                let message =
                    "Recorded \(generated.count) golden files in Tests/Fixtures/golden/\(site). Review them with "
                    + "git diff Tests/Fixtures/golden, then run the tests without MAPSITE_RECORD=1."
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
                return
            }
            let expected = filesBelow(golden)
            guard !expected.isEmpty else {
                Issue.record(
                    "No golden files in Tests/Fixtures/golden/\(site): record them with MAPSITE_RECORD=1 swift test",
                    sourceLocation: sourceLocation)
                return
            }
            let missing = expected.filter { !generated.contains($0) }
            let extra = generated.filter { !expected.contains($0) }
            #expect(
                missing.isEmpty, "golden files the build no longer writes: \(missing)", sourceLocation: sourceLocation)
            #expect(
                extra.isEmpty, "files the build writes that have no golden copy: \(extra)",
                sourceLocation: sourceLocation)
            let masked = { (path: String) in
                FileManager.default.contents(atPath: output + "/" + path).map(OutputKind.maskingFingerprints)
            }
            let differing = generated.filter { path in
                expected.contains(path) && masked(path) != FileManager.default.contents(atPath: golden + "/" + path)
            }
            if let first = differing.first {
                let diff = LineDiff.text(
                    from: readText(golden + "/" + first) ?? "",
                    to: masked(first).map { String(decoding: $0, as: UTF8.self) } ?? "")
                Issue.record(
                    """
                    \(differing.count) of \(generated.count) files differ from Tests/Fixtures/golden/\(site): \(differing.joined(separator: ", "))
                    First, \(first) (- golden, + built):
                    \(diff)
                    If the change is intended, record again with MAPSITE_RECORD=1 swift test and review the diff.
                    """, sourceLocation: sourceLocation)
            }
        }
    }

    private func record(_ files: [String], from output: String, into golden: String) throws {
        try? FileManager.default.removeItem(atPath: golden)
        for path in files {
            let target = golden + "/" + path
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let bytes = try #require(FileManager.default.contents(atPath: output + "/" + path))
            try OutputKind.maskingFingerprints(bytes).write(to: URL(fileURLWithPath: target))
        }
    }
}

@Suite("Determinism")
struct DeterminismTests {
    @Test("two builds of the fixture are byte-identical") func identical() throws {
        try withTemporaryDirectory { directory in
            try buildSite(content: Fixtures.site("basic"), into: directory + "/one")
            try buildSite(content: Fixtures.site("basic"), into: directory + "/two")
            let one = filesBelow(directory + "/one")
            let two = filesBelow(directory + "/two")
            #expect(one == two)
            #expect(one.count > 10)
            for path in one {
                #expect(
                    FileManager.default.contents(atPath: directory + "/one/" + path)
                        == FileManager.default.contents(atPath: directory + "/two/" + path), "\(path) differs")
            }
        }
    }

    @Test("a build with each stage alone (--stages-alone) writes the same files") func stagesAlone() throws {
        try withTemporaryDirectory { directory in
            try buildSite(content: Fixtures.site("basic"), into: directory + "/alongside")
            try buildSite(content: Fixtures.site("basic"), into: directory + "/alone", stagesAlone: true)
            let alongside = filesBelow(directory + "/alongside")
            #expect(alongside == filesBelow(directory + "/alone"))
            #expect(alongside.contains { $0.hasPrefix("tiles/") } && alongside.contains { $0.hasPrefix("search/") })
            for path in alongside {
                #expect(
                    FileManager.default.contents(atPath: directory + "/alongside/" + path)
                        == FileManager.default.contents(atPath: directory + "/alone/" + path), "\(path) differs")
            }
        }
    }

    @Test("a second build into the same folder writes nothing") func incremental() throws {
        try withTemporaryDirectory { output in
            let first = try buildSite(content: Fixtures.site("basic"), into: output)
            let second = try buildSite(content: Fixtures.site("basic"), into: output)
            #expect(first.output.written == first.output.files)
            #expect(second.output.written == 0)
            #expect(second.output.unchanged == first.output.files)
            #expect(second.output.removed == 0)
        }
    }
}
