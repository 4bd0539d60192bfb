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

    /// Waits for each, hands its files to `files`, logs what it made and how long that took, and
    /// adds a warning for every tile over its budget.
    func write(to files: any FileSink, warnings: inout [String], log: (String) -> Void) throws {
        let (tileSets, tilesSeconds) = tiles.value
        for tileSet in tileSets {
            for key in tileSet.pyramid.overfullLeaves {
                warnings.append(
                    "tiles/\(tileSet.dataset)/\(key).json is over the tile budget: too many places at one spot")
            }
            for file in tileSet.files { try files.write(file.path, file.json) }
        }
        let tileFiles = tileSets.reduce(0) { $0 + $1.files.count - 1 }
        let largest = tileSets.flatMap { $0.files.map(\.json.utf8.count) }.max() ?? 0
        log(
            "Built \(NumberText.grouped(tileFiles)) tiles (largest \(NumberText.grouped(largest)) bytes) alongside in \(NumberText.seconds(tilesSeconds))"
        )
        let (index, searchSeconds) = search.value
        for file in index.files { try files.write(file.path, file.json) }
        log(
            "Built search index of \(NumberText.grouped(index.documentCount)) items (\(NumberText.grouped(index.shardCount)) shards, largest \(NumberText.grouped(index.largestShard)) bytes) alongside in \(NumberText.seconds(searchSeconds))"
        )
        let (downloadFiles, downloadsSeconds) = downloads.value
        for file in downloadFiles { try files.write(file.path, file.bytes) }
        log("Made \(downloadFiles.count) download files alongside in \(NumberText.seconds(downloadsSeconds))")
    }
}
