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

    /// The page's own view; render it on top of `context.shared(at: path)`.
    func view(page: Int) -> TemplateValue {
        let config = dataset.config
        let path = Self.path(dataset: config.name, page: page)
        let root = SitePath.root(from: path)
        let title = page == 1 ? config.title : "\(config.title), page \(page)"
        var view = context.page(at: path, title: title, description: config.description)
        let start = (page - 1) * pageSize
        let slice = order[min(start, order.count)..<min(start + pageSize, order.count)]
        view["items"] = .list(
            slice.map { index in
                let item = dataset.items[index]
                return [
                    "title": .text(item.title),
                    "url": .text(root + ItemPage.path(dataset: config.name, slug: item.slug)),
                    "summary": .optional(item.values.first { !$0.isEmpty && $0 != item.title }),
                    "thumbnail": .optional(item.thumbnail.flatMap { ItemPage.resolve($0, root: root) }),
                ]
            })
        view["dataset"] = [
            "name": .text(config.name), "title": .text(config.title), "description": .optional(config.description),
            "count": .text(NumberText.grouped(dataset.items.count)),
            "mapURL": .text(root + config.name + "/map/"),
            "geojsonURL": .text(root + "downloads/\(config.name).geojson"),
            "csvURL": .text(root + "downloads/\(config.name).csv"),
        ]
        view["pagination"] = pagination(page: page, root: root)
        let first = slice.isEmpty ? 0 : start + 1
        view["range"] = .text("\(NumberText.grouped(first))–\(NumberText.grouped(start + slice.count))")
        view["bodyClass"] = "list"
        return .object(view)
    }

    private func pagination(page: Int, root: String) -> TemplateValue {
        let name = dataset.config.name
        var pagination: [String: TemplateValue] = [
            "current": .text(String(page)), "total": .text(String(pageCount)), "multiple": .bool(pageCount > 1),
        ]
        if page > 1 { pagination["prev"] = .text(root + Self.path(dataset: name, page: page - 1)) }
        if page < pageCount { pagination["next"] = .text(root + Self.path(dataset: name, page: page + 1)) }
        // First, last, and the pages near this one; gaps shown once.
        var numbers: [TemplateValue] = []
        var last = 0
        for number in 1...pageCount where number == 1 || number == pageCount || abs(number - page) <= 2 {
            if number - last > 1 { numbers.append(["gap": true]) }
            numbers.append([
                "number": .text(String(number)), "url": .text(root + Self.path(dataset: name, page: number)),
                "current": .bool(number == page),
            ])
            last = number
        }
        pagination["pages"] = .list(numbers)
        return .object(pagination)
    }
}
