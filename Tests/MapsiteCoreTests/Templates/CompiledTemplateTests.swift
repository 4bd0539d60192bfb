import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

/// `renderPage` (compiled against the shared view, its parts rendered once) must give the bytes
/// that `renderBytes` gives for the same views (compiled knowing nothing, every name looked up).
private func bothWays(
    _ library: TemplateLibrary, _ name: String, page: TemplateObject, shared: TemplateValue, key: String = "shared"
) throws -> (compiled: String, lookedUp: String) {
    let compiled = try library.renderPage(page, over: SharedView(key: key, value: shared), withTemplate: name)
    let lookedUp = try library.renderBytes([shared, .object(page)], withTemplate: name)
    return (String(decoding: compiled, as: UTF8.self), String(decoding: lookedUp, as: UTF8.self))
}

@Suite("Compiled templates")
struct CompiledTemplateTests {
    let shared: TemplateValue = [
        "root": "../", "title": "Site <&>", "site": ["title": "Site", "contact": false],
        "menu": [["title": "Map", "url": "map/", "current": false], ["title": "About", "url": "about/"]],
        "tags": ["a", "b"], "empty": [],
    ]

    @Test(
        "the page's names win over the shared view's; shared names render once, page names per page",
        arguments: [
            "{{title}}|{{root}}|{{site.title}}|{{site.contact}}|{{site.none}}|{{none}}",
            "{{#menu}}<a href=\"{{root}}{{url}}\">{{title}}</a>{{#current}}*{{/current}}{{heading}}{{/menu}}",
            "{{#items}}{{title}}@{{root}}{{n}}{{#tags}}[{{.}}{{n}}]{{/tags}}{{/items}}",
            "{{^items}}none{{/items}}{{^empty}}E{{heading}}{{/empty}}{{^tags}}T{{/tags}}",
            "{{#flag}}{{title}}{{/flag}}{{^flag}}off{{root}}{{/flag}}{{#site}}{{title}}{{heading}}{{/site}}",
            "{{#item}}{{title}} {{.}} {{site.title}}{{/item}}{{item.title}}{{item.none.deeper}}",
            "{{{title}}}{{& heading}}{{#tags}}{{.}}{{/tags}}{{#items}}{{.}}{{/items}}",
        ])
    func namesResolveAsLookedUp(source: String) throws {
        let library = try TemplateLibrary(sources: ["main": source])
        let pages: [TemplateObject] = [
            ["title": "Page \"1\"", "heading": "H", "flag": true, "items": [["n": "1"], ["n": "2", "title": "own"]]],
            ["title": "Page 2", "heading": "", "flag": false, "items": [], "item": ["title": "It'"]],
            ["heading": "no title here", "item": "text", "flag": "yes"],
            [:],
        ]
        for page in pages {
            let (compiled, lookedUp) = try bothWays(library, "main", page: page, shared: shared)
            #expect(compiled == lookedUp, "page \(page.names)")
        }
    }

    @Test("a name is found wherever each object of a list has it, and of a name given twice the last counts")
    func memberPositions() throws {
        let library = try TemplateLibrary(sources: ["main": "{{#list}}{{a}}{{b.c}}|{{/list}}"])
        let page: TemplateObject = [
            "list": [
                ["a": "1", "b": ["c": "x"]], ["b": ["c": "y"], "a": "2"], ["z": "0", "a": "3", "a": "4"],
                ["b": ["c": "z", "c": "w"], "a": "5", "b": ["c": "v"]], ["a": "6"],
            ]
        ]
        let (compiled, lookedUp) = try bothWays(library, "main", page: page, shared: shared)
        #expect(compiled == lookedUp)
        #expect(compiled == "1x|2y|4|5v|6|")
    }

    @Test("parents, blocks and partials are unrolled as they nest")
    func inheritance() throws {
        let library = try TemplateLibrary(sources: [
            "base": "<title>{{$title}}{{title}}{{/title}}</title>{{> header}}<main>{{$content}}{{/content}}</main>",
            "header": "{{#menu}}{{title}} {{/menu}}{{heading}}",
            "middle": "{{<base}}{{$content}}middle {{root}}{{/content}}{{/base}}",
            "main":
                "{{<middle}}{{$title}}T {{heading}}{{/title}}{{$content}}child {{#items}}{{n}}{{/items}}{{/content}}{{/middle}}",
        ])
        let page: TemplateObject = ["heading": "H", "items": [["n": "1"], ["n": "2"]]]
        let (compiled, lookedUp) = try bothWays(library, "main", page: page, shared: shared)
        #expect(compiled == lookedUp)
        #expect(compiled == "<title>T H</title>Map About H<main>child 12</main>")
    }

    @Test("a missing partial renders nothing, as the spec says, and validate() names it with its line")
    func missingPartial() throws {
        let library = try TemplateLibrary(sources: ["main": "a{{#show}}{{> missing}}{{/show}}b\n{{<gone}}{{/gone}}"])
        let shown = try bothWays(library, "main", page: ["show": true], shared: shared)
        #expect(shown.compiled == "ab\n" && shown.lookedUp == "ab\n")
        let problems = #expect(throws: TemplateProblems.self) { try library.validate() }
        #expect(
            problems?.problems == [
                "main:1: partial \"missing\" is not a template", "main:2: parent \"gone\" is not a template",
            ])
        #expect(throws: Never.self) { try TemplateLibrary(sources: ["main": "{{> p}}", "p": "x"]).validate() }
    }

    @Test("a partial recursing over the page's data renders both ways; a real cycle fails")
    func recursion() throws {
        let library = try TemplateLibrary(sources: [
            "main": "{{> node}}", "node": "({{name}}{{#children}}{{> node}}{{/children}})",
            "loop": "x{{> loop}}",
        ])
        let page: TemplateObject = [
            "name": "root",
            "children": [["name": "a", "children": [["name": "b", "children": []]]], ["name": "c", "children": []]],
        ]
        let (compiled, lookedUp) = try bothWays(library, "main", page: page, shared: shared)
        #expect(compiled == lookedUp)
        #expect(compiled == "(root(a(b))(c))")
        #expect(throws: TemplateError.self) {
            try library.renderPage([:], over: SharedView(key: "s", value: shared), withTemplate: "loop")
        }
    }

    @Test("the theme's item page: header and footer become text, the page's values stay steps")
    func themeItemPage() throws {
        let library = try TemplateLibrary(directories: [Fixtures.theme])
        let shared = SharedView(
            key: "../../",
            value: [
                "root": "../../", "language": "en", "site": ["title": "Boxes & more", "description": false],
                "menu": [["title": "Near me", "url": "../../near/", "current": false]],
                "datasets": [["name": "boxes", "title": "Boxes", "url": "../../boxes/", "count": "3"]],
                "assets": ["css": "../../assets/mapsite.css", "js": "../../assets/mapsite.js"],
                "basemap": ["url": "https://tiles/{z}/{x}/{y}.png", "attribution": "© <a>OSM</a>", "maxZoom": "19"],
            ])
        let page: TemplateObject = [
            "title": "Box 1 · Boxes & more", "heading": "Box 1", "description": false, "bodyClass": "item",
            "item": [
                "id": "1", "title": "Box <1>", "lat": "41.5", "lon": "-87.6", "hasFields": true,
                "fields": [["label": "Pickup", "value": "5 pm", "url": false]], "neighbours": [], "samePlace": [],
            ],
            "dataset": ["title": "Boxes", "url": "../../boxes/", "mapURL": "../../boxes/map/"],
        ]
        let compiled = try library.renderPage(page, over: shared, withTemplate: "item")
        #expect(compiled == (try library.renderBytes([shared.value, .object(page)], withTemplate: "item")))
        let template = try TemplateCompiler.compile(
            "item", library: library.sources, frames: [.known(shared.value), .page(Set(page.names))])
        let variables = template.steps.compactMap { step -> String? in
            if case .variable(let path, _) = step { return template.paths[path].joined(separator: ".") }
            return nil
        }
        #expect(variables.contains("item.title") && variables.contains("title"))
        #expect(!variables.contains { $0.hasPrefix("site.") || $0 == "root" || $0.hasPrefix("assets.") })
    }

    @Test("random templates over random views render the same with the shared view known or not")
    func randomTemplates() throws {
        var random = SplitMix64(seed: 7)
        let names = ["a", "b", "c", "title", "list"]
        func value(_ depth: Int) -> TemplateValue {
            switch Int.random(in: 0..<(depth > 2 ? 3 : 6), using: &random) {
            case 0: return .text(["x", "<y>", "", "z&"][Int.random(in: 0..<4, using: &random)])
            case 1: return .bool(Bool.random(using: &random))
            case 2: return .text("t\(Int.random(in: 0..<9, using: &random))")
            case 3, 4: return .object(object(depth + 1))
            default: return .list((0..<Int.random(in: 0..<3, using: &random)).map { _ in value(depth + 1) })
            }
        }
        func object(_ depth: Int) -> TemplateObject {
            var members: [(String, TemplateValue)] = []
            for name in names where Int.random(in: 0..<3, using: &random) == 0 { members.append((name, value(depth))) }
            return TemplateObject(members)
        }
        let templates = RandomTemplates(names: names, depth: 2)
        for round in 0..<400 {
            let library = try TemplateLibrary(sources: ["main": templates.source(using: &random)])
            let shared = TemplateValue.object(object(0))
            for _ in 0..<3 {
                let (compiled, lookedUp) = try bothWays(
                    library, "main", page: object(0), shared: shared, key: "\(round)")
                #expect(compiled == lookedUp)
            }
        }
    }
}
