import Testing

@testable import MapsiteCore

private let readme = Page(source: "README.md", path: "about/", frontMatter: FrontMatter(), markdown: "")
private let info = Page(source: "pages/info.md", path: "info/", frontMatter: FrontMatter(), markdown: "")
private let start = Page(source: "pages/guide/start.md", path: "guide/start/", frontMatter: FrontMatter(), markdown: "")

private var pages: MarkdownPages {
    MarkdownPages(
        renderer: MarkdownRenderer(), pages: [readme, info, start],
        itemPaths: { ["places/p1": "places/cafe-ete/"][$0] },
        downloads: ["data/us-cities.csv": "downloads/cities.csv", "data/parks.gpkg": "downloads/parks.geojson"])
}

/// The link a one-line Markdown page at `page`'s source, shown at `path`, renders to, and the broken links.
private func link(_ markdown: String, in page: Page = info, at path: String? = nil) -> (String, [String]) {
    var page = page
    page.markdown = markdown
    let (html, broken, _) = pages.html(for: page, at: path ?? page.path)
    return (html.trimmingCharacters(in: .newlines), broken)
}

@Suite("MarkdownPages: link rewriting")
struct MarkdownPagesTests {
    @Test("a Markdown file links to its folder") func pageLink() {
        #expect(link("[i](guide/start.md)") == (#"<p><a href="../guide/start/">i</a></p>"#, []))
    }

    @Test("a link up to the README goes home, with its anchor") func readmeAnchor() {
        #expect(link("[h](../README.md#x)") == (##"<p><a href="../#x">h</a></p>"##, []))
    }

    @Test("a link from a nested page") func nested() {
        #expect(link("[i](../info.md)", in: start) == (#"<p><a href="../../info/">i</a></p>"#, []))
    }

    @Test("the README links relative to where it is shown") func readmeLinks() {
        #expect(link("[i](pages/info.md)", in: readme, at: "") == (#"<p><a href="info/">i</a></p>"#, []))
        #expect(link("[i](pages/info.md)", in: readme) == (#"<p><a href="../info/">i</a></p>"#, []))
    }

    @Test("an item link") func itemLink() {
        #expect(link("[p](item:places/p1)") == (#"<p><a href="../places/cafe-ete/">p</a></p>"#, []))
    }

    @Test("a broken item link is reported and leads nowhere") func brokenItem() {
        #expect(link("[p](item:places/zz)") == (##"<p><a href="#">p</a></p>"##, ["item:places/zz"]))
    }

    @Test("a broken page link is reported") func brokenPage() {
        #expect(link("[n](nowhere.md)") == (#"<p><a href="nowhere.md">n</a></p>"#, ["nowhere.md"]))
    }

    @Test("a page link that climbs out of the content folder is broken") func climbing() {
        #expect(link("[n](../../x.md)").1 == ["../../x.md"])
    }

    @Test("other relative links keep their path in the site") func otherRelative() {
        #expect(link("![a](images/a.png)", in: readme, at: "") == (#"<p><img src="images/a.png" alt="a" /></p>"#, []))
        #expect(link("![a](../images/a.png)") == (#"<p><img src="../images/a.png" alt="a" /></p>"#, []))
        #expect(link("[l](places/)", in: readme, at: "") == (#"<p><a href="places/">l</a></p>"#, []))
    }

    @Test("absolute, anchor and mail links are unchanged") func unchanged() {
        #expect(link("[a](https://example.org/x.md)").0 == #"<p><a href="https://example.org/x.md">a</a></p>"#)
        #expect(link("[a](#top)").0 == ##"<p><a href="#top">a</a></p>"##)
        #expect(link("[a](mailto:a@example.org)").0 == #"<p><a href="mailto:a@example.org">a</a></p>"#)
        #expect(link("[a](/x/)").0 == #"<p><a href="/x/">a</a></p>"#)
    }

    @Test("a query stays on the link") func query() {
        #expect(link("[i](guide/start.md?a=1)").0 == #"<p><a href="../guide/start/?a=1">i</a></p>"#)
    }

    @Test("a javascript: link is dropped") func javascript() {
        #expect(link("[x](javascript:alert(1))").0 == #"<p><a href="">x</a></p>"#)
    }

    @Test("a link to a dataset's source leads to its download, of the source's kind (#31 point 7)")
    func datasetSource() {
        #expect(link("[list](../data/us-cities.csv)") == (#"<p><a href="../downloads/cities.csv">list</a></p>"#, []))
        #expect(
            link("[p](data/./parks.gpkg#x)", in: readme, at: "")
                == (##"<p><a href="downloads/parks.geojson#x">p</a></p>"##, []))
        var page = info
        page.markdown = "[list](../data/us-cities.csv)"
        #expect(pages.html(for: page, at: page.path).dataFiles.isEmpty)
    }

    @Test("a link to a data file that is no dataset's source is kept and reported; images/ and static/ are in the site")
    func otherDataFile() {
        var page = info
        page.markdown =
            "[a](../data/other.json) [b](../images/shapes.geojson) [c](../data/notes.txt) [d](../static/x.csv)"
        let (html, broken, dataFiles) = pages.html(for: page, at: page.path)
        #expect(html.contains(#"<a href="../data/other.json">a</a>"#), "\(html)")
        #expect(html.contains(#"<a href="../x.csv">d</a>"#), "static/ is the site's root: \(html)")
        #expect(broken.isEmpty)
        #expect(dataFiles == ["../data/other.json"])
    }

    @Test("normalising paths") func normalise() {
        #expect(MarkdownPages.normalise("pages/../README.md") == "README.md")
        #expect(MarkdownPages.normalise("a/./b/") == "a/b/")
        #expect(MarkdownPages.normalise("../x") == nil)
    }
}
