import Foundation

/// A fingerprint of everything a build reads: the content folder, the data files its settings
/// name, the theme, Leaflet's files when they are copied, the options and the mapsite program.
///
/// When it equals the stamp the last finished build left in the output folder, and every file
/// that build wrote is still there at its size, the build has nothing to do (`UpToDateCheck`).
/// Files are fingerprinted by their bytes, not their dates, so a checkout or a copy that only
/// touches dates does not make a build start over, and an edit that keeps the date is still seen.
struct BuildStamp {
    let value: UInt64

    /// - Parameter config: the loaded settings, for data files that lie outside the content folder.
    init(options: BuildOptions, config: SiteConfig) {
        var hasher = StableHasher()
        hasher.add(SiteFingerprint.programIdentity)
        hasher.add(options.baseURL ?? "\u{0}")
        hasher.add(Self.absolute(options.themeDirectory))
        let output = Self.absolute(options.outputDirectory)
        Self.addTree(options.contentDirectory, skipping: output, to: &hasher)
        Self.addTree(options.themeDirectory, skipping: output, to: &hasher)
        let sources = config.datasets.map(\.source) + config.datasets.compactMap { $0.regions?.source }
        for source in sources { Self.addFile(SourcePath.resolved(source, in: options.contentDirectory), to: &hasher) }
        if config.leaflet == "local" { Self.addTree(AssetCopier.leafletDirectory, skipping: output, to: &hasher) }
        value = hasher.value
    }

    /// Adds the relative path and the bytes of every file below `directory`, in path order.
    private static func addTree(_ directory: String, skipping skipped: String, to hasher: inout StableHasher) {
        hasher.add(absolute(directory))
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let full = (directory as NSString).appendingPathComponent(relative)
            if absolute(full) == skipped {
                enumerator.skipDescendants()
                continue
            }
            if FileOnDisk.size(full) != nil { files.append(relative) }
        }
        for relative in files.sorted() {
            hasher.add(relative)
            addFile((directory as NSString).appendingPathComponent(relative), to: &hasher)
        }
    }

    private static func addFile(_ path: String, to hasher: inout StableHasher) {
        guard let data = FileManager.default.contents(atPath: path) else {
            hasher.add("missing " + path)
            return
        }
        hasher.add(data.withUnsafeBytes(StableHash.contents))
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
