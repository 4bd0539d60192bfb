import Testing

@testable import MapsiteCore

private func html(_ markdown: String, unsafe: Bool = false) -> String {
    MarkdownRenderer(unsafeHTML: unsafe).html(from: markdown)
}

@Suite("MarkdownRenderer")
struct MarkdownRendererTests {
    @Test("heading") func heading() {
        #expect(html("# Boxes") == "<h1>Boxes</h1>\n")
    }

    @Test("setext heading") func setextHeading() {
        #expect(html("Boxes\n---") == "<h2>Boxes</h2>\n")
    }

    @Test("emphasis and strong") func emphasis() {
        #expect(html("*em* and **strong**") == "<p><em>em</em> and <strong>strong</strong></p>\n")
    }

    @Test("smart punctuation") func smart() {
        #expect(html(#""Quoted" -- it's..."#) == "<p>“Quoted” – it’s…</p>\n")
    }

    @Test("lists") func lists() {
        #expect(html("- a\n- b") == "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n")
    }

    @Test("code is escaped") func code() {
        #expect(html("`<b>&</b>`") == "<p><code>&lt;b&gt;&amp;&lt;/b&gt;</code></p>\n")
    }

    @Test("text is escaped") func text() {
        #expect(html("1 < 2 & 3 > 2") == "<p>1 &lt; 2 &amp; 3 &gt; 2</p>\n")
    }

    /// CommonMark has no tables (a GFM extension): a table stays a paragraph, and smart
    /// punctuation turns the `---` of its delimiter row into em dashes.
    @Test("tables are not part of CommonMark: they stay a paragraph of text") func table() {
        #expect(html("| a | b |\n|---|---|\n| 1 | 2 |") == "<p>| a | b |\n|—|—|\n| 1 | 2 |</p>\n")
    }

    @Test("raw HTML blocks are omitted") func rawBlock() {
        #expect(html("<script>alert(1)</script>") == "<!-- raw HTML omitted -->\n")
    }

    @Test("inline raw HTML is omitted") func rawInline() {
        #expect(
            html("a <b onclick=\"x()\">b</b>")
                == "<p>a <!-- raw HTML omitted -->b<!-- raw HTML omitted --></p>\n")
    }

    @Test("raw HTML passes with unsafe_html") func rawUnsafe() {
        #expect(html("<div class=\"note\">Hi</div>", unsafe: true) == "<div class=\"note\">Hi</div>\n")
    }

    @Test("a javascript: link loses its URL") func javascriptLink() {
        #expect(html("[x](javascript:alert(1))") == "<p><a href=\"\">x</a></p>\n")
    }

    @Test("a JaVaScRiPt: link loses its URL") func mixedCaseJavascriptLink() {
        #expect(html("[x](JaVaScRiPt:alert(1))") == "<p><a href=\"\">x</a></p>\n")
    }

    @Test("a vbscript: link loses its URL") func vbscriptLink() {
        #expect(html("[x](vbscript:msgbox)") == "<p><a href=\"\">x</a></p>\n")
    }

    @Test("a data: image other than a picture loses its URL") func dataImage() {
        #expect(html("![x](data:text/html,hi)") == "<p><img src=\"\" alt=\"x\" /></p>\n")
    }

    @Test("an autolink to javascript: loses its URL") func javascriptAutolink() {
        #expect(html("<javascript:alert(1)>") == "<p><a href=\"\">javascript:alert(1)</a></p>\n")
    }

    @Test("web links are kept") func webLink() {
        #expect(
            html("[x](https://example.org/?a=1&b=2)") == "<p><a href=\"https://example.org/?a=1&amp;b=2\">x</a></p>\n")
    }

    @Test("link titles are escaped") func linkTitle() {
        #expect(html(#"[x](a.html "say \"hi\"")"#) == "<p><a href=\"a.html\" title=\"say &quot;hi&quot;\">x</a></p>\n")
    }

    @Test("the rewrite hook sees every link and image URL") func rewriteHook() {
        var seen: [String] = []
        let result = MarkdownRenderer().html(from: "[a](one.md) ![b](two.png) <https://three.org>") { url in
            seen.append(url)
            return url == "one.md" ? "one/" : nil
        }
        #expect(seen == ["one.md", "two.png", "https://three.org"])
        #expect(
            result
                == "<p><a href=\"one/\">a</a> <img src=\"two.png\" alt=\"b\" /> <a href=\"https://three.org\">https://three.org</a></p>\n"
        )
    }

    @Test("a rewritten javascript: URL is still dropped") func rewriteToJavascript() {
        let result = MarkdownRenderer().html(from: "[a](x)") { _ in "javascript:alert(1)" }
        #expect(result == "<p><a href=\"\">a</a></p>\n")
    }

    @Test("empty input") func empty() {
        #expect(html("") == "")
    }
}
