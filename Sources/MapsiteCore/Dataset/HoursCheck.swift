import Foundation

/// Values of fields shown as `hours` that are not in the subset of `opening_hours` mapsite reads
/// (`WeeklyHours`): they are shown as text, and the build says which rows have them.
enum HoursCheck {
    /// One warning per such field of `dataset`, with the number of values and the first rows.
    static func warnings(_ dataset: Dataset) -> [String] {
        let kept = dataset.config.keptFields
        return dataset.config.fields.filter { $0.format == .hours }.compactMap { field in
            guard let column = kept.firstIndex(of: field.name) else { return nil }
            let unread = dataset.items.filter { item in
                let value = item.values[column].trimmingCharacters(in: .whitespaces)
                return !value.isEmpty && WeeklyHours(value) == nil
            }
            guard !unread.isEmpty else { return nil }
            let examples = unread.prefix(3).map { "\($0.origin) \"\($0.values[column])\"" }.joined(separator: ", ")
            return
                "\(dataset.config.source): \(unread.count) of \(dataset.items.count) values of \"\(field.name)\" are not hours such as \"Mo-Fr 17:00; Sa 12:00\", shown as text (\(examples)\(unread.count > 3 ? ", …" : ""))"
        }
    }
}
