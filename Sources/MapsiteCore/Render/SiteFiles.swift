import Foundation

/// The files every site has besides its pages: `sitemap.xml` and `robots.txt`.
enum SiteFiles {
    /// The sitemap, when the site's address is known (`absoluteBase`): a sitemap lists absolute
    /// URLs, and a base URL that is only a path (`/maps/`) gives none.
    static func sitemap(paths: [String], config: SiteConfig) -> String? {
        guard let prefix = config.absoluteBase else { return nil }
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in paths {
            text += "<url><loc>\(Escape.html(prefix + path))</loc></url>\n"
        }
        return text + "</urlset>\n"
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
