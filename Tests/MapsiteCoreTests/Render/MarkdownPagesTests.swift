import Testing

@testable import MapsiteCore

private let readme = Page(source: "README.md", path: "about/", frontMatter: FrontMatter(), markdown: "")
private let info = Page(source: "pages/info.md", path: "info/", frontMatter: FrontMatter(), markdown: "")
private let start = Page(source: "pages/guide/start.md", path: "guide/start/", frontMatter: FrontMatter(), markdown: "")

private var pages: MarkdownPages {
    MarkdownPages(
        renderer: MarkdownRenderer(), pages: [readme, info, start],
        itemPaths: { ["places/p1": "places/cafe-ete/"][$0] })
}

/// The link a one-line Markdown page at `page`'s source, shown at `path`, renders to, and the broken links.
private func link(_ markdown: String, in page: Page = info, at path: String? = nil) -> (String, [String]) {
    var page = page
    page.markdown = markdown
    let (html, broken) = pages.html(for: page, at: path ?? page.path)
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

    @Test("normalising paths") func normalise() {
        #expect(MarkdownPages.normalise("pages/../README.md") == "README.md")
        #expect(MarkdownPages.normalise("a/./b/") == "a/b/")
        #expect(MarkdownPages.normalise("../x") == nil)
    }
}
