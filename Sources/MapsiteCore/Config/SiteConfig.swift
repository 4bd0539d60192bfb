import Foundation

/// The whole site's settings, read from `content/site.yml`.
public struct SiteConfig: Sendable, Equatable {
    public var title: String
    public var description: String
    /// Where the site will be hosted, e.g. `https://example.org/demo/` or `/demo/`. Used for
    /// absolute URLs (sitemap, canonical links) and the 404 page; every other link is relative.
    public var baseURL: String
    public var language: String
    /// A link for feedback, usually `mailto:`.
    public var contact: String?
    public var basemap: Basemap
    /// `local` to copy Leaflet from Debian's packages into the site, or a URL of a folder that
    /// holds `leaflet.js`, `leaflet.css` and the markercluster files.
    public var leaflet: String
    /// Pass raw HTML in Markdown through instead of omitting it.
    public var unsafeHTML: Bool
    /// Items per list page.
    public var pageSize: Int
    public var datasets: [DatasetConfig]
    /// Places of a dataset put in their shortest order, each on a page under `tours/`.
    public var tours: [TourConfig] = []
    /// The site's colour, `#rrggbb`: the browser's bar (`theme-color`) and the generated icons.
    public var color = "#0b6e69"
    /// The name under an installed site's icon; the title when none is given.
    public var shortName: String?
    /// A square PNG of the content folder to use as the installed site's icon instead of the
    /// pin drawn in `color`.
    public var icon: String?
    /// Writes a `.gz` sibling of each text file, for a server's `gzip_static`.
    public var precompress = false

    public struct Basemap: Sendable, Equatable {
        public var url: String
        public var attribution: String
        public var maxZoom: Int
    }

    public static let defaultBasemap = Basemap(
        url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
        attribution: "&copy; <a href=\"https://www.openstreetmap.org/copyright\">OpenStreetMap</a> contributors",
        maxZoom: 19
    )

    /// The path part of `baseURL`, always starting and ending with `/`.
    public var basePath: String {
        var path = baseURL
        if let start = afterScheme {
            let rest = baseURL.utf8[start...]
            path = rest.firstIndex(of: UInt8(ascii: "/")).map { String(baseURL[$0...]) } ?? "/"
        }
        if !path.hasPrefix("/") { path = "/" + path }
        if !path.hasSuffix("/") { path += "/" }
        return path
    }

    /// `baseURL` when it is absolute (has a scheme and host), else nil.
    public var absoluteBase: String? {
        guard afterScheme != nil else { return nil }
        return baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
    }

    /// Where the host begins in `baseURL`, after its `://`, when it has one. Found over bytes:
    /// every item page asks, and Foundation's substring search bridges to NSString.
    private var afterScheme: String.Index? {
        let bytes = baseURL.utf8
        var position = bytes.startIndex
        while let colon = bytes[position...].firstIndex(of: UInt8(ascii: ":")) {
            let rest = bytes[colon...].dropFirst()
            if rest.starts(with: "//".utf8) { return rest.dropFirst(2).startIndex }
            position = bytes.index(after: colon)
        }
        return nil
    }
}
