import Foundation

/// The site's own pages for the search box, beside its places: each dataset's list, each tour,
/// each Markdown page and the group pages (`group_by`, regions), in `search/pages.json`:
///
///     {"v":1,"pages":[{"t":title,"p":path,"m":what it is,"x":text}, …]}
///
/// `p` is the page's site path (`boxes/`, `tours/walk/`), `m` what the result line says of it
/// ("300 places", "Tour · 30 stops", "Page", "Neighbourhood · 12 places"), and `x` the text
/// matched besides the title (the description; for a group, its dataset's title). There are few
/// such pages, so `core/search.js` loads the file whole on first use and matches its words in the
/// browser, by the same rules as places: every word, the last one also as the start of a word.
/// A group field with more than `groupLimit` values (street blocks, say) gives its index page
/// alone, so that the file stays small.
enum SearchPages {
    static let path = "search/pages.json"
    static let formatVersion = 1
    /// Group fields with more values than this give their index page only.
    static let groupLimit = 1000

    struct Entry: Equatable {
        var title: String
        var path: String
        var meta: String
        var text: String
    }

    /// Datasets in their order, then tours, then Markdown pages (the README as the About page),
    /// then each dataset's group pages (`groupEntries`), the most numerous, last.
    static func entries(
        datasets: [Dataset], tours: [PlannedTour], pages: [Page], groups: [String: DatasetGroups] = [:],
        regions: [String: RegionSet] = [:]
    ) -> [Entry] {
        var entries = datasets.map { dataset in
            Entry(
                title: dataset.config.title, path: dataset.name + "/",
                meta: "\(NumberText.grouped(dataset.items.count)) \(dataset.items.count == 1 ? "place" : "places")",
                text: dataset.config.description)
        }
        entries += tours.map { tour in
            Entry(
                title: tour.config.title, path: TourPages.path(tour.config),
                meta: "Tour · \(NumberText.grouped(tour.stops.count)) \(tour.stops.count == 1 ? "stop" : "stops")",
                text: tour.config.description)
        }
        entries += pages.map { page in
            Entry(
                title: page.source == "README.md" ? page.frontMatter.title ?? "About" : page.title, path: page.path,
                meta: "Page", text: page.frontMatter.description ?? "")
        }
        for dataset in datasets {
            guard let groups = groups[dataset.name] else { continue }
            entries += groupEntries(dataset: dataset, groups: groups, regions: regions[dataset.name])
        }
        return entries
    }

    /// For each group field, its index page, then a page for each value (up to `limit`), in the
    /// order the index lists them; regions with no place included.
    static func groupEntries(
        dataset: Dataset, groups: DatasetGroups, regions: RegionSet?, limit: Int = groupLimit
    ) -> [Entry] {
        var entries: [Entry] = []
        let title = dataset.config.title
        for index in groups.indexes {
            let label = GroupPages.label(of: index.field, in: dataset)
            let base = GroupPages.indexPath(dataset: dataset.name, field: index.field)
            let pages = GroupPages.pages(of: index, dataset: dataset, regions: regions)
            entries.append(
                Entry(
                    title: "\(title) by \(label.lowercased())", path: base,
                    meta: "\(NumberText.grouped(pages.count)) \(pages.count == 1 ? "value" : "values")", text: ""))
            guard pages.count <= limit else { continue }
            for group in pages {
                let count =
                    group.count == 0
                    ? "no places" : "\(NumberText.grouped(group.count)) \(group.count == 1 ? "place" : "places")"
                entries.append(
                    Entry(title: group.value, path: base + group.slug + "/", meta: "\(label) · \(count)", text: title))
            }
        }
        return entries
    }

    static func json(_ entries: [Entry]) -> String {
        JSONWriter.encode(
            .object([
                ("v", .int(formatVersion)),
                (
                    "pages",
                    .array(
                        entries.map { entry in
                            .object([
                                ("t", .string(entry.title)), ("p", .string(entry.path)), ("m", .string(entry.meta)),
                                ("x", .string(entry.text)),
                            ])
                        })
                ),
            ])) + "\n"
    }
}
