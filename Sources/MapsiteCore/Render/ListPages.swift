import Foundation

/// A list of items split into pages: `boxes/`, `boxes/page/2/`, … — a whole dataset's, or a
/// group's under `boxes/by/block/<value>/`.
struct ListPages {
    let context: SiteContext
    let dataset: Dataset
    /// The folder of the first page; later pages are `page/N/` below it.
    let basePath: String
    /// Indices into `dataset.items`, in the order the list shows them.
    let order: [Int]
    let pageSize: Int

    /// The whole dataset, by title.
    init(context: SiteContext, dataset: Dataset, pageSize: Int, order: [Int]? = nil) {
        self.init(
            context: context, dataset: dataset, basePath: dataset.name + "/",
            order: order ?? Self.titleOrder(dataset.items), pageSize: pageSize)
    }

    init(context: SiteContext, dataset: Dataset, basePath: String, order: [Int], pageSize: Int) {
        self.context = context
        self.dataset = dataset
        self.basePath = basePath
        self.order = order
        self.pageSize = max(1, pageSize)
    }

    var pageCount: Int { max(1, (order.count + pageSize - 1) / pageSize) }

    func path(page: Int) -> String {
        page == 1 ? basePath : basePath + "page/\(page)/"
    }

    /// Items by title in `NaturalOrder`, accents folded (`Été` with `ete`); ties by id.
    static func titleOrder(_ items: [Item]) -> [Int] {
        let keys = items.map { item in
            item.title.utf8.allSatisfy { $0 < 0x80 }
                ? item.title : item.title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
        return NaturalOrder.order(of: keys) { items[$0].id < items[$1].id }
    }

    /// The list entries of page `page`, linked from a page whose way back to the root is `root`.
    func entries(page: Int, root: String) -> (items: TemplateValue, range: String) {
        let config = dataset.config
        let start = (page - 1) * pageSize
        let slice = order[min(start, order.count)..<min(start + pageSize, order.count)]
        var items: [TemplateValue] = []
        items.reserveCapacity(slice.count)
        for index in slice {
            let item = dataset.items[index]
            var entry = Self.shownFields(of: index, in: dataset)
            entry["title"] = .text(ShownText.cut(item.title))
            entry["url"] = .text(root + ItemPage.path(dataset: config.name, slug: item.slug))
            entry["thumbnail"] = .optional(item.thumbnail.flatMap { ItemPage.resolve($0, root: root) })
            items.append(.object(entry))
        }
        let first = slice.isEmpty ? 0 : start + 1
        return (.list(items), "\(NumberText.grouped(first))–\(NumberText.grouped(start + slice.count))")
    }

    /// The view of a page of the whole dataset's list; render it on top of `context.shared(at: path)`.
    func view(page: Int) -> TemplateObject {
        let config = dataset.config
        let path = self.path(page: page)
        let root = SitePath.root(from: path)
        let title = page == 1 ? config.title : "\(config.title), page \(page)"
        var view = context.page(at: path, title: title, description: config.description)
        let (items, range) = entries(page: page, root: root)
        view["items"] = items
        view["listHours"] = .bool(Self.hasHoursField(dataset))
        view["dataset"] = DatasetLinks.view(dataset, root: root)
        view["pagination"] = pagination(page: page, root: root)
        view["range"] = .text(range)
        view["pageSize"] = .text(String(pageSize))
        view["bodyClass"] = "list"
        return view
    }

    func pagination(page: Int, root: String) -> TemplateValue {
        var pagination: TemplateObject = [
            "current": .text(String(page)), "total": .text(String(pageCount)), "multiple": .bool(pageCount > 1),
        ]
        if page > 1 { pagination["prev"] = .text(root + path(page: page - 1)) }
        if page < pageCount { pagination["next"] = .text(root + path(page: page + 1)) }
        // First, last, and the pages near this one; gaps shown once.
        var numbers: [TemplateValue] = []
        var last = 0
        for number in 1...pageCount where number == 1 || number == pageCount || abs(number - page) <= 2 {
            if number - last > 1 { numbers.append(["gap": true]) }
            numbers.append([
                "number": .text(String(number)), "url": .text(root + path(page: number)),
                "current": .bool(number == page),
            ])
            last = number
        }
        pagination["pages"] = .list(numbers)
        return .object(pagination)
    }
}
