import Foundation
import MapsiteCore

/// One input format of mapsite that the fuzzer feeds arbitrary bytes to, through the entry point
/// a build uses.
///
/// An input that is wrong must end in a thrown error, which `run` ignores; a crash or trap is a
/// bug. The same `run` serves the libFuzzer executable (`mapsite-fuzz`) and the tests that replay
/// the corpus and every crash found (`FuzzCorpusTests`), so both exercise the same code.
public enum FuzzHarness: String, CaseIterable, Sendable {
    /// A CSV dataset, through `DatasetLoader` (reader, header, rows, items, ids and slugs).
    case csv
    /// A JSON array of objects, through `DatasetLoader`.
    case json
    /// A GeoJSON FeatureCollection, through `DatasetLoader`.
    case geojson
    /// A Markdown page: `FrontMatter.split` on its text.
    case frontMatter = "front-matter"
    /// A `site.yml`, through `ConfigLoader.load` (text check, YAML, settings, references).
    case siteConfig = "site-config"
    /// A template: parsed as a library of one, then rendered with a small context.
    case template

    /// Runs `bytes` through the harness's entry point.
    /// - Returns: whether the input was accepted; `false` when it threw an error, as bad input may.
    @discardableResult
    public func run(_ bytes: [UInt8]) -> Bool {
        do {
            switch self {
            case .csv, .json, .geojson: try FuzzDatasets.shared.load(bytes, as: self)
            case .frontMatter: _ = try FrontMatter.split(String(decoding: bytes, as: UTF8.self), file: "page.md")
            case .siteConfig: try FuzzDatasets.shared.loadConfig(bytes)
            case .template: try Self.renderTemplate(String(decoding: bytes, as: UTF8.self))
            }
            return true
        } catch {
            return false
        }
    }

    /// The context a fuzzed template is rendered with: a text, a list, a nested object, a flag.
    private static let context: [TemplateValue] = [
        [
            "title": "A <title> & more", "items": [["name": "one"], ["name": "two"]], "flag": true,
            "site": ["name": "mapsite", "empty": []],
        ]
    ]

    private static func renderTemplate(_ source: String) throws {
        let library = try TemplateLibrary(sources: ["page": source, "part": "{{title}}"])
        _ = try library.render(context, withTemplate: "page")
    }
}
