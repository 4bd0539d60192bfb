import Foundation

/// The files made beside the pages: tiles, the search index and the downloads. None of them needs
/// what the pages need, so each is made on a thread of its own while the pages render (`start`),
/// and handed to the writer after them (`write`).
struct SideOutputs {
    private let tiles: BackgroundTask<[TileSet]>
    private let search: BackgroundTask<SearchIndex>
    private let downloads: BackgroundTask<[(path: String, bytes: [UInt8])]>

    /// Starts making all three.
    init(datasets: [Dataset]) {
        tiles = BackgroundTask(name: "mapsite tiles") {
            datasets.map { TileSet(dataset: $0, options: .init(byteBudget: $0.config.tileBudget)) }
        }
        search = BackgroundTask(name: "mapsite search index") { SearchIndex(datasets: datasets) }
        downloads = BackgroundTask(name: "mapsite downloads") { Downloads.files(datasets) }
    }

    /// Waits for each, hands its files to `files`, reports what it made, how long that took and
    /// the peak memory when it was done (`StageClock.report`), and
    /// adds a warning for every tile over its budget.
    func write(to files: any FileSink, warnings: inout [String], clock: StageClock) throws {
        let (tileSets, tilesSeconds, tilesPeak) = tiles.value
        for tileSet in tileSets {
            for key in tileSet.pyramid.overfullLeaves {
                warnings.append(
                    "tiles/\(tileSet.dataset)/\(key).json is over the tile budget: too many places at one spot")
            }
            for file in tileSet.files { try files.write(file.path, file.json) }
        }
        let tileFiles = tileSets.reduce(0) { $0 + $1.files.count - 1 }
        let largest = tileSets.flatMap { $0.files.map(\.json.utf8.count) }.max() ?? 0
        clock.report(
            "Built \(NumberText.grouped(tileFiles)) tiles (largest \(NumberText.grouped(largest)) bytes) alongside",
            seconds: tilesSeconds, peak: tilesPeak)
        let (index, searchSeconds, searchPeak) = search.value
        for file in index.files { try files.write(file.path, file.json) }
        clock.report(
            "Built search index of \(NumberText.grouped(index.documentCount)) items (\(NumberText.grouped(index.shardCount)) shards, largest \(NumberText.grouped(index.largestShard)) bytes) alongside",
            seconds: searchSeconds, peak: searchPeak)
        let (downloadFiles, downloadsSeconds, downloadsPeak) = downloads.value
        for file in downloadFiles { try files.write(file.path, file.bytes) }
        clock.report(
            "Made \(downloadFiles.count) download files alongside", seconds: downloadsSeconds, peak: downloadsPeak)
    }
}
