import Testing

@testable import MapsiteCore

/// Renders `source` as the template "main", with `partials` beside it.
private func render(
    _ source: String, _ value: TemplateValue = [:], partials: [String: String] = [:]
) throws -> String {
    var sources = partials
    sources["main"] = source
    return try TemplateLibrary(sources: sources).render(value, withTemplate: "main")
}

@Suite("Templates")
struct TemplateTests {
    @Test("variables are HTML-escaped; triple braces and & are not")
    func escaping() throws {
        let value: TemplateValue = ["x": "<b a=\"1\">&'"]
        #expect(try render("{{x}}", value) == "&lt;b a=&quot;1&quot;&gt;&amp;&#39;")
        #expect(try render("{{{x}}}", value) == "<b a=\"1\">&'")
        #expect(try render("{{& x}}", value) == "<b a=\"1\">&'")
    }

    @Test("a missing name renders nothing")
    func missing() throws {
        #expect(try render("[{{nothing}}]") == "[]")
    }

    @Test("dotted names descend into objects; the first name is found from the inside out")
    func dottedNames() throws {
        let value: TemplateValue = ["a": ["b": ["c": "deep"]], "title": "outer", "list": [["n": "1"]]]
        #expect(try render("{{a.b.c}}", value) == "deep")
        #expect(try render("{{#list}}{{n}} {{title}}{{/list}}", value) == "1 outer")
        #expect(try render("{{a.x.c}}", value) == "")
    }

    @Test("sections repeat for lists, show once for objects and true, hide for false, empty text and empty lists")
    func sections() throws {
        let value: TemplateValue = [
            "list": ["a", "b"], "object": ["n": "o"], "yes": true, "no": false, "empty": "", "none": [],
        ]
        #expect(try render("{{#list}}<{{.}}>{{/list}}", value) == "<a><b>")
        #expect(try render("{{#object}}{{n}}{{/object}}", value) == "o")
        #expect(try render("{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{#empty}}E{{/empty}}{{#none}}L{{/none}}", value) == "Y")
        #expect(try render("{{^no}}1{{/no}}{{^empty}}2{{/empty}}{{^none}}3{{/none}}{{^yes}}4{{/yes}}", value) == "123")
    }

    @Test("comments render nothing")
    func comments() throws {
        #expect(try render("a{{! a comment }}b") == "ab")
    }

    @Test("partials see the same context")
    func partials() throws {
        let out = try render(
            "{{#items}}{{> row}}{{/items}}", ["items": [["n": "1"], ["n": "2"]]], partials: ["row": "({{n}})"])
        #expect(out == "(1)(2)")
    }

    @Test("a parent's blocks take the child's content, or their own default")
    func inheritance() throws {
        let partials = ["base": "<title>{{$title}}Site{{/title}}</title><main>{{$content}}{{/content}}</main>"]
        #expect(
            try render("{{<base}}{{$content}}Hi {{name}}{{/content}}{{/base}}", ["name": "Ann"], partials: partials)
                == "<title>Site</title><main>Hi Ann</main>")
        #expect(
            try render("{{<base}}{{$title}}T{{/title}}{{/base}}", partials: partials) == "<title>T</title><main></main>"
        )
    }

    @Test("with two levels of parents, the outermost child's block wins")
    func nestedInheritance() throws {
        let partials = [
            "base": "[{{$a}}base{{/a}}]",
            "middle": "{{<base}}{{$a}}middle{{/a}}{{/base}}",
        ]
        #expect(try render("{{<middle}}{{/middle}}", partials: partials) == "[middle]")
        #expect(try render("{{<middle}}{{$a}}child{{/a}}{{/middle}}", partials: partials) == "[child]")
    }

    @Test(
        "a tag alone on its line takes the line with it",
        arguments: [
            ("<ul>\n  {{#list}}\n  <li>{{.}}</li>\n  {{/list}}\n</ul>\n", "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n"),
            ("{{#list}}\n{{.}}\n{{/list}}\n", "a\nb\n"),
            ("a\n  {{! note }}\nb", "a\nb"),
            ("x {{#list}}{{.}}{{/list}} y\n", "x ab y\n"),
            ("{{^none}}\nnone\n{{/none}}", "none\n"),
        ])
    func standalone(source: String, expected: String) throws {
        #expect(try render(source, ["list": ["a", "b"], "none": []]) == expected)
    }

    @Test("windows line ends count as line ends for standalone tags")
    func crlf() throws {
        #expect(try render("{{#yes}}\r\nY\r\n{{/yes}}\r\n", ["yes": true]) == "Y\r\n")
    }

    @Test(
        "errors name the template and the line",
        arguments: [
            ("a\n{{#open}}\nb", "template \"main\", line 2: {{open}} is never closed"),
            ("{{/close}}", "template \"main\", line 1: {{/close}} closes no open section"),
            ("x\ny {{name", "template \"main\", line 2: a tag opened here is never closed"),
            ("{{=<% %>}}", "template \"main\", line 1: a tag opened here is never closed"),
            ("{{=<%=}}", "template \"main\", line 1: {{=<%=}} does not give two delimiters"),
        ])
    func errors(source: String, message: String) {
        #expect(throws: TemplateError.self) { try render(source) }
        do {
            _ = try render(source)
        } catch {
            #expect(error.localizedDescription == message)
        }
    }

    @Test("a partial that includes itself stops with an error")
    func cycle() {
        #expect(throws: TemplateError.self) { try render("{{> loop}}", partials: ["loop": "x{{> loop}}"]) }
    }

    @Test("an unknown template is named in the error")
    func unknown() throws {
        let library = try TemplateLibrary(sources: [:])
        #expect(throws: TemplateError.self) { try library.render([:], withTemplate: "item") }
    }

    @Test("later theme folders override earlier ones, file by file")
    func overrides() throws {
        try withTemporaryDirectory { directory in
            try writeFiles(
                [
                    "theme/base.mustache": "[{{> partials/footer}}]", "theme/partials/footer.mustache": "theme",
                    "content/partials/footer.mustache": "mine",
                ], in: directory)
            let library = try TemplateLibrary(directories: [
                directory + "/theme", directory + "/content", directory + "/none",
            ])
            #expect(try library.render([:], withTemplate: "base") == "[mine]")
        }
    }
}
