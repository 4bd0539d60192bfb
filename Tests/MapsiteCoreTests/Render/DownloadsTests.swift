import Testing

@testable import MapsiteCore

@Suite("Downloads")
struct DownloadsTests {
    @Test(
        "CSV quoting",
        arguments: [
            ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("a\nb", "\"a\nb\""),
            ("a\r\nb", "\"a\r\nb\""), ("", ""), ("Café", "Café"),
        ])
    func quote(value: String, quoted: String) {
        #expect(Downloads.quote(value) == quoted)
    }

    @Test(
        "spreadsheet formulas are defused",
        arguments: [("=SUM(A1)", "'=SUM(A1)"), ("+1 555", "'+1 555"), ("@cmd", "'@cmd"), ("-x", "'-x")])
    func formula(value: String, quoted: String) {
        #expect(Downloads.quote(value) == quoted)
    }

    @Test("negative numbers are not formulas") func negativeNumber() {
        #expect(Downloads.quote("-87.6278") == "-87.6278")
    }
}

@Suite("ListPages")
struct ListPagesTests {
    private func item(_ id: String, _ title: String) throws -> Item {
        let dataset = try TestDataset.load("title,latitude,longitude\n\(title),1,2", "source: a.csv")
        var item = try #require(dataset.items.first)
        item.id = id
        return item
    }

    @Test("titles in natural order, case and accents folded; ties by the exact title, then by id")
    func titleOrder() throws {
        let items = try [
            item("1", "Box 10"), item("2", "box 9"), item("3", "Été"), item("4", "Eta"), item("7", "Box 9"),
            item("0", "Box 9"), item("5", "Ete"),
        ]
        #expect(ListPages.titleOrder(items).map { items[$0].id } == ["0", "7", "2", "1", "4", "5", "3"])
    }

    @Test("list page paths") func paths() throws {
        let dataset = try TestDataset.load("title,latitude,longitude\nA,1,2", "source: a.csv")
        let context = SiteContext(config: try ConfigLoader.parse("title: T", file: "site.yml"), menu: [], datasets: [])
        let lists = ListPages(context: context, dataset: dataset, pageSize: 10)
        #expect(lists.path(page: 1) == "\(dataset.name)/")
        #expect(lists.path(page: 3) == "\(dataset.name)/page/3/")
    }
}
