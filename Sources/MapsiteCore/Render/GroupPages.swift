import Foundation
import MapsiteGeo

/// Pages of a dataset's groups: for each `group_by` field an index of its values
/// (`boxes/by/zip/`) and for each value a page with its aggregates, a map of its places and
/// their list (`boxes/by/zip/60601/`). A field filled from `regions:` also draws each region's
/// polygon, and lists regions that hold no place.
struct GroupPages {
    /// Groups larger than this get no points file; their map links to the dataset's map instead.
    static let pointsLimit = 20_000

    let context: SiteContext
    let dataset: Dataset
    let groups: DatasetGroups
    let regions: RegionSet?
    /// The position of each item in the dataset's list order, to list a group's places in it.
    let listRank: [Int]
    let pageSize: Int

    static func indexPath(dataset: String, field: String) -> String {
        "\(dataset)/by/\(Slug.make(from: field))/"
    }

    /// Site paths of each group by field and value, for links from item pages.
    static func links(_ dataset: Dataset, _ groups: DatasetGroups) -> [String: [String: String]] {
        var links: [String: [String: String]] = [:]
        for index in groups.indexes {
            let base = indexPath(dataset: dataset.name, field: index.field)
            links[index.field] = Dictionary(uniqueKeysWithValues: index.groups.map { ($0.value, base + $0.slug + "/") })
        }
        return links
    }

    /// Renders every page and points file into `pages`.
    func render(into pages: inout PageSet) throws {
        for index in groups.indexes {
            let groupList = Self.pages(of: index, dataset: dataset, regions: regions)
            let isRegionField = regions != nil && index.field == dataset.config.regions?.field
            let base = Self.indexPath(dataset: dataset.name, field: index.field)
            let shapes =
                isRegionField
                ? Dictionary(regions!.regions.map { ($0.name, $0.shape) }, uniquingKeysWith: { a, _ in a }) : [:]
            if isRegionField {
                let columns = Self.indexColumns(of: dataset)
                pages.addFile(
                    base + RegionsMapFile.name,
                    RegionsMapFile.json(groups: groupList, base: base, shapes: shapes, columns: columns))
            }
            try pages.addPage(
                indexView(index, groupList, base: base, regionsFile: isRegionField), at: base, template: "group-index")
            for group in groupList {
                let path = base + group.slug + "/"
                let order = group.members.sorted { listRank[$0] < listRank[$1] }
                let list = ListPages(
                    context: context, dataset: dataset, basePath: path, order: order, pageSize: pageSize)
                let hasPoints = group.count <= Self.pointsLimit && (group.count > 0 || shapes[group.value] != nil)
                if hasPoints { pages.addFile(path + "points.json", pointsJSON(order, shape: shapes[group.value])) }
                for number in 1...list.pageCount {
                    try pages.addPage(
                        groupView(index, group, list: list, page: number, hasPoints: hasPoints),
                        at: list.path(page: number), template: "group")
                }
            }
        }
    }

    /// The groups of `index` that get a page, in its order: for a field filled from `regions:`,
    /// each region that holds no place follows, with a slug of its own.
    static func pages(of index: GroupIndex, dataset: Dataset, regions: RegionSet?) -> [GroupIndex.Group] {
        var groupList = index.groups
        guard let regions, index.field == dataset.config.regions?.field else { return groupList }
        let present = Set(groupList.map(\.value))
        var slugs = Set(groupList.map(\.slug))
        for region in regions.regions where !present.contains(region.name) {
            var slug = region.slug
            var counter = 2
            while !slugs.insert(slug).inserted {
                slug = "\(region.slug)-\(counter)"
                counter += 1
            }
            groupList.append(.init(value: region.name, slug: slug, members: [], aggregates: []))
        }
        return groupList
    }

    /// The label of `field` as the dataset's pages show it.
    static func label(of field: String, in dataset: Dataset) -> String {
        dataset.config.fields.first { $0.name == field }?.label ?? Label.from(field)
    }

    /// The statistic each aggregate shows in the index table: the median when configured.
    private static func indexStatistic(_ field: DatasetConfig.AggregateField) -> Aggregate.Statistic? {
        field.statistics.contains(.median) ? .median : field.statistics.first { $0 != .count }
    }

    /// A number column of the index table (and a choice of the regions map): its label, and each
    /// group's value (nil: none) and its text.
    struct IndexColumn {
        var label: String
        var cell: (GroupIndex.Group) -> (value: Double?, text: String)
    }

    /// The number of places, then the index statistic of each aggregate of `dataset`.
    static func indexColumns(of dataset: Dataset) -> [IndexColumn] {
        var columns = [IndexColumn(label: "Places") { (Double($0.count), NumberText.grouped($0.count)) }]
        for (position, field) in dataset.config.aggregates.enumerated() {
            guard let statistic = indexStatistic(field) else { continue }
            columns.append(
                IndexColumn(label: "\(statistic.label) \(field.label.lowercased())") { group in
                    let aggregate = position < group.aggregates.count ? group.aggregates[position] : nil
                    return (aggregate?.value(of: statistic), aggregate?.text(statistic) ?? "–")
                })
        }
        return columns
    }

    private func indexView(
        _ index: GroupIndex, _ groups: [GroupIndex.Group], base: String, regionsFile: Bool
    ) -> TemplateObject {
        let root = SitePath.root(from: base)
        let label = Self.label(of: index.field, in: dataset)
        var view = context.page(
            at: base, title: "\(dataset.config.title) by \(label.lowercased())",
            description:
                "\(NumberText.grouped(groups.count)) values of \(label.lowercased()), with the number of places in each."
        )
        let numbers = Self.indexColumns(of: dataset)
        view["columns"] = .list(
            [["label": .text(label), "kind": "text"]] + numbers.map { ["label": .text($0.label), "kind": "number"] })
        view["rows"] = .list(
            groups.map { group in
                let cells: [TemplateValue] = numbers.map { column in
                    let (value, text) = column.cell(group)
                    // For sorting, as regions.json writes it.
                    return [
                        "text": .text(text), "value": .text(value.map { JSONWriter.format($0, decimals: 6) } ?? ""),
                    ]
                }
                return [
                    "value": .text(group.value), "url": .text(root + base + group.slug + "/"), "cells": .list(cells),
                ]
            })
        view["regionsURL"] = .optional(regionsFile ? root + base + RegionsMapFile.name : nil)
        view["field"] = .text(label)
        view["ungrouped"] = .optional(
            index.ungrouped.isEmpty
                ? nil : "\(NumberText.grouped(index.ungrouped.count)) places have no \(label.lowercased()).")
        view["dataset"] = DatasetLinks.view(dataset, root: root)
        view["bodyClass"] = "groups"
        return view
    }

    private func groupView(
        _ index: GroupIndex, _ group: GroupIndex.Group, list: ListPages, page: Int, hasPoints: Bool
    ) -> TemplateObject {
        let path = list.path(page: page)
        let root = SitePath.root(from: path)
        let label = Self.label(of: index.field, in: dataset)
        let title = page == 1 ? group.value : "\(group.value), page \(page)"
        var view = context.page(
            at: path, title: title,
            description:
                "\(NumberText.grouped(group.count)) of \(dataset.config.title.lowercased()) with \(label.lowercased()) \(group.value)."
        )
        let (items, range) = list.entries(page: page, root: root)
        view["items"] = items
        view["listHours"] = .bool(ListPages.hasHoursField(dataset))
        view["range"] = .text(range)
        view["count"] = .text(NumberText.grouped(group.count))
        view["hasItems"] = .bool(group.count > 0)
        view["pagination"] = list.pagination(page: page, root: root)
        view["field"] = [
            "label": .text(label), "url": .text(root + Self.indexPath(dataset: dataset.name, field: index.field)),
        ]
        view["aggregates"] = .list(
            zip(dataset.config.aggregates, group.aggregates).map { field, aggregate in
                [
                    "label": .text(field.label),
                    // Values kept by skip_invalid that are not numbers: the figures leave them out.
                    "stats": .list(
                        field.statistics.map { statistic in
                            ["label": .text(statistic.label), "text": .text(aggregate.text(statistic) ?? "–")]
                        }
                            + (aggregate.invalid == 0
                                ? []
                                : [
                                    [
                                        "label": "Left out (not numbers)",
                                        "text": .text(NumberText.grouped(aggregate.invalid)),
                                    ]
                                ])),
                ]
            })
        view["hasAggregates"] = .bool(!group.aggregates.isEmpty && group.count > 0)
        view["pointsURL"] = .optional(hasPoints ? root + list.basePath + "points.json" : nil)
        view["dataset"] = DatasetLinks.view(dataset, root: root)
        view["bodyClass"] = "group"
        return view
    }

    /// `{"p":[[lat,lon,"title","slug"],…],"shape":<GeoJSON geometry or null>}`.
    private func pointsJSON(_ members: [Int], shape: MultiPolygon?) -> String {
        var points: [JSONWriter.Value] = []
        points.reserveCapacity(members.count)
        for index in members {
            let item = dataset.items[index]
            points.append(
                .array([
                    .number(item.point.latitude, decimals: 6), .number(item.point.longitude, decimals: 6),
                    .string(ShownText.cut(item.title)), .string(item.slug),
                ]))
        }
        let geometry = shape.map(RegionsMapFile.geometry) ?? .null
        return JSONWriter.encode(.object([("p", .array(points)), ("shape", geometry)])) + "\n"
    }
}
