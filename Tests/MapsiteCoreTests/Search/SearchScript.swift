import Foundation
import MapsiteTestSupport
import Testing

@testable import MapsiteCore

/// The browser's search, `templates/assets/core/search.js`, run by Node over built index files
/// (`Tests/Node/search-site.mjs`): what a test expects of a query is checked against the one
/// query there is. Without Node these tests fail: `make test-deps` installs Debian's `nodejs`.
enum SearchScript {
    struct Result: Decodable, Equatable {
        var document: Int
        var dataset: String
        var datasetTitle: String
        var title: String
        var detail: String
        /// The item's page, relative to the site root: `cities/london/`.
        var path: String
        var thumbnail: String
    }

    /// One query on a page of its own.
    struct Outcome: Decodable {
        var query: String
        var tokens: [String]
        var endsInToken: Bool
        var results: [Result]
        /// The site paths the query read, in order, the manifest first.
        var fetched: [String]
    }

    /// The outcomes of `queries` over the files of `index`, in order.
    static func search(_ index: SearchIndex, _ queries: [String]) throws -> [Outcome] {
        try withTemporaryDirectory { directory in
            try writeFiles(Dictionary(uniqueKeysWithValues: index.files.map { ($0.path, $0.json) }), in: directory)
            return try search(site: directory, queries)
        }
    }

    /// The outcome of one query over the files of `index`.
    static func search(_ index: SearchIndex, _ query: String) throws -> Outcome {
        try #require(try search(index, [query]).first)
    }

    /// The outcomes of `queries` over the `search/` files of the site folder `site`.
    static func search(site: String, _ queries: [String]) throws -> [Outcome] {
        let node = try #require(Node.executable, "node is not installed: run `make test-deps` (Debian package nodejs)")
        return try withTemporaryDirectory { directory in
            let request = directory + "/request.json"
            try JSONEncoder().encode(["queries": queries]).write(to: URL(fileURLWithPath: request))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: node)
            process.arguments = [Fixtures.repository.appendingPathComponent("Tests/Node/search-site.mjs").path, site]
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: request))
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "Tests/Node/search-site.mjs failed")
            let outcomes = try JSONDecoder().decode([Outcome].self, from: data)
            try #require(outcomes.count == queries.count)
            return outcomes
        }
    }
}
