import Foundation

/// The static files of a site, read to be written as they are: the theme's `assets/`, Leaflet
/// from Debian's packages, and the content's `static/` and `images/` folders.
struct AssetCopier {
    /// Where Debian's `libjs-leaflet` and `libjs-leaflet.markercluster` put their files.
    static let leafletDirectory = "/usr/share/javascript/leaflet"
    /// Their minified builds: a third of the bytes of `leaflet.js` and `leaflet.markercluster.js`.
    static let leafletFiles = [
        "leaflet.min.js", "leaflet.css", "leaflet.markercluster.min.js", "MarkerCluster.css",
        "MarkerCluster.Default.css",
    ]

    let themeDirectory: String
    let contentDirectory: String
    /// Whether Leaflet is copied into `assets/leaflet/` (`leaflet: local`).
    let copiesLeaflet: Bool

    /// Every static file, by its site path, and a warning for each file of the content folder
    /// left out because it is a link to a file outside (`ContentFolder`).
    /// - Throws: `OutputError` for a file that cannot be read, or naming the Debian packages
    ///   when Leaflet is to be copied and they are not installed.
    func files() throws -> (files: [OutputFile], warnings: [String]) {
        var files = try Self.tree((themeDirectory as NSString).appendingPathComponent("assets"), to: "assets/")
        if copiesLeaflet { files += try Self.leaflet() }
        let content = ContentFolder(contentDirectory)
        var warnings: [String] = []
        for (folder, prefix) in [("static", ""), ("images", "images/")] {
            files += try Self.tree(
                (contentDirectory as NSString).appendingPathComponent(folder), to: prefix, within: content,
                warnings: &warnings)
        }
        return (files, warnings)
    }

    /// Every file below `directory` but hidden ones, at `prefix` in the site, in path order.
    /// - Parameter content: when given, files that lead outside it are left out with a warning.
    static func tree(_ directory: String, to prefix: String) throws -> [OutputFile] {
        var warnings: [String] = []
        return try tree(directory, to: prefix, within: nil, warnings: &warnings)
    }

    private static func tree(
        _ directory: String, to prefix: String, within content: ContentFolder?, warnings: inout [String]
    ) throws -> [OutputFile] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var relatives: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = (directory as NSString).appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue,
                !(relative as NSString).lastPathComponent.hasPrefix(".")
            else { continue }
            if let content, let target = content.outsideTarget(of: full) {
                warnings.append(ContentFolder.warning(full, target: target))
                continue
            }
            relatives.append(relative)
        }
        return try relatives.sorted().map { relative in
            let full = (directory as NSString).appendingPathComponent(relative)
            guard let data = FileManager.default.contents(atPath: full) else {
                throw OutputError(path: full, reason: "could not be read")
            }
            return OutputFile(prefix + relative, [UInt8](data))
        }
    }

    /// Leaflet and its marker clusters, in `assets/leaflet/`.
    static func leaflet() throws -> [OutputFile] {
        var files = try leafletFiles.map { name in
            let path = (leafletDirectory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw OutputError(
                    path: path,
                    reason:
                        "is missing: install Debian's libjs-leaflet and libjs-leaflet.markercluster, or set `leaflet:` in site.yml to a URL that serves Leaflet"
                )
            }
            return OutputFile("assets/leaflet/" + name, [UInt8](data))
        }
        files += try tree((leafletDirectory as NSString).appendingPathComponent("images"), to: "assets/leaflet/images/")
        return files
    }
}
