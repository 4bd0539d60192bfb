import Foundation
import Testing

@testable import MapsiteCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a sitemap file as the sitemaps.org protocol defines it: the root element and its
/// namespace, and each entry's `<loc>` (a `url` of a `urlset`, a `sitemap` of a `sitemapindex`).
private final class SitemapReader: NSObject, XMLParserDelegate {
    var root: String?
    var namespace: String?
    var entries: [String] = []
    var locations: [String] = []
    var problems: [String] = []
    private var path: [String] = []
    private var text = ""

    static func read(_ file: OutputFile) -> SitemapReader {
        let reader = SitemapReader()
        let parser = XMLParser(data: Data(file.bytes))
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        if !parser.parse() { reader.problems.append("\(file.path) is not well-formed XML") }
        return reader
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if path.isEmpty {
            root = name
            namespace = namespaceURI
        } else if path.count == 1 {
            entries.append(name)
        } else if path.count == 2 && name != "loc" {
            problems.append("unexpected <\(name)>")
        }
        path.append(name)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "loc" && path.count == 3 { locations.append(text) }
        path.removeLast()
    }
}

@Suite("Sitemap")
struct SitemapTests {
    static let protocolNamespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

    func config(_ base: String) throws -> SiteConfig {
        try ConfigLoader.parse("base_url: \(base)\n", file: "site.yml")
    }

    @Test("one urlset of absolute, percent-encoded and XML-escaped locations")
    func urlset() throws {
        let paths = ["", "boxes/", "pages/a b/", "places/café/", "tom&jerry/"]
        let files = try #require(SiteFiles.sitemaps(paths: paths, config: try config("https://example.org/maps")))
        #expect(files.map(\.path) == ["sitemap.xml"])
        let text = String(decoding: files[0].bytes, as: UTF8.self)
        #expect(text.contains("<loc>https://example.org/maps/tom%26jerry/</loc>"))
        let reader = SitemapReader.read(files[0])
        #expect(reader.problems.isEmpty)
        #expect(reader.root == "urlset")
        #expect(reader.namespace == Self.protocolNamespace)
        #expect(reader.entries == Array(repeating: "url", count: 5))
        #expect(
            reader.locations == [
                "https://example.org/maps/", "https://example.org/maps/boxes/", "https://example.org/maps/pages/a%20b/",
                "https://example.org/maps/places/caf%C3%A9/", "https://example.org/maps/tom%26jerry/",
            ])
        // Each location is an absolute URL that Foundation reads back to the same path.
        for (location, path) in zip(reader.locations, paths) {
            let url = try #require(URL(string: location))
            #expect(url.host == "example.org")
            #expect(url.path(percentEncoded: false) == "/maps/" + path)
        }
    }

    @Test("more paths than one sitemap may list: an index of sitemaps, together listing each path once")
    func index() throws {
        let paths = (1...7).map { "p/\($0)/" }
        let files = try #require(
            SiteFiles.sitemaps(paths: paths, config: try config("https://example.org/"), limit: 3))
        #expect(files.map(\.path) == ["sitemap.xml", "sitemaps/1.xml", "sitemaps/2.xml", "sitemaps/3.xml"])
        let index = SitemapReader.read(files[0])
        #expect(index.problems.isEmpty)
        #expect(index.root == "sitemapindex")
        #expect(index.namespace == Self.protocolNamespace)
        #expect(index.entries == ["sitemap", "sitemap", "sitemap"])
        #expect(index.locations == files.dropFirst().map { "https://example.org/" + $0.path })
        var listed: [String] = []
        for file in files.dropFirst() {
            let part = SitemapReader.read(file)
            #expect(part.problems.isEmpty)
            #expect(part.root == "urlset")
            #expect(part.entries.count <= 3)
            listed += part.locations
        }
        #expect(listed == paths.map { "https://example.org/" + $0 })
    }

    @Test("the protocol's own limit: 50,000 paths make one file, 50,001 an index of two")
    func limit() throws {
        let config = try config("https://example.org/")
        let paths = (0...SiteFiles.urlsPerSitemap).map { "\($0)/" }
        #expect(SiteFiles.sitemaps(paths: Array(paths.dropLast()), config: config)?.count == 1)
        let files = try #require(SiteFiles.sitemaps(paths: paths, config: config))
        #expect(files.map(\.path) == ["sitemap.xml", "sitemaps/1.xml", "sitemaps/2.xml"])
        #expect(SitemapReader.read(files[2]).locations == ["https://example.org/50000/"])
    }

    @Test("a base URL that is only a path gives no sitemap") func pathOnly() throws {
        #expect(SiteFiles.sitemaps(paths: ["a/"], config: try config("/maps/")) == nil)
    }
}
