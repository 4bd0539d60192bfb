import Foundation

/// The items of a dataset grouped by the values of one field: one group, and later one page, for
/// each distinct value.
///
/// Values are compared as written once spaces around them are trimmed, so `Bronx` and `bronx` are two
/// groups (with slugs `bronx` and `bronx-2`). Items whose value is empty belong to no group: they
/// are listed in `ungrouped`, so a page can say how many there are, rather than in a made-up
/// `(none)` group whose name a real value could have.
public struct GroupIndex: Sendable {
    /// One distinct value and its items.
    public struct Group: Sendable, Equatable {
        /// The value, trimmed.
        public var value: String
        /// A safe path segment, unique within the index: lowercase ASCII letters, digits and `-`.
        public var slug: String
        /// Positions in `Dataset.items` of the items with this value, ascending.
        public var members: [Int]
        /// One for each of the dataset's `aggregates`, in the config's order.
        public var aggregates: [Aggregate]

        public var count: Int { members.count }

        /// The aggregate of `field`; nil when the dataset does not aggregate it.
        public func aggregate(of field: String) -> Aggregate? {
            aggregates.first { $0.field == field }
        }
    }

    /// The field grouped by.
    public var field: String
    /// The groups in natural order of their values (`Block 2` before `Block 10`).
    public var groups: [Group]
    /// Positions in `Dataset.items` of the items whose value is empty, ascending.
    public var ungrouped: [Int]

    /// Groups `dataset`'s items by `field`, which must be one of its kept fields, and aggregates
    /// each group's values of the dataset's `aggregates`.
    /// - Complexity: O(n + g log g + a·n) for n items, g groups and a aggregate fields.
    public init(dataset: Dataset, field: String) {
        let columns = NumericColumns(dataset)
        self.init(dataset: dataset, field: field, columns: columns)
    }

    init(dataset: Dataset, field: String, columns: NumericColumns) {
        guard let position = dataset.config.keptFields.firstIndex(of: field) else {
            preconditionFailure("\"\(field)\" is not a kept field of dataset \"\(dataset.name)\"")
        }
        self.field = field
        let items = dataset.items
        var numberOf: [String: Int] = [:]
        var values: [String] = []
        var groupOf = [Int](repeating: -1, count: items.count)
        var sizes: [Int] = []
        var ungrouped: [Int] = []
        for index in items.indices {
            let value = Self.trimmed(items[index].values[position])
            guard !value.isEmpty else {
                ungrouped.append(index)
                continue
            }
            let number = numberOf[value] ?? values.count
            if number == values.count {
                numberOf[value] = number
                values.append(value)
                sizes.append(0)
            }
            groupOf[index] = number
            sizes[number] += 1
        }
        self.ungrouped = ungrouped
        // Members in item order, each array allocated once at its final size.
        var members = sizes.map { size -> [Int] in
            var array: [Int] = []
            array.reserveCapacity(size)
            return array
        }
        for (index, number) in groupOf.enumerated() where number >= 0 { members[number].append(index) }
        let aggregates = columns.aggregates(groupOf: groupOf, groupCount: values.count)
        let order = values.indices.sorted { NaturalOrder.precedes(values[$0], values[$1]) }
        let slugs = GroupSlugs.assign(order.map { values[$0] })
        groups = order.enumerated().map { rank, number in
            Group(value: values[number], slug: slugs[rank], members: members[number], aggregates: aggregates[number])
        }
    }

    /// The group whose slug is `slug`.
    /// - Complexity: O(g) for g groups.
    public func group(slug: String) -> Group? {
        groups.first { $0.slug == slug }
    }

    /// The text without spaces around it; returns `text` itself, without copying, when there are none.
    static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        guard isSpace(first) || isSpace(last) || first >= 0x80 || last >= 0x80 else { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
