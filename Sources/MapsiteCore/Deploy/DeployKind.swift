/// What a file of the site is to a deploy: it decides when the file is uploaded and how long
/// browsers and CDNs may keep it.
///
/// Kinds are uploaded in the order of their cases, each kind after the one before has finished,
/// so that no file visitors can reach names a file that is not there yet: assets and tiles before
/// the indexes that name tiles, data before the pages that link it, pages before the service
/// worker and the web app manifest that list them. Deletes come after all of them.
public enum DeployKind: Int, CaseIterable, Comparable, Sendable {
    /// Files under `assets/` with a fingerprint of their bytes in their name.
    case asset
    /// Tiles and search shards: files under `tiles/` and `search/` other than `index.json`.
    case tile
    /// The `index.json` files that name tiles and search shards.
    case index
    /// Everything else that is no page: downloads, JSON, images, icons, `robots.txt`, sitemaps.
    case data
    /// HTML pages.
    case page
    /// `sw.js` and `manifest.webmanifest`, which name the pages and assets of a build.
    case appShell

    public static func < (left: DeployKind, right: DeployKind) -> Bool { left.rawValue < right.rawValue }

    /// The kind of the file at `path` (a site path, relative to the output folder).
    public static func of(_ path: String) -> DeployKind {
        if path == "sw.js" || path == "manifest.webmanifest" { return .appShell }
        if path.hasSuffix(".html") { return .page }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if path.hasPrefix(AssetNames.folder) && isFingerprinted(name) { return .asset }
        if name == "index.json" { return .index }
        if path.hasPrefix("tiles/") || path.hasPrefix("search/") { return .tile }
        return .data
    }

    /// Whether a file name carries a fingerprint as `AssetNames.fingerprinted` gives it: eight
    /// lowercase hexadecimal digits after a dot, before the extension or at the end.
    static func isFingerprinted(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        let candidate = parts.count >= 3 ? parts[parts.count - 2] : parts[parts.count - 1]
        return candidate.utf8.count == 8
            && candidate.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// How long browsers and CDNs may keep a file of this kind without asking again.
    public var cacheControl: String {
        switch self {
        case .asset: return "public, max-age=31536000, immutable"
        case .index, .page, .appShell: return "no-cache"
        case .tile, .data: return "public, max-age=\(Self.shortMaxAge)"
        }
    }

    /// Seconds a tile, search shard or data file may be kept: a deploy shows in them within this time.
    public static let shortMaxAge = 300

    /// The kind's name in plans and progress lines.
    public var name: String {
        switch self {
        case .asset: return "assets"
        case .tile: return "tiles and search"
        case .index: return "indexes"
        case .data: return "data"
        case .page: return "pages"
        case .appShell: return "sw.js and manifest"
        }
    }
}
