import Foundation
import Testing

@testable import MapsiteCore

@Suite("Item pages' views")
struct ItemPageViewTests {
    /// Two datasets, one listing the other's nearest places, with places at one spot, fields
    /// with and without values, a description, an image and text that needs escaping.
    static func pages(baseURL: String) throws -> (TemplateLibrary, SiteContext, [Dataset], [ItemPage]) {
        var config = try ConfigLoader.parse(
            """
            title: Places & more
            datasets:
              - name: boxes
                source: data/boxes.csv
                id: id
                item_title: name
                item_description: note
                image: photo
                neighbours: 2
                fields: [pickup]
              - name: stops
                source: data/stops.csv
                id: id
                item_title: name
                nearest:
                  - dataset: boxes
                    count: 2
                    title: Nearest <boxes>
            """, file: "site.yml")
        config.baseURL = baseURL
        let files = [
            "data/boxes.csv": #"""
            id,name,latitude,longitude,pickup,note,photo
            1,Box <1> & co,41.88,-87.63,5 pm,"It's ""here""",https://example.org/1.jpg
            2,Box 2,41.88,-87.63,,,
            3,Box 3,41.89,-87.62,6 pm,,images/3.jpg
            4,Box 4,41.90,-87.61,,,javascript:alert(1)

            """#,
            "data/stops.csv": "id,name,latitude,longitude\n1,Stop A,41.881,-87.631\n2,Stop B,41.895,-87.615\n",
        ]
        let datasets = try withTemporaryDirectory { directory in
            try writeFiles(files, in: directory)
            return try config.datasets.map { try DatasetLoader.load($0, contentDirectory: directory) }
        }
        let context = SiteContext(
            config: config, menu: [.init(title: "Near me", path: "near/")],
            datasets: datasets.map {
                .init(
                    name: $0.name, title: $0.config.title, description: $0.config.description,
                    count: $0.items.count, color: $0.config.color)
            })
        let indexes = SpatialIndexer.index(datasets)
        let targets = ItemPage.LinkTargets.of(datasets)
        let pages = datasets.map { dataset in
            ItemPage(
                context: context, dataset: dataset, index: indexes[dataset.name]!, groupLinks: [:],
                targets: targets)
        }
        return (try TemplateLibrary(directories: [Fixtures.theme]), context, datasets, pages)
    }

    @Test(
        "every page compiled over its shared view has the bytes of the same views looked up name by name",
        arguments: ["/", "https://example.org/maps/"])
    func sameAsLookedUp(baseURL: String) throws {
        let (library, context, datasets, pages) = try Self.pages(baseURL: baseURL)
        for (dataset, page) in zip(datasets, pages) {
            let shared = context.shared(at: ItemPage.path(dataset: dataset.name, slug: "item"))
            for position in dataset.items.indices {
                let view = page.view(for: position)
                let compiled = try library.renderPage(view, over: shared, withTemplate: "item")
                let lookedUp = try library.renderBytes([shared.value, view.value], withTemplate: "item")
                #expect(String(decoding: compiled, as: UTF8.self) == String(decoding: lookedUp, as: UTF8.self))
                #expect(compiled.count > 1000)
            }
        }
    }

    @Test("the view: escaped where shown, lists of fields, neighbours and cross-dataset places")
    func view() throws {
        let (library, context, datasets, pages) = try Self.pages(baseURL: "https://example.org/maps/")
        let box = pages[0].view(for: 0).object
        #expect(box["title"] == "Box <1> & co · Places & more")
        #expect(box["canonical"] == .text("https://example.org/maps/boxes/" + datasets[0].items[0].slug + "/"))
        guard case .object(let item) = box["item"] else {
            Issue.record("no item")
            return
        }
        #expect(item["description"] == "It's \"here\"")
        #expect(item["image"] == "https://example.org/1.jpg")
        #expect(item["fields"] == [["label": "Pickup", "value": "5 pm", "url": false, "hours": false]])
        guard case .list(let neighbours) = item["neighbours"] else {
            Issue.record("no neighbours")
            return
        }
        #expect(neighbours.count == 2)
        guard case .list(let samePlace) = item["samePlace"] else {
            Issue.record("no samePlace")
            return
        }
        #expect(samePlace.count == 1)
        let unsafe = pages[0].view(for: 3).object
        guard case .object(let other) = unsafe["item"] else {
            Issue.record("no item")
            return
        }
        #expect(other["image"] == false && other["fields"] == [] && other["hasFields"] == false)
        let stop = pages[1].view(for: 0).object
        guard case .object(let stopItem) = stop["item"], case .list(let cross) = stopItem["cross"],
            case .object(let first) = cross.first
        else {
            Issue.record("no cross list")
            return
        }
        #expect(first["title"] == "Nearest <boxes>")
        guard case .list(let places) = first["places"] else {
            Issue.record("no places")
            return
        }
        #expect(places.count == 2)
        let html = String(
            decoding: try library.renderPage(
                pages[0].view(for: 0), over: context.shared(at: "boxes/x/"), withTemplate: "item"), as: UTF8.self)
        #expect(html.contains("<h1>Box &lt;1&gt; &amp; co</h1>"))
        #expect(!html.contains("Box <1>"))
    }
}
