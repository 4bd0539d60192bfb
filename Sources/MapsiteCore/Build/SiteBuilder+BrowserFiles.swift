import Foundation

/// What the browser reads besides the pages: the tiles of every dataset, the search index and
/// the downloads.
struct BrowserFiles {
    var files: [OutputFile]
    /// Tiles over their budget.
    var warnings: [String]
    /// What each dataset's map page carries for its first view (`MapFirstView`), by dataset name.
    var firstViews: [String: String] = [:]
    /// What the map page of each dataset with filters carries of them: its tile manifest and its
    /// filter index (`FilterIndex.indexJSON`), by dataset name.
    var carriedFilters: [String: CarriedFilters] = [:]
}

extension SiteBuilder {
    /// Starts the browser-files stage: tiles, the search index and the downloads, each on a thread
    /// of its own (none needs another, nor the neighbours or groups), so that they run alongside
    /// the index and derive stages; `BrowserFilesWork.finish` waits for them.
    func startBrowserFiles(_ content: SiteContent) -> BrowserFilesWork {
        let datasets = content.datasets
        return BrowserFilesWork(
            content: content,
            tiles: BackgroundTask(name: "mapsite tiles") {
                datasets.map { TileSet(dataset: $0, options: .init(byteBudget: $0.config.tileBudget)) }
            },
            downloads: BackgroundTask(name: "mapsite downloads") { Downloads.files(datasets) },
            search: BackgroundTask(name: "mapsite search index") { SearchIndex(datasets: datasets) })
    }
}

/// The browser-files stage under way (`SiteBuilder.startBrowserFiles`).
struct BrowserFilesWork {
    let content: SiteContent
    let tiles: BackgroundTask<[TileSet]>
    let downloads: BackgroundTask<[(path: String, bytes: [UInt8])]>
    let search: BackgroundTask<SearchIndex>

    /// Waits for the tiles, search index and downloads, logs each with its own time and peak
    /// memory, and returns their files.
    func finish(clock: StageClock) -> BrowserFiles {
        let datasets = content.datasets
        var files: [OutputFile] = []
        var warnings: [String] = []
        var firstViews: [String: String] = [:]
        var carriedFilters: [String: CarriedFilters] = [:]

        let (tileSets, tilesSeconds, tilesPeak) = tiles.value
        for tileSet in tileSets {
            for key in tileSet.pyramid.overfullLeaves {
                warnings.append(
                    "tiles/\(tileSet.dataset)/\(key).json is over the tile budget: too many places at one spot")
            }
            for key in tileSet.shapes?.overfullLeaves ?? [] {
                warnings.append(
                    "tiles/\(tileSet.dataset)/shapes/\(key).json is over the tile budget: shapes too detailed at one spot"
                )
            }
            files += tileSet.files.map { OutputFile($0.path, $0.json) }
            firstViews[tileSet.dataset] = MapFirstView(tileSet: tileSet, maxZoom: content.config.basemap.maxZoom).json()
            if let dataset = datasets.first(where: { $0.name == tileSet.dataset }) {
                files += tileSet.listFieldFiles(of: dataset).map { OutputFile($0.path, $0.json) }
                guard !dataset.config.filters.isEmpty else { continue }
                let started = DispatchTime.now()
                let filters = FilterIndex(
                    tileSet: tileSet, dataset: dataset, listOrder: ListPages.titleOrder(dataset.items))
                files += filters.files.map { OutputFile($0.path, $0.json) }
                let manifestPath = "tiles/\(dataset.name)/index.json"
                if let index = filters.indexJSON, let manifest = tileSet.files.first(where: { $0.path == manifestPath })
                {
                    carriedFilters[dataset.name] = CarriedFilters(manifest: manifest.json, index: index)
                }
                warnings += filters.warnings
                clock.report(
                    "Made the filters of \(dataset.name) (\(dataset.config.filters.count) fields, "
                        + "\(NumberText.grouped(filters.files.count)) files)",
                    seconds: Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9,
                    peak: PeakMemory.bytes())
            }
        }
        let tileCount = tileSets.reduce(0) { $0 + $1.files.count - 1 }
        let largest = tileSets.flatMap { $0.files.map(\.json.utf8.count) }.max() ?? 0
        clock.report(
            "Built \(NumberText.grouped(tileCount)) tiles (largest \(NumberText.grouped(largest)) bytes) alongside",
            seconds: tilesSeconds, peak: tilesPeak)

        let (index, searchSeconds, searchPeak) = search.value
        files += index.files.map { OutputFile($0.path, $0.json) }
        clock.report(
            "Built search index of \(NumberText.grouped(index.documentCount)) items (\(NumberText.grouped(index.shardCount)) shards, largest \(NumberText.grouped(index.largestShard)) bytes) alongside",
            seconds: searchSeconds, peak: searchPeak)

        let (downloadFiles, downloadsSeconds, downloadsPeak) = downloads.value
        files += downloadFiles.map { OutputFile($0.path, $0.bytes) }
        clock.report(
            "Made \(downloadFiles.count) download files alongside", seconds: downloadsSeconds, peak: downloadsPeak)
        clock.finish("Made the files for the browser")
        return BrowserFiles(
            files: files, warnings: warnings, firstViews: firstViews, carriedFilters: carriedFilters)
    }
}
