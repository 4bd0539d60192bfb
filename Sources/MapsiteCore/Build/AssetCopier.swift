import Foundation

/// Copies static files into the site through the writer: the theme's `assets/`, Leaflet from
/// Debian's packages, and the content's `static/` and `images/` folders.
struct AssetCopier {
    /// Where Debian's `libjs-leaflet` and `libjs-leaflet.markercluster` put their files.
    static let leafletDirectory = "/usr/share/javascript/leaflet"
    static let leafletFiles = [
        "leaflet.js", "leaflet.css", "leaflet.markercluster.js", "MarkerCluster.css", "MarkerCluster.Default.css",
    ]

    let writer: any FileSink

    /// Copies every file below `directory` to `prefix` in the site; returns how many.
    @discardableResult
    func copyTree(_ directory: String, to prefix: String) throws -> Int {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return 0 }
        var relatives: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = (directory as NSString).appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue,
                !(relative as NSString).lastPathComponent.hasPrefix(".")
            {
                relatives.append(relative)
            }
        }
        for relative in relatives.sorted() {
            let full = (directory as NSString).appendingPathComponent(relative)
            guard let data = FileManager.default.contents(atPath: full) else {
                throw OutputError(path: full, reason: "could not be read")
            }
            try writer.write(prefix + relative, [UInt8](data))
        }
        return relatives.count
    }

    /// Copies Leaflet and its marker clusters into `assets/leaflet/`.
    /// - Throws: naming the Debian packages when they are not installed.
    func copyLeaflet() throws {
        for name in Self.leafletFiles {
            let path = (Self.leafletDirectory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw OutputError(
                    path: path,
                    reason:
                        "is missing: install Debian's libjs-leaflet and libjs-leaflet.markercluster, or set `leaflet:` in site.yml to a URL that serves Leaflet"
                )
            }
            try writer.write("assets/leaflet/" + name, [UInt8](data))
        }
        try copyTree((Self.leafletDirectory as NSString).appendingPathComponent("images"), to: "assets/leaflet/images/")
    }
}
