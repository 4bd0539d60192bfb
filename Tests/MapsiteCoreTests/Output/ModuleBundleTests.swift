import Foundation
import MapsiteTestSupport
import Testing

@testable import MapsiteCore

/// Bundles are checked by running them: Node runs the entry as separate modules and as its
/// bundle, and both must print the same.
@Suite("ModuleBundle")
struct ModuleBundleTests {
    static let sources = [
        "assets/core/geo.js": """
        // The earth's radius, in km.
        export const R = 6371;
        const hidden = 2;
        export function twice(x) { return x * hidden; }
        export class Box { constructor(a) { this.a = a; } }
        """,
        "assets/core/text.js": """
        import { twice, R as radius } from "./geo.js";
        const hidden = "text";
        function say(x) { return hidden + ":" + twice(x) + ":" + radius; }
        export { say, say as speak };
        """,
        "assets/page/later.js": "export const later = 'later';\n",
        "assets/page/entry.js": """
        import { say, speak } from "../core/text.js";
        import * as geo from "../core/geo.js";
        import "../core/geo.js";
        const hidden = "entry";
        console.log(say(2), speak(3), new geo.Box(hidden).a, geo.R);
        import("./later.js").then((m) => console.log(m.later));
        """,
    ]

    /// What Node prints running `entry` from a folder holding `files`.
    static func run(_ files: [String: String], entry: String) throws -> String {
        let node = try #require(Node.executable, "node is not installed: run `make test-deps`")
        return try withTemporaryDirectory { folder in
            for (path, text) in files {
                let file = folder + "/" + path.replacingOccurrences(of: ".js", with: ".mjs")
                try FileManager.default.createDirectory(
                    atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.replacingOccurrences(of: ".js\"", with: ".mjs\"").write(
                    toFile: file, atomically: true, encoding: .utf8)
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: node)
            process.arguments = [folder + "/" + entry.replacingOccurrences(of: ".js", with: ".mjs")]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            return String(decoding: data, as: UTF8.self)
        }
    }

    @Test("a bundle prints what its modules print, and imports nothing but what it loads later")
    func sameAsModules() throws {
        let bundle = try ModuleBundle(sources: Self.sources).bundle("assets/page/entry.js")
        var bundled = Self.sources
        bundled["assets/page/entry.js"] = bundle
        bundled["assets/core/geo.js"] = nil
        bundled["assets/core/text.js"] = nil
        let expected = try Self.run(Self.sources, entry: "assets/page/entry.js")
        #expect(expected == "text:4:6371 text:6:6371 entry 6371\nlater\n")
        #expect(try Self.run(bundled, entry: "assets/page/entry.js") == expected)
        #expect(!bundle.contains("from \""))
        #expect(!bundle.contains("The earth's radius"), "whole-line comments are left out")
    }

    @Test("a form the bundle cannot keep stops the build, naming the module")
    func refused() {
        for (source, name) in [
            ("export let n = 1;\n", "let"), ("export default 1;\n", "default"),
            ("export { x } from \"./y.js\";\n", "export"),
        ] {
            let sources = ["assets/page/a.js": "import { n } from \"./b.js\";\n", "assets/page/b.js": source]
            #expect(throws: OutputError.self, "\(name)") {
                try ModuleBundle(sources: sources).bundle("assets/page/a.js")
            }
        }
    }
}
