import Foundation

/// Which of the field names a dataset's settings give (`FieldReference`) its source has, noted
/// from the records as they are read, and an error at the line of `site.yml` for each it lacks.
///
/// A name is the source's when any record has it, even empty: a field missing from some rows is
/// not a wrong name. Records are noted from two threads at once (`TwoHalves`), hence the lock; once
/// every name is found a record costs one lock.
final class FieldCensus: @unchecked Sendable {
    private let references: [FieldReference]
    private let lock = NSLock()
    private var missing: Set<String>
    /// The names of the records noted while some name was missing, in the order first seen.
    private var names: [String] = []
    private var seen: Set<String> = []
    private var records = 0
    private var fieldKind = "field"

    init(config: DatasetConfig) {
        let added = Set(config.derived.map(\.name) + (config.regions.map { [$0.field] } ?? []))
        references = config.fieldReferences.all.filter { !($0.mayBeAdded && added.contains($0.name)) }
        missing = Set(references.map(\.name))
    }

    func note(_ record: Record) {
        lock.lock()
        defer { lock.unlock() }
        records += 1
        guard !missing.isEmpty else { return }
        fieldKind = record.fieldKind
        missing = missing.filter { !Self.has(record, $0) }
        for name in record.names?() ?? record.properties?.names ?? [] where seen.insert(name).inserted {
            names.append(name)
        }
    }

    /// True when `record` has the field `name`, with a value or empty.
    private static func has(_ record: Record, _ name: String) -> Bool {
        record.value(name) != nil || record.emptyValue(name) != nil || record.properties?.has(name) == true
            || record.names?().contains(name) == true
    }

    /// The errors of the names no record had, one for each place a setting gives one; none when
    /// there were no records to tell by.
    /// - Parameter file: the data file as messages name it.
    func errors(file: String) -> [InputError] {
        lock.lock()
        defer { lock.unlock() }
        guard records > 0, !missing.isEmpty else { return [] }
        let kind = fieldKind
        let plural = kind == "property" ? "properties" : kind + "s"
        let shown = names.count > 40 ? names.prefix(40).joined(separator: ", ") + ", …" : names.joined(separator: ", ")
        let wrong = references.filter { missing.contains($0.name) }.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        return wrong.map { reference in
            var notes: [String] = []
            if reference.isDefault {
                let key = reference.key.split(separator: ".").last.map(String.init) ?? reference.key
                notes.append("\(key): is not set, and \"\(reference.name)\" is its default")
            }
            if !names.isEmpty { notes.append("its \(plural): \(shown)") }
            if let closest = Self.closest(to: reference.name, among: names) {
                notes.append("did you mean \"\(closest)\"?")
            }
            let expected = "a \(kind) of \(file)" + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")")
            return InputError(
                file: reference.file, line: reference.line, field: "key \"\(reference.key)\"", expected: expected,
                found: reference.name)
        }
    }

    /// The closest name, or for a dotted path into nested values (`adress.city`) the path with its
    /// first part replaced by the closest name.
    private static func closest(to name: String, among names: [String]) -> String? {
        if let closest = ClosestName.closest(to: name, among: names) { return closest }
        guard let dot = name.firstIndex(of: "."), names.contains(where: { $0.contains(".") }) == false,
            let head = ClosestName.closest(to: String(name[..<dot]), among: names)
        else { return nil }
        return head + name[dot...]
    }

    /// True when `error` is a row's complaint about a field no record has, which the errors of
    /// the settings say once instead.
    func isAboutMissingName(_ error: InputError) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard records > 0, let field = error.field else { return false }
        return missing.contains { field == "\(fieldKind) \"\($0)\"" }
    }
}
