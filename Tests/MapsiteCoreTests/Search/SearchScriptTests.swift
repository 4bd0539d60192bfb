import Foundation
import Testing

@testable import MapsiteCore

/// Node, from `PATH` or where Debian's `nodejs` puts it; nil when it is not installed.
private let nodePath: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
    return folders.flatMap { ["\($0)/node", "\($0)/nodejs"] }.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// `templates/assets/search.js` run by Node against the same files: the same results and the same
/// files fetched as `SearchQuery`, so the Swift mirror (and the benchmark's) measure what a
/// browser does. Without Node these tests fail: `make test` installs Debian's `nodejs`.
@Suite("Search: search.js agrees with SearchQuery")
struct SearchScriptTests {
    static let script = """
        const search = require(process.argv[1]);
        const fs = require("fs");
        const path = require("path");
        const [root, queriesFile] = process.argv.slice(2);
        const queries = JSON.parse(fs.readFileSync(queriesFile, "utf8"));
        (async () => {
          const out = [];
          for (const text of queries) {
            const fetched = [];
            const engine = search.createSearch((p) => {
              let data = null;
              try { data = JSON.parse(fs.readFileSync(path.join(root, p), "utf8")); } catch (e) { return null; }
              fetched.push(p);
              return data;
            });
            const results = await engine.search(text);
            out.push({ paths: results.map((r) => r.path), titles: results.map((r) => r.title), fetched: fetched.sort(),
              tokens: search.tokens(text), ends: search.endsInToken(text) });
          }
          process.stdout.write(JSON.stringify(out));
        })();
        """

    struct Outcome: Decodable {
        var paths: [String]
        var titles: [String]
        var fetched: [String]
        var tokens: [String]
        var ends: Bool
    }

    private func run(_ index: SearchIndex, _ queries: [String]) throws -> [Outcome] {
        try withTemporaryDirectory { directory in
            var files = Dictionary(uniqueKeysWithValues: index.files.map { ("site/" + $0.path, $0.json) })
            files["queries.json"] = String(decoding: try JSONEncoder().encode(queries), as: UTF8.self)
            try writeFiles(files, in: directory)
            let process = Process()
            let node = try #require(nodePath, "node is not installed: run `make test-deps` (Debian package nodejs)")
            process.executableURL = URL(fileURLWithPath: node)
            process.arguments = [
                "-e", Self.script, Fixtures.repository.appendingPathComponent("templates/assets/search.js").path,
                directory + "/site", directory + "/queries.json",
            ]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            return try JSONDecoder().decode([Outcome].self, from: data)
        }
    }

    private func compare(_ index: SearchIndex, _ queries: [String]) throws {
        let outcomes = try run(index, queries)
        try #require(outcomes.count == queries.count)
        let files = Dictionary(uniqueKeysWithValues: index.files.map { ($0.path, $0.json) })
        for (text, outcome) in zip(queries, outcomes) {
            let query = try SearchQuery(read: { files[$0] })
            let results = query.search(text)
            #expect(outcome.tokens == SearchText.tokens(text), "\(text)")
            #expect(outcome.ends == SearchText.endsInToken(text), "\(text)")
            #expect(outcome.paths == results.map(\.path), "\(text)")
            #expect(outcome.titles == results.map(\.title), "\(text)")
            #expect(outcome.fetched == query.fetched.keys.sorted(), "\(text)")
        }
    }

    @Test("the fixture places") func fixture() throws {
        let queries = [
            "munchen", "München", "MÜNCHEN ", "1552 walnut", "1552 wal", "zür", "Łódź", "lodz", "strasse", "straße",
            "par", "paris fr", "orsay", "musée", "ΟΔΟΣ", "ﬁsh", "İstanbul", "", "  ",
            String(repeating: "Ünï", count: 20),
        ]
        try compare(SearchIndex(datasets: try SearchFixture.datasets()), queries)
    }

    @Test("generated places with split shards and long lists") func generated() throws {
        let dataset = try SearchShardTests.dataset.get()
        let index = SearchIndex(datasets: [dataset], options: SearchShardTests.options)
        var queries = [
            "s", "sa", "san", "mü", "mu", "de", "de ", "la 1st", "c1 c2", "paris c", "łódź c3", "road 1", "x",
        ]
        queries += dataset.items.prefix(40).map { String($0.title.prefix(3)) }
        queries += dataset.items.prefix(20).map { "\($0.title) \($0.values[1])" }
        try compare(index, queries)
    }
}
