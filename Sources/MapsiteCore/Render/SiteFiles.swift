import Foundation

/// The files every site has besides its pages: the sitemap and `robots.txt`.
enum SiteFiles {
    /// The most URLs one sitemap file may list (sitemaps.org's limit, as is 50 MB, which 50,000
    /// site paths stay far below).
    static let urlsPerSitemap = 50_000

    /// The sitemap files, when the site's address is known (`absoluteBase`): a sitemap lists
    /// absolute URLs, and a base URL that is only a path (`/maps/`) gives none. Up to `limit`
    /// paths, `sitemap.xml` lists them; beyond, it is an index of `sitemaps/1.xml`, `2.xml`, …,
    /// each listing up to `limit`.
    static func sitemaps(paths: [String], config: SiteConfig, limit: Int = urlsPerSitemap) -> [OutputFile]? {
        guard let prefix = config.absoluteBase else { return nil }
        let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let namespace = "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
        func urlset(_ paths: ArraySlice<String>) -> String {
            var text = header + "<urlset \(namespace)>\n"
            for path in paths { text += "<url><loc>\(location(prefix, path))</loc></url>\n" }
            return text + "</urlset>\n"
        }
        guard paths.count > limit else { return [OutputFile("sitemap.xml", urlset(paths[...]))] }
        let parts = stride(from: 0, to: paths.count, by: limit).map { paths[$0..<min($0 + limit, paths.count)] }
        var index = header + "<sitemapindex \(namespace)>\n"
        var files: [OutputFile] = []
        for (number, part) in parts.enumerated() {
            let path = "sitemaps/\(number + 1).xml"
            index += "<sitemap><loc>\(location(prefix, path))</loc></sitemap>\n"
            files.append(OutputFile(path, urlset(part)))
        }
        return [OutputFile("sitemap.xml", index + "</sitemapindex>\n")] + files
    }

    /// A site path as a sitemap's `<loc>`: each segment percent-encoded (RFC 3986), then escaped
    /// for XML, as the protocol asks.
    static func location(_ prefix: String, _ path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return Escape.html(prefix + segments.map { Escape.urlComponent(String($0)) }.joined(separator: "/"))
    }

    /// Why a site has no sitemap, for the build's warnings.
    static func noSitemapWarning(config: SiteConfig) -> String {
        "base_url `\(config.baseURL)` is only a path: no sitemap.xml is written, as a sitemap needs absolute "
            + "URLs; set base_url to the site's address (https://example.org/maps/) to have one"
    }

    /// Names the sitemap only when there is one.
    static func robots(config: SiteConfig) -> String {
        var text = "User-agent: *\nAllow: /\n"
        if let absolute = config.absoluteBase { text += "Sitemap: \(absolute)sitemap.xml\n" }
        return text
    }
}
