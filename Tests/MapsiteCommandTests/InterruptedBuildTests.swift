import Foundation
import MapsiteTestSupport
import Testing

/// Builds killed with SIGKILL at random moments: the output must hold, at every moment, each
/// file's old or new version whole, and the next build must equal a clean one.
@Suite("Interrupted builds")
struct InterruptedBuildTests {
    /// A content folder of `count` places with one long text field, so that the pages, tiles and
    /// downloads take long enough to write that kills land while files are being written.
    private func makeContent(in directory: String, count: Int, edition: Int) throws -> String {
        let content = directory + "/content"
        var csv = "id,title,note,latitude,longitude\n"
        for index in 0..<count {
            // Places spread over a city, so tiles split; the titles change with each edition.
            let lat = 40.6 + Double((index * 7919) % 1000) / 2500
            let lon = -74.1 + Double((index * 104_729) % 1000) / 2500
            let note =
                index % 500 == 0 ? String(repeating: "long note \(edition) ", count: 20_000) : "note \(index % 7)"
            csv += "p\(index),Place \(index) edition \(edition % (index % 5 + 1)),\(note),\(lat),\(lon)\n"
        }
        try writeFiles(
            [
                "data/places.csv": csv,
                "README.md": "# Killed builds\n\nEdition \(edition).\n",
                "site.yml": """
                title: Killed builds
                base_url: /
                datasets:
                  - name: places
                    source: data/places.csv
                    id: id
                    fields: [note]

                """,
            ], in: content)
        return content
    }

    /// Starts a build of `content` into `site` and kills it after `seconds`; true when it was
    /// still running then.
    private func killedBuild(content: String, site: String, after seconds: Double) throws -> Bool {
        let binary = try #require(MapsiteBinary.path, "no mapsite binary: build it with swift build --build-tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["build", "--quiet", "--content", content, "--output", site, "--templates", Fixtures.theme]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: seconds)
        let running = process.isRunning
        if running { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return running
    }

    private func build(content: String, site: String) throws {
        let result = try MapsiteBinary.run([
            "build", "--quiet", "--content", content, "--output", site, "--templates", Fixtures.theme,
        ])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// The files of the site that are damaged: HTML that does not end with `</html>`, JSON that
    /// does not parse. Files being written under a temporary name are not the site's yet.
    private func damaged(_ site: String) -> [String] {
        filesBelow(site).filter { file in
            guard !file.hasSuffix(".mapsite-new"), let data = FileManager.default.contents(atPath: site + "/" + file)
            else { return false }
            if file.hasSuffix(".html") {
                return !String(decoding: data.suffix(16), as: UTF8.self).hasSuffix("</html>\n")
            }
            if file.hasSuffix(".json") || file.hasSuffix(".geojson") {
                return (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil
            }
            return false
        }
    }

    @Test("20 builds killed at random moments leave whole files, and the next build equals a clean one")
    func killedAtRandom() throws {
        try withTemporaryDirectory { directory in
            let site = directory + "/site"
            var content = try makeContent(in: directory, count: 3000, edition: 0)
            let start = Date()
            try build(content: content, site: site)
            let full = Date().timeIntervalSince(start)
            var generator = SplitMix(seed: 20_261_125)
            var killed = 0
            var checked = 0
            for round in 1...20 {
                // Most rounds rebuild over the last site after an edit; every fourth into an empty folder.
                if round % 4 == 0 { try? FileManager.default.removeItem(atPath: site) }
                try FileManager.default.removeItem(atPath: content)
                content = try makeContent(in: directory, count: 3000, edition: round)
                let moment = full * Double(generator.next() % 1000) / 1000
                if try killedBuild(content: content, site: site, after: moment) { killed += 1 }
                let files = filesBelow(site)
                checked += files.count
                #expect(damaged(site).isEmpty, "round \(round), killed after \(moment) s: \(damaged(site).prefix(5))")
            }
            // The kill moments are spread over the first build's time; later builds may be faster.
            #expect(killed >= 10, "most builds should still be running when killed (\(killed) of 20)")
            print("Interrupted builds: \(killed) of 20 killed mid-build, \(checked) files checked, build \(full) s")
            try build(content: content, site: site)
            #expect(!filesBelow(site).contains { $0.hasSuffix(".mapsite-new") }, "temporaries left behind")
            let clean = directory + "/clean"
            try build(content: content, site: clean)
            let mine = filesBelow(site).filter { !$0.hasPrefix(".mapsite") }
            #expect(mine == filesBelow(clean).filter { !$0.hasPrefix(".mapsite") })
            for file in mine {
                #expect(
                    FileManager.default.contents(atPath: site + "/" + file)
                        == FileManager.default.contents(atPath: clean + "/" + file),
                    "\(file) differs from a clean build")
            }
        }
    }
}

/// A small seeded generator, so that a failing round can be run again.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
