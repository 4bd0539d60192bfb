import Foundation

/// A value a template shows: text, a flag, a list or an object of named values.
///
/// Views are built from these directly, so rendering looks names up in small dictionaries and
/// never reflects over Swift types. Literals work: `["title": "Home", "items": [...], "current": true]`;
/// for variables use `.text(name)`.
public enum TemplateValue: Sendable, Equatable {
    case text(String)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])

    /// Whether a section over this value is shown: false, empty text and empty lists are not.
    var isTruthy: Bool {
        switch self {
        case .text(let text): !text.isEmpty
        case .bool(let flag): flag
        case .list(let values): !values.isEmpty
        case .object: true
        }
    }

    /// Text or nothing: `.text(value)` when there is a value, else `false`, so sections hide it.
    public static func optional(_ text: String?) -> TemplateValue {
        guard let text, !text.isEmpty else { return .bool(false) }
        return .text(text)
    }
}

extension TemplateValue: ExpressibleByStringInterpolation, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByIntegerLiteral
{
    public init(stringLiteral value: String) { self = .text(value) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        self = .text(String(stringInterpolation: stringInterpolation))
    }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(integerLiteral value: Int) { self = .text(String(value)) }

    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
