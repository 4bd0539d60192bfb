import Foundation

/// A field name or a text with `{field}` placeholders, such as `{number} {street}`.
public struct FieldTemplate: Sendable, Equatable {
    enum Part: Sendable, Equatable {
        case text(String)
        case field(String)
    }

    let parts: [Part]

    /// Reads `name` as a single field, or as a template when it holds a `{`.
    public init(_ source: String) {
        guard source.contains("{") else {
            parts = [.field(source)]
            return
        }
        var parts: [Part] = []
        var rest = Substring(source)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            let name = rest[rest.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
            parts.append(.field(name))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        self.parts = parts
    }

    /// The field names the template reads.
    public var fieldNames: [String] {
        parts.compactMap { if case .field(let name) = $0 { name } else { nil } }
    }

    /// Fills in the template; `value` returns a field's text, or nil when it is missing.
    public func render(_ value: (String) -> String?) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .text(let literal): text += literal
            case .field(let name): text += value(name) ?? ""
            }
        }
        return text.trimmingCharacters(in: .whitespaces)
    }
}
