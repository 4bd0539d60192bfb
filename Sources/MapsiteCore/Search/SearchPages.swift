import Foundation

/// The site's own pages for the search box, beside its places: each dataset's list, each tour and
/// each Markdown page, in `search/pages.json`:
///
///     {"v":1,"pages":[{"t":title,"p":path,"m":what it is,"x":text}, …]}
///
/// `p` is the page's site path (`boxes/`, `tours/walk/`), `m` what the result line says of it
/// ("300 places", "Tour · 30 stops", "Page"), and `x` the text matched besides the title (the
/// description). There are few such pages, so `search.js` loads the file whole on first use and
/// matches its words in the browser, by the same rules as places: every word, the last one also
/// as the start of a word.
enum SearchPages {
    static let path = "search/pages.json"
    static let formatVersion = 1

    struct Entry: Equatable {
        var title: String
        var path: String
        var meta: String
        var text: String
    }

    /// Datasets in their order, then tours, then Markdown pages (the README as the About page).
    static func entries(datasets: [Dataset], tours: [PlannedTour], pages: [Page]) -> [Entry] {
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
