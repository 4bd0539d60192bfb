import Foundation

/// Reads the kept fields of a record into `Item.values`, then computes the derived fields.
///
/// Derived values are computed here, while items are built, rather than in a later pass: every item
/// (also with `skip_invalid`) has them from the start, and `Item.values` never holds a half-filled
/// state. A derived field replaces a field of the data with the same name, so it is not read from
/// the record. Derived fields are computed in the order of the config, so one may use an earlier one.
struct FieldValues {
    /// `DatasetConfig.keptFields`, worked out once rather than for every record.
    let kept: [String]
    /// The positions in `kept` that are read from the record.
    private let read: [(position: Int, name: String)]
    private let derived: [(target: Int, source: Int, rule: DerivationRule)]

    init(config: DatasetConfig) {
        let kept = config.keptFields
        let position = Dictionary(kept.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let derivedNames = Set(config.derived.map(\.name))
        self.kept = kept
        read = kept.enumerated().filter { !derivedNames.contains($1) }.map { ($0, $1) }
        derived = config.derived.map { (position[$0.name]!, position[$0.source]!, $0.rule) }
    }

    /// The values of `kept` for `record`; empty text for a field the record does not have.
    /// - Complexity: O(k) lookups for k kept fields, plus the derivation rules.
    func values(of record: Record) -> [String] {
        var values = [String](repeating: "", count: kept.count)
        for (position, name) in read { values[position] = record.value(name) ?? "" }
        for (target, source, rule) in derived { values[target] = rule.apply(values[source]) }
        return values
    }
}
