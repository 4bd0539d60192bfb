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
