import Foundation
import Testing

@testable import MapsiteCore

@Suite("Flat views")
struct FlatViewTests {
    @Test("a view built flat is the TemplateValue it stands for")
    func building() {
        var view = FlatView(capacity: 64)
        view.text(.title, "Box <1>")
        view.beginObject(.item)
        view.text(.id) {
            $0 += "i-".utf8
            $0 += "7".utf8
        }
        view.optional(.description, "")
        view.optional(.image, "a.jpg")
        view.beginList(.neighbours)
        for name in ["North", "South"] {
            view.beginObject()
            view.text(.title, name)
            view.flag(.hasFields, name == "North")
            view.end()
        }
        view.end()
        view.beginList(.fields)
        view.end()
        view.end()
        view.flag(.hasNeighbours, true)
        view.finish()
        let expected: TemplateValue = [
            "title": "Box <1>",
            "item": [
                "id": "i-7", "description": false, "image": "a.jpg",
                "neighbours": [["title": "North", "hasFields": true], ["title": "South", "hasFields": false]],
                "fields": [],
            ],
            "hasNeighbours": true,
        ]
        #expect(view.value == expected)
        #expect(view.rootNames == [ViewName.hasNeighbours, .item, .title].map(\.rawValue))
    }

    @Test("names that are not ViewNames work as well, so a view gains a name where it is built")
    func otherNames() throws {
        var view = FlatView()
        view.text("openingHours", "9–5 & later")
        view.beginList("rooms")
        view.beginObject()
        view.optional("floor", "2")
        view.flag("accessible", true)
        view.end()
        view.end()
        view.beginObject("owner")
        view.text("name") { $0 += "Ann".utf8 }
        view.end()
        view.finish()
        #expect(
            view.value
                == [
                    "openingHours": "9–5 & later", "rooms": [["floor": "2", "accessible": true]],
                    "owner": ["name": "Ann"],
                ])
        let library = try TemplateLibrary(sources: [
            "main": "{{openingHours}}|{{#rooms}}{{floor}}{{#accessible}}♿{{/accessible}}{{/rooms}}|{{owner.name}}"
        ])
        let html = try library.renderPage(view, over: SharedView(key: "s", value: [:]), withTemplate: "main")
        #expect(String(decoding: html, as: UTF8.self) == "9–5 &amp; later|2♿|Ann")
    }

    @Test("an object converted and back is the same; of a name given twice, the last counts")
    func conversion() throws {
        let object = TemplateObject([
            ("a", "first"), ("list", ["x", ["b": true], []]), ("nested", ["deep": ["deeper": "d"]]),
            ("twice", .object(TemplateObject([("x", "1"), ("x", "2")]))), ("a", "last"),
        ])
        let view = FlatView(object)
        #expect(view.object == object)
        #expect(view.value == .object(object))
        let library = try TemplateLibrary(sources: [
            "main": "{{a}}|{{nested.deep.deeper}}|{{#list}}[{{.}}{{b}}]{{/list}}|{{twice.x}}"
        ])
        let shared = SharedView(key: "s", value: ["a": "shared", "b": "B"])
        let compiled = String(decoding: try library.renderPage(view, over: shared, withTemplate: "main"), as: UTF8.self)
        let lookedUp = try library.render([shared.value, .object(object)], withTemplate: "main")
        #expect(compiled == lookedUp)
        #expect(compiled == "last|d|[xB][true][B]|2")
    }

    @Test("a name the view never gives is found in the shared view; the names a view gives are known")
    func namesGiven() throws {
        var view = FlatView()
        view.text(.title, "own")
        view.beginList(.neighbours)
        view.beginObject()
        view.text(.url, "u")
        view.end()
        view.end()
        view.finish()
        #expect(view.names.mayContain(ViewName.title.rawValue))
        #expect(view.names.mayContain(ViewName.url.rawValue))
        #expect(!view.names.mayContain(ViewNames.shared.id("root")))
        let library = try TemplateLibrary(sources: [
            "main": "{{title}}|{{root}}|{{#neighbours}}{{url}}{{root}}{{/neighbours}}"
        ])
        let shared = SharedView(key: "n", value: ["title": "shared", "root": "../", "url": "shared"])
        let html = String(decoding: try library.renderPage(view, over: shared, withTemplate: "main"), as: UTF8.self)
        #expect(html == "own|../|u../")
        // A name numbered 256 or above makes every lookup scan.
        var names = FlatView.Names()
        names.insert(3)
        #expect(names.mayContain(3) && !names.mayContain(4) && !names.mayContain(200))
        names.insert(300)
        #expect(names.mayContain(4) && names.mayContain(300))
    }

    @Test("names are numbered once: mapsite's own in order, others as they come")
    func names() {
        #expect(ViewNames.shared.id("title") == ViewName.title.rawValue)
        #expect(ViewNames.shared.name(ViewName.icbm.rawValue) == "icbm")
        let new = ViewNames.shared.id("a name no view has")
        #expect(new >= Int32(ViewName.allCases.count))
        #expect(ViewNames.shared.id("a name no view has") == new)
        #expect(ViewNames.shared.name(new) == "a name no view has")
    }
}
