import Foundation

/// The files every site has besides its pages: `sitemap.xml` and `robots.txt`.
enum SiteFiles {
    /// Absolute URLs when the site has an absolute base URL, else paths under the base path.
    static func sitemap(paths: [String], config: SiteConfig) -> String {
        let prefix = config.absoluteBase ?? config.basePath
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in paths {
            text += "<url><loc>\(Escape.html(prefix + path))</loc></url>\n"
        }
        return text + "</urlset>\n"
    }

    static func robots(config: SiteConfig) -> String {
        let sitemap = (config.absoluteBase ?? config.basePath) + "sitemap.xml"
        return "User-agent: *\nAllow: /\nSitemap: \(sitemap)\n"
    }
}
