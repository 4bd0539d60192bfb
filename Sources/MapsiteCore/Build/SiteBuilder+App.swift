import Foundation

extension SiteBuilder {
    /// The installable, offline part of the site: icons, manifest, offline page, the service
    /// worker with this build's id and shell, each tour's offline list, and `_headers` for hosts
    /// that read one (unless the content's `static/` has its own).
    /// - Parameter others: every file written besides these and the item pages; the build's id
    ///   is a hash of them (`buildID(of:templates:)`).
    /// - Throws: `InputError` for a configured icon that is missing or no square PNG,
    ///   `TemplateError` for an offline page that does not render, `OutputError` for a theme
    ///   without `sw.js`.
    func makeAppFiles(_ content: SiteContent, _ derived: DerivedSite, besides others: [OutputFile]) throws
        -> [OutputFile]
    {
        let config = content.config
        let sitePaths = others.map(\.path)
        let buildID = Self.buildID(of: others, templates: content.templates)
        let app = AppFiles(config: config, buildID: buildID)
        var custom: [UInt8]?
        let iconSource = (options.contentDirectory as NSString).appendingPathComponent(config.icon ?? "")
        if config.icon != nil {
            guard let data = FileManager.default.contents(atPath: iconSource) else {
                throw InputError(
                    file: (options.contentDirectory as NSString).appendingPathComponent(ConfigLoader.fileName),
                    field: "key \"icon\"", expected: "a PNG file of the content folder", found: config.icon!)
            }
            custom = [UInt8](data)
        }
        let icons = try app.icons(custom: custom, source: iconSource)
        var files = icons.map(\.file)
        files.append(app.manifest(icons: icons))

        var view = derived.context.page(at: "", title: "Offline")
        view["canonical"] = nil
        view["bodyClass"] = "offline"
        let shared = derived.context.shared(root: config.basePath, current: nil)
        files.append(
            OutputFile(
                AppFiles.offlinePath, try content.templates.renderPage(view, over: shared, withTemplate: "offline")))

        let names = content.assetNames
        // Every page's stylesheets, icon and scripts: the entry modules and all they import.
        let entries = AppFiles.shellModules.map { AssetNames.folder + $0 }
        let assets = ["mapsite.css", "favicon.svg"].map { AssetNames.folder + $0 } + entries
        let shell =
            ["", AppFiles.offlinePath, AppFiles.manifestPath]
            + Set(assets + entries.flatMap { names.moduleClosure(of: $0) }).sorted()
            .filter { names.paths[$0] != nil }.map { names.path(of: $0) }
        files.append(app.serviceWorker(script: try serviceWorkerScript(), shell: shell))

        let datasets = Dictionary(uniqueKeysWithValues: content.datasets.map { ($0.name, $0) })
        files += TourOfflineList(tours: derived.tours, datasets: datasets, buildID: buildID).files(
            sitePaths: sitePaths + files.map(\.path))
        if !sitePaths.contains("_headers") { files.append(OutputFile("_headers", Self.headers(config: config))) }
        return files
    }

    /// What names this build's caches in the service worker: a hash of every file but the item
    /// pages (assets, pages, tiles, search, downloads, which hold every field of every place) and
    /// of the templates, so it changes when anything a visitor may keep changes, and only then.
    static func buildID(of files: [OutputFile], templates: TemplateLibrary) -> String {
        var hasher = StableHasher()
        hasher.add(templates.fingerprint)
        for file in files {
            hasher.add(file.path)
            hasher.add(file.bytes.withUnsafeBytes(StableHash.contents))
        }
        let hex = String(hasher.value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The theme's `sw.js`, or the content folder's `templates/sw.js` in its place.
    private func serviceWorkerScript() throws -> String {
        let candidates = [
            ((options.contentDirectory as NSString).appendingPathComponent("templates") as NSString)
                .appendingPathComponent(AppFiles.serviceWorkerPath),
            (options.themeDirectory as NSString).appendingPathComponent(AppFiles.serviceWorkerPath),
        ]
        for path in candidates {
            if let data = FileManager.default.contents(atPath: path) { return String(decoding: data, as: UTF8.self) }
        }
        throw OutputError(path: candidates[1], reason: "is missing: a theme needs its service worker script")
    }

    /// Cache headers in the `_headers` format of Netlify and Cloudflare Pages: fingerprinted
    /// assets kept a year, the service worker and the manifest asked again on every visit.
    static func headers(config: SiteConfig) -> String {
        let base = config.basePath
        return """
            \(base)assets/*
              Cache-Control: public, max-age=31536000, immutable
            \(base)sw.js
              Cache-Control: no-cache
            \(base)manifest.webmanifest
              Cache-Control: no-cache

            """
    }
}
