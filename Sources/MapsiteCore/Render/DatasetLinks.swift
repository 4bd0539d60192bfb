import Foundation

/// A dataset's name, counts and the links pages show for it: list, map, downloads, groups.
enum DatasetLinks {
    static func view(_ dataset: Dataset, root: String) -> TemplateValue {
        let config = dataset.config
        let groups: [TemplateValue] = config.groupBy.map { field in
            [
                "label": .text(Label.from(field).lowercased()),
                "url": .text(root + GroupPages.indexPath(dataset: config.name, field: field)),
            ]
        }
        return [
            "name": .text(config.name), "title": .text(config.title), "description": .optional(config.description),
            "count": .text(NumberText.grouped(dataset.items.count)), "color": .text(config.color),
            "url": .text(root + config.name + "/"),
            "mapURL": .text(root + config.name + "/map/"),
            "geojsonURL": .text(root + "downloads/\(config.name).geojson"),
            "csvURL": .text(root + "downloads/\(config.name).csv"),
            "groups": .list(groups), "hasGroups": .bool(!groups.isEmpty),
            // A filter panel on its map and list (page/filter-panel.js); list fields beside its tiles.
            "explore": .bool(!config.filters.isEmpty), "listFields": .bool(!config.listFields.isEmpty),
        ]
    }
}
