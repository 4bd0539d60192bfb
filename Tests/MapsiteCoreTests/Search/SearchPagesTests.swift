import Foundation
import Testing

@testable import MapsiteCore

@Suite("Search: the site's own pages")
struct SearchPagesTests {
    @Test("datasets, then tours, then Markdown pages, each with its path and what it is")
    func entries() throws {
        let one = try TestDataset.load(
            "id,name,lat,lon\nA,Only <one>,41.88,-87.63\n",
            "name: solo\ntitle: \"Solo & <b>bold</b>\"\ndescription: \"A \\\"quoted\\\" line\"\nsource: solo.csv\nid: id\nitem_title: name\nlatitude: lat\nlongitude: lon"
        )
        let config = try ConfigLoader.parse(
            "datasets:\n  - {name: solo, source: solo.csv}\ntours:\n  - {title: \"Walk </script>\", dataset: solo, description: Short}\n",
            file: "site.yml")
        let tour = PlannedTour(config: config.tours[0], stops: [0], legs: [], isExact: true, bound: 0)
        var guide = FrontMatter()
        guide.title = "How to use"
        guide.description = "Lists and maps."
        let pages = [
            Page(source: "README.md", path: "about/", frontMatter: FrontMatter(), markdown: "# Home\n"),
            Page(source: "pages/guide.md", path: "guide/", frontMatter: guide, markdown: ""),
        ]
        let entries = SearchPages.entries(datasets: [one], tours: [tour], pages: pages)
        #expect(
            entries == [
                .init(title: "Solo & <b>bold</b>", path: "solo/", meta: "1 place", text: "A \"quoted\" line"),
                .init(title: "Walk </script>", path: "tours/walk-script/", meta: "Tour · 1 stop", text: "Short"),
                .init(title: "About", path: "about/", meta: "Page", text: ""),
                .init(title: "How to use", path: "guide/", meta: "Page", text: "Lists and maps."),
            ])
        let json = SearchPages.json(entries)
        // Escaped as every JSON of the site: no `<` or `>` that could end a script element.
        #expect(!json.contains("<") && !json.contains(">"))
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(decoded?["v"] as? Int == SearchPages.formatVersion)
        let first = (decoded?["pages"] as? [[String: String]])?.first
        #expect(first == ["t": "Solo & <b>bold</b>", "p": "solo/", "m": "1 place", "x": "A \"quoted\" line"])
    }
}

@Suite("Search: group and region pages")
struct SearchGroupPagesTests {
    static let yaml = """
        name: shops
        title: Corner shops
        source: shops.csv
        item_title: name
        latitude: lat
        longitude: lon
        fields: [{name: kind, label: Kind of shop}]
        regions: {source: regions.geojson, name: name, field: area}
        group_by: [area, kind]
        """

    static func dataset() throws -> Dataset {
        try GroupedDataset.make(
            yaml,
            rows: [
                ["area": "North", "kind": "Bakery"], ["area": "North", "kind": "Grocer"], ["kind": "Bakery"],
            ])
    }

    @Test("each field's index, then its values in index order; regions without places too")
    func groupsAndRegions() throws {
        let dataset = try Self.dataset()
        let regions = try RegionFiles.load(
            RegionFiles.collection([
                RegionFiles.feature("North", rings: [RegionFiles.square(0, 0)]),
                RegionFiles.feature("South & <Sea>", rings: [RegionFiles.square(0, 2)]),
            ]), config: RegionsConfig(source: "regions.geojson", nameProperty: "name", field: "area"))
        let entries = SearchPages.groupEntries(dataset: dataset, groups: DatasetGroups(dataset), regions: regions)
        #expect(
            entries == [
                .init(title: "Corner shops by area", path: "shops/by/area/", meta: "2 values", text: ""),
                .init(title: "North", path: "shops/by/area/north/", meta: "Area · 2 places", text: "Corner shops"),
                .init(
                    title: "South & <Sea>", path: "shops/by/area/south-sea/", meta: "Area · no places",
                    text: "Corner shops"),
                .init(title: "Corner shops by kind of shop", path: "shops/by/kind/", meta: "2 values", text: ""),
                .init(
                    title: "Bakery", path: "shops/by/kind/bakery/", meta: "Kind of shop · 2 places",
                    text: "Corner shops"),
                .init(
                    title: "Grocer", path: "shops/by/kind/grocer/", meta: "Kind of shop · 1 place", text: "Corner shops"
                ),
            ])
        // The paths are those of the pages the site has: the same as the item pages' links.
        let links = GroupPages.links(dataset, DatasetGroups(dataset))
        #expect(links["kind"]?["Grocer"] == "shops/by/kind/grocer/")
        #expect(links["area"]?["North"] == "shops/by/area/north/")
    }

    @Test("a field with more values than the limit gives its index page alone")
    func limit() throws {
        let dataset = try Self.dataset()
        let entries = SearchPages.groupEntries(
            dataset: dataset, groups: DatasetGroups(dataset), regions: nil, limit: 1)
        #expect(entries.map(\.path) == ["shops/by/area/", "shops/by/area/north/", "shops/by/kind/"])
    }

    @Test("group pages come after the datasets, tours and Markdown pages")
    func order() throws {
        let dataset = try Self.dataset()
        let entries = SearchPages.entries(
            datasets: [dataset], tours: [], pages: [], groups: [dataset.name: DatasetGroups(dataset)])
        #expect(entries.first?.path == "shops/")
        #expect(entries.count == 6)  // without the regions, no page for "South"
        #expect(entries.dropFirst().allSatisfy { $0.path.hasPrefix("shops/by/") })
    }
}
