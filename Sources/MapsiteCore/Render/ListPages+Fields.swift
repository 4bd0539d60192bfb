import Foundation

/// The fields a list entry shows beside its title: the dataset's `list_fields`, or, without them,
/// the first field's value as a short summary.
extension ListPages {
    /// What an entry of item `index` shows: `summary` (no `list_fields`), or `fields`, each with
    /// its `label`, its `value` as formatted, and for an `hours` field `hours.week` and
    /// `hours.zone`, from which `core/hours.js` says the next time.
    static func shownFields(of index: Int, in dataset: Dataset) -> TemplateObject {
        let config = dataset.config
        let item = dataset.items[index]
        guard !config.listFields.isEmpty else {
            let shown = item.values.prefix(config.fields.count)
            return [
                "summary": .optional(shown.first { !$0.isEmpty && $0 != item.title }.map(ShownText.cut)),
                "fields": .list([]),
            ]
        }
        var fields: [TemplateValue] = []
        for name in config.listFields {
            guard let column = config.fields.firstIndex(where: { $0.name == name }), !item.values[column].isEmpty
            else { continue }
            let field = config.fields[column]
            let value = item.values[column]
            var entry: TemplateObject = [
                "label": .text(field.label), "value": .text(ShownText.cut(field.format.format(value))),
            ]
            if field.format == .hours, let week = WeeklyHours(value) {
                entry["hours"] = .object(["week": .text(week.json), "zone": .optional(config.timeZone)])
            } else {
                entry["hours"] = .bool(false)
            }
            fields.append(.object(entry))
        }
        return ["summary": .bool(false), "fields": .list(fields)]
    }

    /// Whether the dataset's list entries show an `hours` field, whose next time `core/hours.js` says.
    static func hasHoursField(_ dataset: Dataset) -> Bool {
        dataset.config.listFields.contains { name in
            dataset.config.fields.contains { $0.name == name && $0.format == .hours }
        }
    }
}
