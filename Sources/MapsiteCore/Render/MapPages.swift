import Foundation

/// The pages that draw datasets on a map: a full-screen map per dataset, one of all datasets as
/// layers (`map/`), the near-me page and the favourites page.
struct MapPages {
    static let favouritesPath = "favourites/"

    let context: SiteContext
    let datasets: [Dataset]
    /// What a dataset's map page carries for its first view (`MapFirstView`), by dataset name.
    var firstViews: [String: String] = [:]
    /// What a dataset's map page carries of its filters (`CarriedFilters`), by dataset name.
    var carriedFilters: [String: CarriedFilters] = [:]

    func render(into pages: inout PageSet) throws {
        var maps = datasets.map { ([$0], "\($0.name)/map/", $0.config.title) }
        if datasets.count > 1 { maps.append((datasets, "map/", "All places")) }
        for (shown, path, title) in maps {
            var view = context.page(at: path, title: "Map of \(title.prefix(1).lowercased() + title.dropFirst())")
            let root = SitePath.root(from: path)
            view["heading"] = .text(title)
            view["names"] = .text(shown.map(\.name).joined(separator: " "))
            Self.addTitlesAndColors(of: shown, to: &view)
            view["count"] = .text(NumberText.grouped(shown.reduce(0) { $0 + $1.items.count }))
            view["listURL"] = .text(shown.count == 1 ? root + shown[0].name + "/" : SitePath.link(from: path, to: ""))
            view["nearURL"] = .text(root + "near/" + (shown.count == 1 ? "?dataset=\(shown[0].name)" : ""))
            // Each tile manifest, asked for (page/first-view.js) with the scripts rather than once
            // they have run: on a slow network that is a round trip sooner to Leaflet's markers.
            view["manifests"] = .list(shown.map { ["url": .text(root + "tiles/\($0.name)/index.json")] })
            // A dataset's own map draws its first view from the page (page/first-view.js), before
            // Leaflet or any tile has come.
            if shown.count == 1, let firstView = firstViews[shown[0].name] { view["firstView"] = .text(firstView) }
            // A dataset with `filters:` has its filter panel (page/filter-panel.js) on its own map.
            // Its index is asked for with the tile manifest: the query's places are known sooner.
            if shown.count == 1 && !shown[0].config.filters.isEmpty {
                view["explore"] = .text(shown[0].name)
                // A filter in the query asks for its files (page/filter-preload.js) and draws its
                // first view from the manifest and index the page carries (filtered-first-view.js).
                if let carried = carriedFilters[shown[0].name] {
                    view["filterIndex"] = .text(carried.index)
                    view["tileManifest"] = .text(carried.manifest)
                    view["filterFiles"] = .text(root + "tiles/\(shown[0].name)/filters/")
                }
                // The filter whose values colour the places (page/colour-legend.js).
                if let field = shown[0].config.colourBy,
                    let index = shown[0].config.filters.firstIndex(where: { $0.field == field })
                {
                    view["colourBy"] = .text(String(index))
                }
                view["manifests"] = .list(
                    ["tiles/\(shown[0].name)/index.json", "tiles/\(shown[0].name)/filters/index.json"].map {
                        ["url": .text(root + $0)]
                    })
            }
            view["bodyClass"] = "map"
            try pages.addPage(view, at: path, template: "map")
        }
        var near = context.page(at: "near/", title: "Near me")
        near["bodyClass"] = "near"
        // The datasets whose point tiles have `list_fields` values beside them (.fields.json).
        near["listFieldsJSON"] = .text(
            JSONWriter.encode(.array(datasets.filter { !$0.config.listFields.isEmpty }.map { .string($0.name) })))
        // The datasets with filters: the near page keeps to a map's filters (page/near.js).
        near["filtersJSON"] = .text(
            JSONWriter.encode(.array(datasets.filter { !$0.config.filters.isEmpty }.map { .string($0.name) })))
        try pages.addPage(near, at: "near/", template: "near")
        // The places a visitor saved: the page is the same for everyone, its script fills it in.
        var favourites = context.page(at: Self.favouritesPath, title: "Favourites")
        Self.addTitlesAndColors(of: datasets, to: &favourites)
        favourites["bodyClass"] = "favourites"
        try pages.addPage(favourites, at: Self.favouritesPath, template: "favourites")
    }

    /// `titlesJSON` and `colorsJSON`: each dataset's title and map colour by name, for the
    /// scripts of pages that draw several datasets.
    private static func addTitlesAndColors(of datasets: [Dataset], to view: inout TemplateObject) {
        view["titlesJSON"] = .text(JSONWriter.encode(.object(datasets.map { ($0.name, .string($0.config.title)) })))
        view["colorsJSON"] = .text(JSONWriter.encode(.object(datasets.map { ($0.name, .string($0.config.color)) })))
    }
}

/// What the map page of a dataset with filters carries (map.mustache): its tile manifest
/// (`tiles/<dataset>/index.json`) and its filter index (`filters/index.json`).
struct CarriedFilters {
    var manifest: String
    var index: String
}
