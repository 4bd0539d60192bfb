import Foundation

/// Values of fields shown as `hours` that are not in the subset of `opening_hours` mapsite reads
/// (`WeeklyHours`): they are shown as text, and the build says which rows have them. A value longer
/// than `WeeklyHours.longest` is an error naming the row (with `skip_invalid`, a warning), rather
/// than a page that takes a minute to read it.
enum HoursCheck {
    /// The positions in `DatasetConfig.keptFields` and the names of the fields shown as `hours`.
    static func fields(_ config: DatasetConfig) -> [(position: Int, name: String)] {
        let kept = config.keptFields
        return config.fields.filter { $0.format == .hours }.compactMap { field in
            kept.firstIndex(of: field.name).map { ($0, field.name) }
        }
    }

    /// Whether `value` is longer than an `hours` value may be.
    static func isTooLong(_ value: String) -> Bool { value.utf8.count > WeeklyHours.longest }

    /// What an `hours` value longer than `WeeklyHours.longest` is told, before the value itself.
    static func tooLong(_ value: String) -> String {
        "hours of at most \(WeeklyHours.longest) characters such as \"Mo-Fr 17:00; Sa 12:00\" (this value has "
            + "\(value.utf8.count))"
    }

    /// One warning per such field of `dataset`, with the number of values and the first rows; with
    /// `skip_invalid`, another for the values that are too long.
    static func warnings(_ dataset: Dataset) -> [String] {
        let file = ControlCharacters.escaped(dataset.config.source)
        return fields(dataset.config).flatMap { column, name -> [String] in
            let name = ControlCharacters.escaped(name)
            let long = dataset.items.filter { isTooLong($0.values[column]) }
            let unread = dataset.items.filter { item in
                let value = item.values[column].trimmingCharacters(in: .whitespaces)
                return !value.isEmpty && !isTooLong(value) && WeeklyHours(value) == nil
            }
            var warnings: [String] = []
            if !long.isEmpty {
                let named = long.prefix(20).map { "\($0.origin) (\($0.values[column].utf8.count) characters)" }
                let more = long.count > 20 ? " and \(long.count - 20) more" : ""
                warnings.append(
                    "\(file): \(long.count) of \(dataset.items.count) values of \"\(name)\" are longer than "
                        + "\(WeeklyHours.longest) characters, the most an hours value may have, shown as text "
                        + "as skip_invalid is on: \(named.joined(separator: ", "))\(more)")
            }
            if !unread.isEmpty {
                let examples = unread.prefix(3).map { "\($0.origin) \(InputError.quoted($0.values[column]))" }
                warnings.append(
                    "\(file): \(unread.count) of \(dataset.items.count) values of \"\(name)\" are not hours such as "
                        + "\"Mo-Fr 17:00; Sa 12:00\", shown as text (\(examples.joined(separator: ", "))"
                        + "\(unread.count > 3 ? ", …" : ""))")
            }
            return warnings
        }
    }
}
