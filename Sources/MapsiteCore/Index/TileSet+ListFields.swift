import Foundation
import MapsiteGeo

/// The values of a dataset's `list_fields` for the browser, beside its point tiles: the near-me
/// page shows them beside each place it finds. Kept out of the tiles themselves, so that the
/// maps, which never show them, do not carry them, and a tile keeps its budget.
extension TileSet {
    /// `tiles/<dataset>/<z>/<x>/<y>.fields.json` for each point tile, none when the dataset has
    /// no `list_fields`: `{"f":[{"label":…,"hours":true}…],"zone":…,"t":[…],"v":{"<id>":[…]}}`:
    /// `t` holds each distinct value of the tile once, the text as pages show it, or for an
    /// `hours` field `[text, week]`, the week as `core/hours.js` reads it; `v` gives each place of the
    /// tile, by id, one index into `t` per field, or `null` when its value is empty.
    /// - Complexity: O(n) over the places of the dataset.
    public func listFieldFiles(of dataset: Dataset) -> [(path: String, json: String)] {
        let config = dataset.config
        let columns = config.listFields.compactMap { name in config.fields.firstIndex { $0.name == name } }
        guard !columns.isEmpty else { return [] }
        let header: [(String, JSONWriter.Value)] = [
            (
                "f",
                .array(
                    columns.map { column in
                        .object([
                            ("label", .string(config.fields[column].label)),
                            ("hours", .bool(config.fields[column].format == .hours)),
                        ])
                    })
            ),
            ("zone", config.timeZone.map(JSONWriter.Value.string) ?? .null),
        ]
        let base = "tiles/\(dataset.name)/"
        return pyramid.leaves.map { leaf in
            // Each distinct value once, in "t"; places name theirs by its index there (collection
            // times repeat across a whole city).
            var table: [JSONWriter.Value] = []
            var indexOf: [String: Int] = [:]
            let values = leaf.points.map { point -> (String, JSONWriter.Value) in
                let item = dataset.items[Int(point)]
                return (
                    item.id,
                    .array(
                        columns.map { column in
                            let value = item.values[column]
                            guard !value.isEmpty else { return .null }
                            let key = "\(column) \(value)"
                            if let known = indexOf[key] { return .int(known) }
                            indexOf[key] = table.count
                            table.append(Self.listValue(value, config.fields[column]))
                            return .int(table.count - 1)
                        })
                )
            }
            let path = base + "\(leaf.key.z)/\(leaf.key.x)/\(leaf.key.y).fields.json"
            let file = JSONWriter.Value.object(header + [("t", .array(table)), ("v", .object(values))])
            return (path, JSONWriter.encode(file) + "\n")
        }
    }

    private static func listValue(_ value: String, _ field: DatasetConfig.Field) -> JSONWriter.Value {
        let text = ShownText.cut(field.format.format(value))
        guard field.format == .hours, let week = WeeklyHours(value) else { return .string(text) }
        let days = week.days.map { times in
            JSONWriter.Value.array(
                times.map { time in
                    switch time {
                    case .moment(let minute): .array([.int(minute)])
                    case .span(let start, let end): .array([.int(start), .int(end)])
                    }
                })
        }
        return .array([.string(text), .array(days)])
    }
}
