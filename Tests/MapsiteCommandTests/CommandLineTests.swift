import Foundation
import MapsiteTestSupport
import Testing

@Suite("mapsite command line")
struct CommandLineTests {
    @Test("an invalid site: exit 1 and the message on stderr") func invalid() throws {
        try withTemporaryDirectory { output in
            let result = try MapsiteBinary.run([
                "build", "--content", "Tests/Fixtures/invalid/bad-latitude", "--output", output,
            ])
            #expect(result.status == 1)
            #expect(
                result.stderr == """
                    Error: 1 input error:
                    Tests/Fixtures/invalid/bad-latitude/data/boxes.csv:17: column "lat": expected a number in -90…90, found "N/A"

                    """)
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("2,000 bad rows: the first 50 printed, every one listed in the file the message names")
    func everyErrorListed() throws {
        try withTemporaryDirectory { directory in
            let rows = (1...2000).map { "\($0),A,x,-87" }.joined(separator: "\n")
            try writeFiles(
                [
                    "content/site.yml": "datasets:\n  - source: data/boxes.csv\n    id: id\n",
                    "content/data/boxes.csv": "id,name,latitude,longitude\n" + rows + "\n",
                ], in: directory)
            let result = try MapsiteBinary.run([
                "build", "--content", directory + "/content", "--output", directory + "/site",
            ])
            #expect(result.status == 1)
            let lines = result.stderr.split(separator: "\n").map(String.init)
            #expect(lines.first == "Error: 2000 input errors:")
            #expect(lines.count == 52)
            let last = try #require(lines.last)
            let path = try #require(last.wholeMatch(of: /… and 1950 more: all 2000 are listed in (\/.+\.txt)/)?.1)
            defer { try? FileManager.default.removeItem(atPath: String(path)) }
            let listed = try String(contentsOfFile: String(path), encoding: .utf8).split(separator: "\n")
            #expect(listed.count == 2000)
            #expect(
                listed.last
                    == #"\#(directory)/content/data/boxes.csv:2001: column "latitude": expected a number in -90…90, found "x""#
            )
            #expect(Array(listed.prefix(50)).map(String.init) == Array(lines[1...50]))
        }
    }

    @Test("a valid site: exit 0 and a line for each stage") func valid() throws {
        try withTemporaryDirectory { output in
            let result = try MapsiteBinary.run(["build", "--content", "Tests/Fixtures/sites/basic", "--output", output])
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.wholeMatch(of: /Loaded 2 datasets \(7 items\) in \d+\.\d\d s/) != nil, "\(lines)")
            #expect(lines.contains { $0.wholeMatch(of: /Loaded 2 pages and \d+ templates in \d+\.\d\d s/) != nil })
            #expect(lines.contains { $0.wholeMatch(of: /Rendered 7 item pages in \d+\.\d\d s/) != nil })
            #expect(lines.last?.wholeMatch(of: /Wrote \d+ files, 0 unchanged, 0 removed in \d+\.\d\d s/) != nil)
            #expect(lines.allSatisfy { $0.wholeMatch(of: /.+ in \d+\.\d\d s/) != nil }, "\(lines)")
            #expect(result.stderr == "warning: pages/info.md: link \"nowhere.md\" leads to no page or item\n")
            #expect(FileManager.default.fileExists(atPath: output + "/index.html"))
        }
    }

    @Test("--memory: each stage's line ends with the peak memory so far, which never falls")
    func memory() throws {
        try withTemporaryDirectory { output in
            let result = try MapsiteBinary.run([
                "build", "--memory", "--content", "Tests/Fixtures/sites/basic", "--output", output,
            ])
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            func peak(_ line: String) -> Int? {
                line.wholeMatch(of: /.+ in \d+\.\d\d s \(peak ([\d,]+) MiB\)/).flatMap {
                    Int($0.1.replacingOccurrences(of: ",", with: ""))
                }
            }
            let peaks = lines.compactMap(peak)
            #expect(lines.count > 3 && peaks.count == lines.count, "\(lines)")
            // A Swift process holds a few MiB at least; none holds terabytes.
            #expect(peaks.allSatisfy { $0 >= 2 && $0 < 1_000_000 }, "\(peaks)")
            // The stages in order never fall; work done alongside ended before the last line.
            let inOrder = lines.filter { !$0.contains(" alongside in ") }.compactMap(peak)
            #expect(inOrder.count < peaks.count && inOrder == inOrder.sorted(), "\(lines)")
            #expect(peaks.allSatisfy { $0 <= peaks.last! }, "\(lines)")
        }
    }

    @Test("a second build writes nothing, and says the output was up to date; warnings are repeated")
    func secondBuild() throws {
        try withTemporaryDirectory { output in
            let arguments = ["build", "--content", "Tests/Fixtures/sites/basic", "--output", output]
            let first = try MapsiteBinary.run(arguments)
            let second = try MapsiteBinary.run(arguments)
            #expect(second.status == 0)
            let lines = second.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 1)
            let files = /Nothing changed since the last build: (\d+) files checked in \d+\.\d\d s/
            let written = first.stdout.firstMatch(of: /Wrote (\d+) files, 0 unchanged/)?.1
            #expect(written != nil && lines.first?.wholeMatch(of: files)?.1 == written, "\(lines)")
            #expect(!first.stderr.isEmpty && second.stderr == first.stderr)
        }
    }

    @Test("skipped rows are listed on stderr") func skipped() throws {
        try withTemporaryDirectory { output in
            let result = try MapsiteBinary.run([
                "build", "--quiet", "--content", "Tests/Fixtures/sites/skip-invalid", "--output", output,
                "--base-url", "https://example.org/",  // an address, so the sitemap's warning stays out of stderr
            ])
            #expect(result.status == 0)
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr.hasPrefix(
                    "Skipped 5 invalid rows:\n  Tests/Fixtures/sites/skip-invalid/data/boxes.csv:5: "))
        }
    }
}
