import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

/// A page source over values given slot by slot: texts by slot and list indices, and the
/// number of elements of each list.
private struct TableSource: PageSource {
    struct Key: Hashable {
        var slot: Int32
        var indices: [Int]
    }

    var texts: [Key: String] = [:]
    var counts: [Key: Int] = [:]

    private static func key(_ slot: Int32, _ indices: SlotIndices) -> Key {
        Key(slot: slot, indices: (0..<indices.count).map { indices[$0] })
    }

    func append(_ slot: Int32, at indices: SlotIndices, to output: inout [UInt8]) {
        output += (texts[Self.key(slot, indices)] ?? "").utf8
    }

    func isTruthy(_ slot: Int32, at indices: SlotIndices) -> Bool {
        !(texts[Self.key(slot, indices)] ?? "").isEmpty
    }

    func count(_ slot: Int32, at indices: SlotIndices) -> Int {
        counts[Self.key(slot, indices)] ?? 0
    }
}

/// `renderPage(_:shape:over:…)` (compiled against the shape) must give the bytes the
/// interpreter gives for the view the source stands for: the interpreter is the oracle.
private func bothWays(
    _ library: TemplateLibrary, _ name: String, source: TableSource, shape: PageShape, shared: TemplateValue
) throws -> (compiled: String, interpreted: String) {
    let compiled = try library.renderPage(
        source, shape: shape, over: SharedView(key: "shared", value: shared), withTemplate: name)
    let interpreted = try library.renderBytes([shared, .object(shape.materialize(source))], withTemplate: name)
    return (String(decoding: compiled, as: UTF8.self), String(decoding: interpreted, as: UTF8.self))
}

@Suite("Templates compiled against a page shape")
struct PageShapeTests {
    let shared: TemplateValue = [
        "root": "../", "title": "Site <&>", "site": ["title": "Site"], "tags": ["a", "b"], "shared": "S",
    ]

    /// A page: `title`, `flag`, `item` {`title`, `image`}, `links` [{`title`, `url`, `tags` [{`name`}]}].
    let shape = PageShape(
        root: PageShape.Object([
            "title": .value(0), "flag": .value(1),
            "item": .object(PageShape.Object(["title": .value(2), "image": .value(3)])),
            "links": .list(
                4,
                of: PageShape.Object([
                    "title": .value(5), "url": .value(6),
                    "tags": .list(7, of: PageShape.Object(["name": .value(8)])),
                ])),
        ]),
        key: "test")

    fileprivate var source: TableSource {
        var source = TableSource()
        source.texts = [
            .init(slot: 0, indices: []): "Page <1>", .init(slot: 1, indices: []): "true",
            .init(slot: 2, indices: []): "It's", .init(slot: 5, indices: [0]): "first",
            .init(slot: 6, indices: [0]): "a/", .init(slot: 5, indices: [1]): "second & last",
            .init(slot: 8, indices: [1, 0]): "x", .init(slot: 8, indices: [1, 1]): "y",
        ]
        source.counts = [.init(slot: 4, indices: []): 2, .init(slot: 7, indices: [1]): 2]
        return source
    }

    @Test(
        "names resolve as the interpreter resolves them, through objects, lists and the shared view",
        arguments: [
            "{{title}}|{{{title}}}|{{root}}|{{site.title}}|{{item.title}}|{{item.none}}|{{none}}|{{shared}}",
            "{{#links}}<a href=\"{{root}}{{url}}\">{{title}}</a>{{#tags}}[{{name}}{{title}}{{item.title}}]{{/tags}}{{/links}}",
            "{{^links}}none{{/links}}{{#links}}{{^url}}no url{{/url}}{{^tags}}no tags{{/tags}}{{/links}}",
            "{{#item}}{{title}}/{{image}}/{{flag}}{{/item}}{{^item}}never{{/item}}{{#item.image}}img{{/item.image}}",
            "{{#flag}}{{.}} {{title}}{{/flag}}{{#item.title}}[{{.}}]{{/item.title}}{{item}}{{links}}",
            "{{#tags}}{{.}}{{title}}{{/tags}}{{#links}}{{#tags}}{{#links}}{{title}}{{/links}}{{/tags}}{{/links}}",
        ])
    func namesResolveAsInterpreted(template: String) throws {
        let library = try TemplateLibrary(sources: ["main": template])
        let (compiled, interpreted) = try bothWays(library, "main", source: source, shape: shape, shared: shared)
        #expect(compiled == interpreted)
    }

    @Test("the shape's values and lists become steps; everything else is text")
    func onlySlotsRemain() throws {
        let library = try TemplateLibrary(sources: [
            "main": "<title>{{site.title}}</title>{{#item}}{{title}}{{/item}}{{#links}}{{url}}{{/links}}{{none}}"
        ])
        let template = try TemplateCompiler.compile(
            "main", templates: library.templates, shared: shared, shape: shape)
        let kinds = template.steps.map { step -> String in
            switch step {
            case .text(let start, let end): return String(decoding: template.text[start..<end], as: UTF8.self)
            case .slot(let slot, _, _): return "slot \(slot)"
            case .slotSection(let slot, _, let list, _, _): return "\(list ? "list" : "section") \(slot)"
            case .variable, .section, .failure: return "other"
            }
        }
        #expect(kinds == ["<title>Site</title>", "slot 2", "list 4", "slot 6"])
    }

    @Test("random templates over random shapes render as interpreted")
    func randomTemplates() throws {
        var random = SplitMix64(seed: 11)
        let names = ["a", "b", "c", "title", "list"]
        var slots: Int32 = 0
        func shapeObject(_ depth: Int) -> PageShape.Object {
            var members: [String: PageShape.Member] = [:]
            for name in names where Int.random(in: 0..<2, using: &random) == 0 {
                slots += 1
                switch Int.random(in: 0..<(depth > 2 ? 1 : 4), using: &random) {
                case 0, 1: members[name] = .value(slots)
                case 2: members[name] = .list(slots, of: shapeObject(depth + 1))
                default: members[name] = .object(shapeObject(depth + 1))
                }
            }
            return PageShape.Object(members)
        }
        func fill(_ object: PageShape.Object, _ indices: [Int], _ source: inout TableSource) {
            for member in object.members.values {
                switch member {
                case .value(let slot):
                    let text = ["x", "<y>", "", "z&", "true"][Int.random(in: 0..<5, using: &random)]
                    source.texts[.init(slot: slot, indices: indices)] = text
                case .list(let slot, let element):
                    let count = Int.random(in: 0..<3, using: &random)
                    source.counts[.init(slot: slot, indices: indices)] = count
                    for index in 0..<count { fill(element, indices + [index], &source) }
                case .object(let inner):
                    fill(inner, indices, &source)
                }
            }
        }
        let templates = RandomTemplates(names: names, depth: 3)
        let shared: TemplateValue = ["a": "shared a", "c": ["title": "shared c"], "list": ["p", "q"]]
        for round in 0..<300 {
            let shape = PageShape(root: shapeObject(0), key: "random \(round)")
            let library = try TemplateLibrary(sources: ["main": templates.source(using: &random)])
            for _ in 0..<3 {
                var source = TableSource()
                fill(shape.root, [], &source)
                let (compiled, interpreted) = try bothWays(
                    library, "main", source: source, shape: shape, shared: shared)
                #expect(compiled == interpreted)
            }
        }
    }
}
