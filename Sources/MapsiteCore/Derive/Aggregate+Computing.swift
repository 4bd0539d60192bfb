import Foundation

extension Aggregate {
    /// Summarises `numbers`, the numeric values of one group, and rearranges them (for the median).
    /// - Complexity: O(m) expected for m numbers.
    init(
        _ spec: DatasetConfig.AggregateField, numbers: UnsafeMutableBufferPointer<Double>, missing: Int,
        invalid: Int, decimals: Int
    ) {
        self.init(
            field: spec.field, format: spec.format, count: numbers.count, missing: missing, invalid: invalid,
            decimals: decimals)
        guard !numbers.isEmpty else { return }
        // Whole numbers are summed exactly in 64 bits until one is not whole or the total overflows.
        var whole = true
        var wholeSum: Int64 = 0
        // Neumaier's compensated sum: `compensation` holds the low-order bits lost to rounding.
        var total = 0.0
        var compensation = 0.0
        var low = Double.infinity
        var high = -Double.infinity
        for value in numbers {
            if whole {
                if let integer = Int64(exactly: value) {
                    let (sum, overflow) = wholeSum.addingReportingOverflow(integer)
                    wholeSum = sum
                    whole = !overflow
                } else {
                    whole = false
                }
            }
            let next = total + value
            compensation += abs(total) >= abs(value) ? (total - next) + value : (value - next) + total
            total = next
            low = Swift.min(low, value)
            high = Swift.max(high, value)
        }
        sum = whole ? Double(wholeSum) : total + compensation
        minimum = low
        maximum = high
        mean = sum / Double(count)
        median = Quickselect.median(of: numbers)
    }
}

/// The numbers of a dataset's aggregate fields, parsed once for all its group fields.
struct NumericColumns: Sendable {
    let fields: [DatasetConfig.AggregateField]
    let columns: [NumericColumn]

    /// - Complexity: O(a·n) for a aggregate fields and n items.
    init(_ dataset: Dataset) {
        let kept = dataset.config.keptFields
        fields = dataset.config.aggregates
        columns = fields.map { spec in
            guard let position = kept.firstIndex(of: spec.field) else {
                preconditionFailure("\"\(spec.field)\" is not a kept field of dataset \"\(dataset.name)\"")
            }
            return NumericColumn(items: dataset.items, position: position, symbol: spec.format.symbol)
        }
    }

    /// For each group, one aggregate for each field.
    /// - Parameter groupOf: for each item, its group in `0..<groupCount`, or -1 for none.
    /// - Complexity: O(a·n) expected for a fields and n items.
    func aggregates(groupOf: [Int], groupCount: Int) -> [[Aggregate]] {
        var result = [[Aggregate]](repeating: [], count: groupCount)
        for (spec, column) in zip(fields, columns) {
            // Each group's numbers are copied next to each other (a counting sort), reading the
            // items in order rather than jumping between them group by group.
            var sizes = [Int](repeating: 0, count: groupCount)
            var missing = sizes
            var invalid = sizes
            for (index, group) in groupOf.enumerated() where group >= 0 {
                if !column.numbers[index].isNaN {
                    sizes[group] += 1
                } else if column.empty[index] {
                    missing[group] += 1
                } else {
                    invalid[group] += 1
                }
            }
            var offsets = [Int](repeating: 0, count: groupCount + 1)
            for group in 0..<groupCount { offsets[group + 1] = offsets[group] + sizes[group] }
            var packed = [Double](repeating: 0, count: offsets[groupCount])
            var cursor = offsets
            for (index, group) in groupOf.enumerated() where group >= 0 && !column.numbers[index].isNaN {
                packed[cursor[group]] = column.numbers[index]
                cursor[group] += 1
            }
            packed.withUnsafeMutableBufferPointer { packed in
                for group in 0..<groupCount {
                    let numbers = UnsafeMutableBufferPointer(rebasing: packed[offsets[group]..<offsets[group + 1]])
                    result[group].append(
                        Aggregate(
                            spec, numbers: numbers, missing: missing[group], invalid: invalid[group],
                            decimals: column.decimals))
                }
            }
        }
        return result
    }
}
