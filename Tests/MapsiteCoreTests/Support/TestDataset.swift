import Foundation
import Testing

@testable import MapsiteCore

/// Dataset configs written as a site author writes them, and data loaded from inline text.
enum TestDataset {
    /// The config of one `datasets:` entry of `site.yml`; `yaml` holds the entry's keys, one a line.
    static func config(_ yaml: String) throws -> DatasetConfig {
        let entry = yaml.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        let site = try ConfigLoader.parse("datasets:\n  -\n" + entry.joined(separator: "\n"), file: "site.yml")
        return try #require(site.datasets.first)
    }

    /// Writes `data` as the dataset's source and loads it; messages name the file `content/<source>`.
    static func load(_ data: String, _ yaml: String) throws -> Dataset {
        let config = try config(yaml)
        return try withTemporaryDirectory { directory in
            try writeFiles([config.source: data], in: directory)
            return try DatasetLoader.load(config, contentDirectory: directory, displayDirectory: "content")
        }
    }

    /// The messages of the errors that loading `data` throws; records an issue when it loads.
    static func errors(
        _ data: String, _ yaml: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [String] {
        do {
            let dataset = try load(data, yaml)
            Issue.record("loaded \(dataset.items.count) items, expected errors", sourceLocation: sourceLocation)
            return []
        } catch let failure as InputErrors {
            return failure.errors.map(\.description)
        } catch {
            Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
            return []
        }
    }

    /// The one error message loading `data` throws.
    static func error(
        _ data: String, _ yaml: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> String? {
        let messages = errors(data, yaml, sourceLocation: sourceLocation)
        #expect(messages.count <= 1, "more than one error: \(messages)", sourceLocation: sourceLocation)
        return messages.first
    }
}
