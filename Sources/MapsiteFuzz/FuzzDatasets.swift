import Foundation
import MapsiteCore

/// The files the dataset and config harnesses write their input to, in a folder of their own,
/// and the configs that read them.
///
/// `DatasetLoader` and `ConfigLoader` read files by path, and the bytes are fed through them
/// rather than to the readers alone, so that every check a build makes on a row runs too.
final class FuzzDatasets: @unchecked Sendable {
    static let shared = FuzzDatasets()

    /// A `site.yml` with one dataset of each fuzzed format, named and read as the example site's
    /// `boxes.csv`, `photos.json` and `stops.geojson`, which the seed corpus is taken from.
    private static let config = """
        title: Fuzz
        datasets:
          - name: table
            source: table.csv
            id: box_id
            item_title: "{address}"
            latitude: lat
            longitude: lon
            fields: [{name: zip, label: ZIP}, {name: weekday_pickup, label: Weekday}]
            group_by: [zip]
          - name: objects
            source: objects.json
            id: id
            item_title: title
            latitude: location.lat
            longitude: location.lon
            fields: [{name: date, label: Date}, {name: borough, label: Borough}]
            group_by: [borough]
          - name: features
            source: features.geojson
            id: stop_id
            item_title: name
            fields: [{name: address, label: Address}]
        """

    private let folder: String
    private let lock = NSLock()
    private let datasets: [FuzzHarness: DatasetConfig]

    private init() {
        folder = NSTemporaryDirectory() + "mapsite-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let site: SiteConfig
        do {
            site = try ConfigLoader.parse(Self.config, file: "site.yml")
        } catch {
            fatalError("the fuzzing config does not parse: \(error)")
        }
        let formats: [DatasetConfig.Format: FuzzHarness] = [.csv: .csv, .json: .json, .geojson: .geojson]
        datasets = Dictionary(uniqueKeysWithValues: site.datasets.map { (formats[$0.format]!, $0) })
    }

    /// Loads `bytes` as the dataset file of `harness`'s format.
    func load(_ bytes: [UInt8], as harness: FuzzHarness) throws {
        guard let config = datasets[harness] else { fatalError("no dataset for the harness \(harness)") }
        try lock.withLock {
            write(bytes, to: config.source)
            _ = try DatasetLoader.load(config, contentDirectory: folder)
        }
    }

    /// Loads `bytes` as the `site.yml` of a content folder.
    func loadConfig(_ bytes: [UInt8]) throws {
        try lock.withLock {
            write(bytes, to: ConfigLoader.fileName)
            _ = try ConfigLoader.load(contentDirectory: folder)
        }
    }

    private func write(_ bytes: [UInt8], to name: String) {
        let path = folder + "/" + name
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fatalError("cannot write the fuzzing input to \(path)")
        }
    }
}
