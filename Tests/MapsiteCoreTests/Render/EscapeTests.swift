import Testing

@testable import MapsiteCore

@Suite("Escape")
struct EscapeTests {
    @Test("HTML special characters") func html() {
        #expect(
            Escape.html(#"<a href="x">Tom & 'Jerry'</a>"#)
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
    }

    @Test("an entity is escaped, not kept") func entity() {
        #expect(Escape.html("&amp;") == "&amp;amp;")
    }

    @Test("plain text is unchanged") func plain() {
        #expect(Escape.html("Café Été 🗺️") == "Café Été 🗺️")
    }

    @Test("a URL component") func urlComponent() {
        #expect(Escape.urlComponent("Café & co/1?") == "Caf%C3%A9%20%26%20co%2F1%3F")
    }

    @Test("unreserved characters are kept") func unreserved() {
        #expect(Escape.urlComponent("a-b.c_d~e") == "a-b.c_d~e")
    }
}

@Suite("SafeURL")
struct SafeURLTests {
    @Test(
        "scripts and other schemes are rejected",
        arguments: [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "java\nscript:alert(1)",
            " javascript:alert(1)", "\u{1}javascript:alert(1)", "data:text/html,<script>alert(1)</script>",
            "DATA:image/png;base64,AAAA", "vbscript:msgbox(1)", "file:///etc/passwd", "mailto:a@example.org", "",
            "   ",
        ])
    func rejected(url: String) {
        #expect(SafeURL.sanitize(url) == nil)
    }

    @Test(
        "web and relative URLs are kept",
        arguments: [
            "http://example.org/a.jpg", "https://example.org/a.jpg", "HTTPS://example.org", "images/a.jpg",
            "../a.jpg", "/a.jpg", "a.jpg?x=1:2", "#top", "//example.org/a.jpg", "a/b:c",
        ])
    func kept(url: String) {
        #expect(SafeURL.sanitize(url) == url)
    }

    @Test("surrounding spaces are trimmed") func trimmed() {
        #expect(SafeURL.sanitize("  https://example.org \n") == "https://example.org")
    }

    @Test("mailto only when allowed") func mailto() {
        #expect(SafeURL.sanitize("mailto:a@example.org") == nil)
        #expect(SafeURL.sanitize("mailto:a@example.org", allowing: ["mailto"]) == "mailto:a@example.org")
        #expect(SafeURL.sanitize("javascript:alert(1)", allowing: ["mailto"]) == nil)
    }

    @Test(
        "site-relative URLs",
        arguments: [
            ("images/a.jpg", true), ("a/", true), ("https://x", false), ("/a", false), ("#a", false), ("//x", false),
        ]
    )
    func siteRelative(url: String, relative: Bool) {
        #expect(SafeURL.isSiteRelative(url) == relative)
    }
}

@Suite("SitePath")
struct SitePathTests {
    @Test(
        "the way back to the root",
        arguments: [
            ("", ""), ("boxes/", "../"), ("boxes/main-st/", "../../"), ("a/page/2/", "../../../"), ("a//b/", "../../"),
            ("/a", "../"), ("a", "../"), ("//", ""),
        ])
    func root(path: String, root: String) {
        #expect(SitePath.root(from: path) == root)
    }

    @Test(
        "links between pages",
        arguments: [
            ("", "", "./"), ("boxes/", "", "../"), ("", "boxes/", "boxes/"), ("boxes/a/", "boxes/", "../../boxes/"),
            ("boxes/a/", "downloads/boxes.csv", "../../downloads/boxes.csv"),
        ])
    func link(from: String, to: String, link: String) {
        #expect(SitePath.link(from: from, to: to) == link)
    }

    @Test(
        "paths inside the output folder",
        arguments: ["index.html", "boxes/main-st/index.html", "boxes/", "assets/leaflet/images/layers.png"])
    func contained(path: String) {
        #expect(SitePath.isContained(path))
    }

    @Test(
        "paths that leave the output folder or are malformed",
        arguments: [
            "", "..", "../x", "a/../../x", "a/..", "/etc/x", "/", "a\\..\\x", "..\\x", "a//b", "./a", "a/./b",
            "a\u{0}b",
        ])
    func notContained(path: String) {
        #expect(!SitePath.isContained(path))
    }
}

@Suite("NumberText")
struct NumberTextTests {
    @Test(
        "grouped digits",
        arguments: [
            (0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (1204, "1,204"), (1_000_000, "1,000,000"),
            (-1234567, "-1,234,567"), (Int.max, "9,223,372,036,854,775,807"),
            (Int.min, "-9,223,372,036,854,775,808"),
        ])
    func grouped(value: Int, text: String) {
        #expect(NumberText.grouped(value) == text)
    }

    @Test("seconds") func seconds() {
        #expect(NumberText.seconds(0.05) == "0.05 s")
        #expect(NumberText.seconds(12.3456) == "12.35 s")
    }
}

@Suite("Site path parents")
struct SitePathParentTests {
    @Test(
        "the folder part of a path",
        arguments: [
            ("a/b/c.html", "a/b"), ("c.html", ""), ("b", ""), ("a/b", "a"), ("/x", "/"), ("/", "/"), ("a/b/", "a"),
            ("", ""),
        ])
    func parent(path: String, folder: String) {
        #expect(SitePath.parent(of: path) == folder)
    }
}

@Suite("Site paths inside the output folder")
struct SitePathContainmentTests {
    @Test(
        "paths that stay inside", arguments: ["a", "a/b/index.html", "boxes/", "...", "a/.hidden", "a/..b/c", "x..y"])
    func inside(path: String) {
        #expect(SitePath.isContained(path))
    }

    @Test(
        "paths that leave it or are malformed",
        arguments: [
            "", "/", "/etc/passwd", "..", ".", "../x", "a/../../x", "a/./b", "a//b", "a/..", "a/.", "a\\b", "a\0b",
            "./a",
        ])
    func outside(path: String) {
        #expect(!SitePath.isContained(path))
    }
}
