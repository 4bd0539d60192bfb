import Foundation

/// The data files of the content folder (CSV, GeoJSON, SQLite, Shapefile, GeoPackage, …) as the
/// site sees them: each one `site.yml` names as a dataset's source is published as that dataset's
/// download, and one it does not name is not in the site at all. So a data file no setting names
/// gets a warning, once, and a Markdown link to a dataset's source is a link to its download.
public enum DataFiles {
    /// The extensions of the files mapsite reads as data (`format:` of a dataset, and what GDAL
    /// reads of them), lowercased; `.osm.pbf` ends in `pbf`.
    static let extensions: Set<String> = [
        "csv", "tsv", "geojson", "json", "sqlite", "sqlite3", "db", "shp", "zip", "gpkg", "kml", "kmz", "gpx", "fgb",
        "osm", "pbf", "gml", "gdb", "vrt", "topojson",
    ]

    /// The folders of the content folder whose files the site takes as they are (`images/`,
    /// `static/`) or that hold the theme's overrides: a data file there is meant to be so.
    static let publishedFolders: Set<String> = ["images", "static", "templates"]

    /// Whether `path` names a data file, by its extension.
    public static func isDataFile(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The site path of the download that stands for each dataset's source, by the source's path
    /// relative to the content folder (`data/us-cities.csv` → `downloads/us-cities.csv`): the CSV
    /// download for a CSV source, the GeoJSON one for any other.
    public static func downloads(of config: SiteConfig, contentDirectory: String) -> [String: String] {
        var paths: [String: String] = [:]
        for dataset in config.datasets {
            guard let source = relativeSource(dataset.source, contentDirectory: contentDirectory),
                paths[source] == nil
            else { continue }
            paths[source] = "downloads/\(dataset.name).\(dataset.format == .csv ? "csv" : "geojson")"
        }
        return paths
    }

    /// A warning for each data file of the content folder that no dataset or `regions:` of
    /// `site.yml` names, in path order. Hidden files and folders, and those of
    /// `publishedFolders`, are not looked at; the files a named `.vrt` mentions count as named
    /// with it (a Shapefile's `.dbf`, `.shx` and `.prj` are no data files of their own).
    /// - Parameter displayDirectory: how the content folder is named in the warnings.
    public static func unnamedWarnings(
        config: SiteConfig, contentDirectory: String, displayDirectory: String? = nil
    ) -> [String] {
        let shown = displayDirectory ?? contentDirectory
        let sources =
            config.datasets.map(\.source) + config.datasets.compactMap { $0.regions?.source }
        var named = Set<String>()
        var mentioned: [String] = []
        for source in sources {
            let full = source.hasPrefix("/") ? source : (contentDirectory as NSString).appendingPathComponent(source)
            guard let real = realPath(full) else { continue }
            named.insert(real)
            if real.lowercased().hasSuffix(".vrt"), let text = try? String(contentsOfFile: real, encoding: .utf8) {
                mentioned.append(text)
            }
        }
        var warnings: [String] = []
        for relative in dataFiles(in: contentDirectory) {
            let full = (contentDirectory as NSString).appendingPathComponent(relative)
            let real = realPath(full) ?? full
            if named.contains(real) { continue }
            let name = (relative as NSString).lastPathComponent
            if mentioned.contains(where: { $0.contains(name) }) { continue }
            let file = ControlCharacters.escaped((shown as NSString).appendingPathComponent(relative))
            warnings.append(
                "\(file): a data file that site.yml does not name, so it is not in the site; to build it, add it "
                    + "to datasets: (- source: \(ControlCharacters.escaped(relative))), or move it out of the "
                    + "content folder")
        }
        return warnings
    }

    /// The data files below `contentDirectory`, relative to it and sorted, but those of hidden and
    /// published folders. A FileGDB folder (`x.gdb/`) is one file.
    static func dataFiles(in contentDirectory: String) -> [String] {
        let root = URL(fileURLWithPath: contentDirectory)
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        let rootPath = root.standardizedFileURL.path
        var files: [String] = []
        while let url = enumerator.nextObject() as? URL {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(rootPath + "/") else { continue }
            let relative = String(path.dropFirst(rootPath.count + 1))
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
            if isFolder {
                if !relative.contains("/") && publishedFolders.contains(relative) {
                    enumerator.skipDescendants()
                } else if relative.lowercased().hasSuffix(".gdb") {
                    enumerator.skipDescendants()
                    files.append(relative)
                }
                continue
            }
            if isDataFile(relative) { files.append(relative) }
        }
        return files.sorted()
    }

    /// `source` relative to the content folder, `.` and `..` resolved; nil for a source outside it.
    static func relativeSource(_ source: String, contentDirectory: String) -> String? {
        guard source.hasPrefix("/") else { return lexical(source) }
        guard let real = realPath(source), let folder = realPath(contentDirectory),
            real.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        else { return nil }
        return String(real.dropFirst(folder.hasSuffix("/") ? folder.count : folder.count + 1))
    }

    /// `path` with `.` and `..` resolved; nil when it climbs out of where it starts.
    public static func lexical(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    private static func realPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
