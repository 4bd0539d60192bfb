import Foundation

/// Renders the content's Markdown with links rewritten to output URLs: `other.md` to that page's
/// folder, `item:<dataset>/<id>` to the item's page, a dataset's source file to its download,
/// a file of `static/` to its place at the site's root, other relative paths to the same path in
/// the site. Broken links to `.md` files and items, and
/// links to data files that are in no dataset, are reported as warnings.
struct MarkdownPages {
    let renderer: MarkdownRenderer
    /// Page output paths by source path.
    let pathsBySource: [String: String]
    /// Item page paths by `dataset/id`.
    let itemPaths: (String) -> String?
    /// The download of each dataset, by its source's path in the content folder.
    let downloads: [String: String]

    init(
        renderer: MarkdownRenderer, pages: [Page], itemPaths: @escaping (String) -> String?,
        downloads: [String: String] = [:]
    ) {
        self.renderer = renderer
        var paths = Dictionary(pages.map { ($0.source, $0.path) }, uniquingKeysWith: { first, _ in first })
        paths["README.md"] = ""
        self.pathsBySource = paths
        self.itemPaths = itemPaths
        self.downloads = downloads
    }

    /// The page's HTML as shown at site path `outputPath`, the links that lead nowhere, and the
    /// links to data files that the site does not have (no dataset reads them; `images/` and
    /// `static/` have their files in the site).
    func html(for page: Page, at outputPath: String) -> (html: String, broken: [String], dataFiles: [String]) {
        var broken: [String] = []
        var dataFiles: [String] = []
        let sourceFolder = SitePath.parent(of: page.source)
        let html = renderer.html(from: page.markdown) { url in
            if url.hasPrefix("item:") {
                let key = String(url.dropFirst(5))
                guard let target = itemPaths(key) else {
                    broken.append(url)
                    return "#"
                }
                return SitePath.link(from: outputPath, to: target)
            }
            guard SafeURL.isSiteRelative(url) else { return nil }
            let (target, anchor) = Self.splitAnchor(url)
            guard !target.isEmpty else { return nil }
            let resolved = Self.normalise(sourceFolder.isEmpty ? target : sourceFolder + "/" + target)
            if target.lowercased().hasSuffix(".md") {
                guard let resolved, let path = pathsBySource[resolved] else {
                    broken.append(url)
                    return nil
                }
                return SitePath.link(from: outputPath, to: path) + anchor
            }
            guard let resolved else { return nil }
            if let download = downloads[resolved] { return SitePath.link(from: outputPath, to: download) + anchor }
            // static/ is copied to the site's root.
            if resolved.hasPrefix("static/") {
                return SitePath.link(from: outputPath, to: String(resolved.dropFirst(7))) + anchor
            }
            if DataFiles.isDataFile(resolved) && !resolved.hasPrefix("images/") { dataFiles.append(url) }
            return SitePath.link(from: outputPath, to: resolved) + anchor
        }
        return (html, broken, dataFiles)
    }

    static func splitAnchor(_ url: String) -> (String, String) {
        guard let index = url.firstIndex(where: { $0 == "#" || $0 == "?" }) else { return (url, "") }
        return (String(url[..<index]), String(url[index...]))
    }

    /// Resolves `.` and `..`; nil when the path climbs out of the content folder.
    static func normalise(_ path: String) -> String? {
        guard let joined = DataFiles.lexical(path) else { return nil }
        return path.hasSuffix("/") && !joined.isEmpty ? joined + "/" : joined
    }
}
