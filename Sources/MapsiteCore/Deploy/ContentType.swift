import Foundation

/// The `Content-Type` of the files a site holds, by file extension: what `mapsite serve` sends
/// and what `mapsite deploy` stores with each object, so the two agree.
public enum ContentType {
    public static let types: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "geojson": "application/geo+json",
        "gpx": "application/gpx+xml",
        "csv": "text/csv; charset=utf-8",
        "tsv": "text/tab-separated-values; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "xml": "application/xml",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "pdf": "application/pdf",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "webmanifest": "application/manifest+json",
        "gz": "application/gzip",
        "zip": "application/zip",
    ]

    /// The type of the file at `path`; `application/octet-stream` for an unknown extension.
    public static func of(_ path: String) -> String {
        types[(path as NSString).pathExtension.lowercased()] ?? "application/octet-stream"
    }

    public static func isHTML(_ path: String) -> Bool {
        of(path).hasPrefix("text/html")
    }

    /// Whether a file of this type is text that gzip shrinks (images of these formats are
    /// compressed already, except SVG).
    public static func isCompressible(_ path: String) -> Bool {
        let type = of(path)
        return type.hasPrefix("text/") || type.hasPrefix("application/json") || type.hasSuffix("+json")
            || type.hasSuffix("+xml") || type == "application/xml"
    }
}
