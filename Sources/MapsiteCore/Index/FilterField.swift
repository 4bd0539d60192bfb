import Foundation

/// One field of `filters:` read over a dataset's places in number order (`FilterIndex`): its
/// values or bins, the places of each, and each place's.
struct FilterField {
    let filter: FilterConfig
    /// The values in natural order (a values filter), or the bins' labels.
    private(set) var labels: [String] = []
    /// The bins' edges, for a range or year filter.
    private(set) var bins = FilterBins(edges: [])
    /// The numbers of the places of each value or bin, then of the places with none (empty or
    /// unreadable values), ascending.
    private(set) var members: [[Int32]] = []
    /// Each place's value or bin, `noneBin` for none.
    private(set) var column: [Int32] = []
    /// The numbers of places whose value is not empty but could not be read.
    private(set) var unreadable: [Int] = []

    /// The index of the places with no value in `members`.
    var noneBin: Int { members.count - 1 }

    /// What the filter reads from each value, for warnings.
    var expected: String {
        switch filter.kind {
        case .values: "value"
        case .range: "number"
        case .year: "year (four digits, 1000 to 2999)"
        }
    }

    init(filter: FilterConfig, values: [String]) {
        self.filter = filter
        switch filter.kind {
        case .values: readValues(values)
        case .range: readNumbers(values)
        case .year: readYears(values)
        }
    }

    private mutating func readValues(_ values: [String]) {
        var indexOf: [String: Int32] = [:]
        var distinct: [String] = []
        for value in values where !value.isEmpty && indexOf[value] == nil {
            indexOf[value] = Int32(distinct.count)
            distinct.append(value)
        }
        let sorted = NaturalOrder.order(of: distinct) { distinct[$0] < distinct[$1] }
        var rank = [Int32](repeating: 0, count: distinct.count)
        for (position, index) in sorted.enumerated() { rank[index] = Int32(position) }
        labels = sorted.map { distinct[$0] }
        fill(values.map { $0.isEmpty ? nil : rank[Int(indexOf[$0]!)] })
    }

    private mutating func readNumbers(_ values: [String]) {
        var symbol: String?
        if case .range(let format) = filter.kind, case .currency(let currency) = format { symbol = currency }
        let numbers = values.map { value -> Double? in
            switch WrittenNumber.read(value, symbol: symbol) {
            case .empty: nil
            case .invalid: .nan
            case .number(let number, _): number
            }
        }
        let finite = numbers.compactMap { $0 }.filter { !$0.isNaN }.sorted()
        bins = FilterBins.numbers(finite)
        read(numbers)
    }

    private mutating func readYears(_ values: [String]) {
        let years = values.map { value -> Double? in
            guard !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            return YearText.year(value).map(Double.init) ?? .nan
        }
        bins = FilterBins.years(years.compactMap { $0 }.filter { !$0.isNaN }.map { Int($0) })
        read(years)
    }

    /// Bins `numbers`: nil for an empty value, NaN for one that could not be read.
    private mutating func read(_ numbers: [Double?]) {
        for (number, value) in numbers.enumerated() where value?.isNaN == true { unreadable.append(number) }
        fill(numbers.map { value in value.flatMap { $0.isNaN ? nil : Int32(bins.bin(of: $0)) } })
    }

    /// `members` and `column` from each place's value or bin.
    private mutating func fill(_ bins: [Int32?]) {
        let count = filter.kind == .values ? labels.count : max(0, self.bins.edges.count - 1)
        members = Array(repeating: [], count: count + 1)
        column = bins.map { $0 ?? Int32(count) }
        for (number, bin) in column.enumerated() { members[Int(bin)].append(Int32(number)) }
    }

    /// The field's entry in `filters/index.json`: `{"field", "label", "type", "values" or
    /// "edges", "counts", "none"}`; a range's `format` as `number` or `currency` with its symbol.
    var manifest: JSONWriter.Value {
        var entries: [(String, JSONWriter.Value)] = [
            ("field", .string(filter.field)), ("label", .string(filter.label)), ("type", .string(filter.kind.name)),
        ]
        if filter.kind == .values {
            entries.append(("values", .array(labels.map { .string($0) })))
        } else {
            entries.append(("edges", .array(bins.edges.map { .number($0, decimals: 6) })))
        }
        if case .range(let format) = filter.kind, case .currency(let symbol) = format {
            entries.append(("format", .string("currency")))
            entries.append(("symbol", .string(symbol)))
        }
        entries.append(("counts", .array(members.dropLast().map { .int($0.count) })))
        entries.append(("none", .int(members.last?.count ?? 0)))
        return .object(entries)
    }
}
