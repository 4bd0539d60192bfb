import Foundation
import Testing

@testable import MapsiteCore

private func split(_ text: String) throws -> (FrontMatter, body: String, bodyLine: Int) {
    try FrontMatter.split(text, file: "content/pages/a.md")
}

private func error(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    let error = #expect(throws: InputError.self, sourceLocation: sourceLocation) { try split(text) }
    return error?.description
}

@Suite("FrontMatter")
struct FrontMatterTests {
    @Test("title, description and menu") func fields() throws {
        let (matter, body, line) = try split("---\ntitle: Hello\ndescription: A page\nmenu: 2\n---\n# Body\n")
        #expect(matter == FrontMatter(title: "Hello", description: "A page", menu: 2, draft: false))
        #expect(body == "# Body\n")
        #expect(line == 6)
    }

    @Test("draft") func draft() throws {
        #expect(try split("---\ndraft: true\n---\n").0.draft)
    }

    @Test("no front matter") func none() throws {
        let (matter, body, line) = try split("# Title\n\nText")
        #expect(matter == FrontMatter())
        #expect(body == "# Title\n\nText")
        #expect(line == 1)
    }

    @Test("empty front matter") func empty() throws {
        let (matter, body, _) = try split("---\n---\nText")
        #expect(matter == FrontMatter())
        #expect(body == "Text")
    }

    @Test("a byte order mark before the front matter") func bom() throws {
        #expect(try split("\u{FEFF}---\ntitle: Hello\n---\n").0.title == "Hello")
    }

    @Test("CRLF line ends") func crlf() throws {
        let (matter, body, _) = try split("---\r\ntitle: Hello\r\nmenu: 1\r\n---\r\nText\r\n")
        #expect(matter.title == "Hello")
        #expect(matter.menu == 1)
        #expect(body == "Text\n")
    }

    @Test("YAML that does not parse names its line in the file") func badYAML() {
        #expect(
            error("---\ntitle: A\nmenu: [1\n---\nText")
                == #"content/pages/a.md:4: expected valid YAML front matter (while parsing a flow sequence from line 3), found "did not find expected ',' or ']'""#
        )
    }

    @Test("YAML that does not parse, further down") func badYAMLLater() {
        #expect(
            error("---\ntitle: A\ndescription: B\nmenu: 1\n  x: : y\n---\n")?.hasPrefix("content/pages/a.md:5: ")
                == true)
    }

    @Test("a wrong type names the key and the line") func wrongType() {
        #expect(
            error("---\ntitle: A\nmenu: first\n---\n")
                == #"content/pages/a.md:3: key "menu": expected a whole number, the page's position in the site menu (menu: 1, lowest first; no menu key: not in the menu), not a menu's name as in Hugo, found "first""#
        )
    }

    @Test("a draft that is not a boolean") func draftNotBool() {
        #expect(
            error("---\ndraft: soon\n---\n")
                == #"content/pages/a.md:2: key "draft": expected true or false, found "soon""#)
    }
}

@Suite("Page")
struct PageTests {
    private func page(_ source: String, _ markdown: String, title: String? = nil) -> Page {
        Page(source: source, path: "", frontMatter: FrontMatter(title: title), markdown: markdown)
    }

    @Test("the front matter title first") func frontMatterTitle() {
        #expect(page("pages/a.md", "# Heading", title: "Title").title == "Title")
    }

    @Test("then the first heading") func headingTitle() {
        #expect(page("pages/a.md", "Intro\n\n# Heading \n\n# Other").title == "Heading")
    }

    @Test("a CRLF heading has no stray carriage return") func crlfHeading() {
        #expect(page("pages/a.md", "# Heading\r\n\r\nText").title == "Heading")
    }

    @Test("then the file name") func fileNameTitle() {
        #expect(page("pages/getting_started.md", "Text").title == "Getting started")
    }
}

@Suite("PageLoader")
struct PageLoaderTests {
    @Test(
        "output paths of Markdown files",
        arguments: [
            ("info.md", "info/"), ("Getting Started.md", "getting-started/"), ("guide/Step 1.md", "guide/step-1/"),
            ("guide/index.md", "guide/"), ("guide/_index.md", "guide/"), ("Café Été.md", "cafe-ete/"),
        ])
    func outputPath(relative: String, path: String) {
        #expect(PageLoader.outputPath(of: relative) == path)
    }

    @Test("pages, the README as About, drafts left out, ordered by path") func load() throws {
        try withTemporaryDirectory { directory in
            try writeFiles(
                [
                    "README.md": "# Home\n", "pages/zeta.md": "Z", "pages/alpha.md": "---\nmenu: 1\n---\nA",
                    "pages/draft.md": "---\ndraft: true\n---\nD", "pages/notes.txt": "not Markdown",
                    "pages/guide/index.md": "G",
                ], in: directory)
            let pages = try PageLoader.load(contentDirectory: directory)
            #expect(pages.readme?.source == "README.md")
            #expect(pages.pages.map(\.path) == ["about/", "alpha/", "guide/", "zeta/"])
            #expect(
                pages.pages.map(\.source) == ["README.md", "pages/alpha.md", "pages/guide/index.md", "pages/zeta.md"])
        }
    }

    @Test("bad front matter names the file as shown") func badFrontMatter() throws {
        try withTemporaryDirectory { directory in
            try writeFiles(["pages/a.md": "---\nmenu: x\n---\n"], in: directory)
            let error = #expect(throws: InputError.self) {
                try PageLoader.load(contentDirectory: directory, displayDirectory: "content")
            }
            #expect(
                error?.description
                    == #"content/pages/a.md:2: key "menu": expected a whole number, the page's position in the site menu (menu: 1, lowest first; no menu key: not in the menu), not a menu's name as in Hugo, found "x""#
            )
        }
    }

    @Test("a file that is not UTF-8") func notUTF8() throws {
        try withTemporaryDirectory { directory in
            try writeFiles([:], in: directory)
            try FileManager.default.createDirectory(atPath: directory + "/pages", withIntermediateDirectories: true)
            try Data([0x66, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: directory + "/pages/a.md"))
            let error = #expect(throws: InputError.self) {
                try PageLoader.load(contentDirectory: directory, displayDirectory: "content")
            }
            #expect(
                error?.description
                    == #"content/pages/a.md:1:2: expected UTF-8 text, found "byte 0xFF that is not UTF-8""#)
        }
    }

    @Test("a NUL byte names its line and column") func nulByte() throws {
        try withTemporaryDirectory { directory in
            try writeFiles(["pages/a.md": "---\ntitle: A\n---\nText\n and \u{0}\n"], in: directory)
            let error = #expect(throws: InputError.self) {
                try PageLoader.load(contentDirectory: directory, displayDirectory: "content")
            }
            #expect(
                error?.description == #"content/pages/a.md:5:6: expected text without NUL bytes, found "a NUL byte""#)
        }
    }

    @Test("front matter without its closing line is an error, not body text") func unclosed() {
        let error = #expect(throws: InputError.self) {
            try FrontMatter.split("---\ntitle: A\nmenu: 2\n\nText", file: "pages/a.md")
        }
        #expect(
            error?.description
                == #"pages/a.md:1: expected a "---" line closing the front matter opened here, found "none before the end of the file""#
        )
    }
}
