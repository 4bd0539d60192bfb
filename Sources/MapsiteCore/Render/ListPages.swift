import Foundation

/// A dataset's item list, split into pages: `boxes/`, `boxes/page/2/`, …
struct ListPages {
    let context: SiteContext
    let dataset: Dataset
    /// Indices into `dataset.items`, in the order the list shows them.
    let order: [Int]
    let pageSize: Int

    init(context: SiteContext, dataset: Dataset, pageSize: Int) {
        self.context = context
        self.dataset = dataset
        self.pageSize = max(1, pageSize)
        self.order = Self.titleOrder(dataset.items)
    }

    var pageCount: Int { max(1, (order.count + pageSize - 1) / pageSize) }

    static func path(dataset: String, page: Int) -> String {
        page == 1 ? "\(dataset)/" : "\(dataset)/page/\(page)/"
    }

    /// Items by title, case and accents folded, with numbers in natural order; ties by id.
    static func titleOrder(_ items: [Item]) -> [Int] {
        let keys = items.map { $0.title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        return items.indices.sorted { a, b in
            switch keys[a].compare(keys[b], options: [.numeric]) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return items[a].id < items[b].id
            }
        }
    }

    func view(page: Int) -> [String: Any] {
        let config = dataset.config
        let path = Self.path(dataset: config.name, page: page)
        let root = SitePath.root(from: path)
        let title = page == 1 ? config.title : "\(config.title), page \(page)"
        var view = context.view(at: path, title: title, description: config.description)
        let start = (page - 1) * pageSize
        let slice = order[min(start, order.count)..<min(start + pageSize, order.count)]
        view["items"] = slice.map { index -> [String: Any] in
            let item = dataset.items[index]
            var entry: [String: Any] = [
                "title": item.title,
                "url": SitePath.link(from: path, to: ItemPage.path(dataset: config.name, slug: item.slug)),
            ]
            if let summary = item.values.first(where: { !$0.isEmpty && $0 != item.title }) {
                entry["summary"] = summary
            }
            if let thumbnail = item.thumbnail.flatMap({ ItemPage.resolve($0, root: root) }) {
                entry["thumbnail"] = thumbnail
            }
            return entry
        }
        view["dataset"] = [
            "name": config.name, "title": config.title, "description": config.description,
            "count": NumberText.grouped(dataset.items.count),
            "mapURL": SitePath.link(from: path, to: config.name + "/map/"),
            "geojsonURL": SitePath.link(from: path, to: "downloads/\(config.name).geojson"),
            "csvURL": SitePath.link(from: path, to: "downloads/\(config.name).csv"),
        ]
        view["pagination"] = pagination(page: page, from: path)
        view["range"] =
            "\(NumberText.grouped(slice.isEmpty ? 0 : start + 1))–\(NumberText.grouped(start + slice.count))"
        view["bodyClass"] = "list"
        return view
    }

    private func pagination(page: Int, from path: String) -> [String: Any] {
        let name = dataset.config.name
        var pagination: [String: Any] = ["current": page, "total": pageCount, "multiple": pageCount > 1]
        if page > 1 { pagination["prev"] = SitePath.link(from: path, to: Self.path(dataset: name, page: page - 1)) }
        if page < pageCount {
            pagination["next"] = SitePath.link(from: path, to: Self.path(dataset: name, page: page + 1))
        }
        // First, last, and the pages near this one; gaps shown once.
        var numbers: [[String: Any]] = []
        var last = 0
        for number in 1...pageCount where number == 1 || number == pageCount || abs(number - page) <= 2 {
            if number - last > 1 { numbers.append(["gap": true]) }
            numbers.append([
                "number": number, "url": SitePath.link(from: path, to: Self.path(dataset: name, page: number)),
                "current": number == page,
            ])
            last = number
        }
        pagination["pages"] = numbers
        return pagination
    }
}
