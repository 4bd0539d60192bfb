import Foundation

/// What the derive stage made from the loaded datasets: groups with their aggregates, tours in
/// their order, and what every page shares (`SiteContext`).
struct DerivedSite {
    /// Each dataset's groups, by dataset name.
    var groups: [String: DatasetGroups]
    var tours: [PlannedTour]
    var context: SiteContext
}

extension SiteBuilder {
    /// The derive stage: groups and aggregates, tours, and the site's menu and shared values.
    /// - Throws: `InputErrors` for tours whose stops are no places of their dataset.
    func derive(_ content: SiteContent, _ indexes: [String: DatasetIndex], clock: StageClock) throws -> DerivedSite {
        let datasets = content.datasets
        let groups = Dictionary(uniqueKeysWithValues: datasets.map { ($0.name, DatasetGroups($0)) })
        let groupCount = groups.values.reduce(0) { $0 + $1.indexes.reduce(0) { $0 + $1.groups.count } }
        clock.finish("Grouped items into \(NumberText.grouped(groupCount)) groups")
        let tours = try TourPlans.plan(content.config.tours, datasets: datasets)
        if !tours.isEmpty {
            let stops = NumberText.grouped(tours.reduce(0) { $0 + $1.stops.count })
            clock.finish("Planned \(tours.count) \(tours.count == 1 ? "tour" : "tours") (\(stops) stops)")
        }
        let context = SiteContext(
            config: content.config,
            menu: SiteMenu.entries(content.pages.pages, datasets: datasets, tours: !tours.isEmpty),
            datasets: datasets.map {
                .init(
                    name: $0.name, title: $0.config.title, description: $0.config.description, count: $0.items.count,
                    color: $0.config.color)
            }, assets: content.assetNames)
        return DerivedSite(groups: groups, tours: tours, context: context)
    }
}
