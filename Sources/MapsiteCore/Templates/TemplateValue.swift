import Foundation

/// A value a template shows: text, a flag, a list or an object of named values.
///
/// Views are built from these directly, so rendering looks names up in small objects and never
/// reflects over Swift types. Literals work: `["title": "Home", "items": [...], "current": true]`;
/// for variables use `.text(name)`.
public enum TemplateValue: Sendable, Equatable {
    case text(String)
    case bool(Bool)
    case list([TemplateValue])
    case object(TemplateObject)

    /// Whether a section over this value is shown: false, empty text and empty lists are not.
    var isTruthy: Bool {
        switch self {
        case .text(let text): !text.isEmpty
        case .bool(let flag): flag
        case .list(let values): !values.isEmpty
        case .object: true
        }
    }

    /// Calls `body` with what a shown section renders its content over: each element of a list,
    /// any other value once (without making an array for it: sections run for every page).
    func forEachSectionElement(_ body: (TemplateValue) throws -> Void) rethrows {
        if case .list(let values) = self {
            for value in values { try body(value) }
        } else {
            try body(self)
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
        self = .object(TemplateObject(elements))
    }
}

/// The named values of an object, kept in a small array.
///
/// A view's objects have a handful to a few dozen names, and a page builds hundreds of them:
/// appending to an array and comparing short names costs less than hashing every name into a
/// dictionary, both when a view is built and when a template looks a name up. When a name is
/// given twice, the last one counts, as in a dictionary literal.
public struct TemplateObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// Names and values as given: a literal's own array, kept without copying.
    private(set) var members: [(String, TemplateValue)]

    public init() {
        members = []
    }

    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        members = elements
    }

    init(_ elements: [(String, TemplateValue)]) {
        members = elements
    }

    public var isEmpty: Bool { members.isEmpty }

    /// The names, in the order they were given (a name given twice appears twice).
    public var names: [String] { members.map(\.0) }

    /// The value named `name`; setting nil removes it.
    public subscript(name: String) -> TemplateValue? {
        get {
            // From the end, so that the last of two same names counts.
            var index = members.count
            while index > 0 {
                index -= 1
                if members[index].0 == name { return members[index].1 }
            }
            return nil
        }
        set {
            members.removeAll { $0.0 == name }
            if let newValue { members.append((name, newValue)) }
        }
    }

    /// Equal when every name has the same value in both, whatever the order.
    public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        let names = Set(lhs.names)
        guard names == Set(rhs.names) else { return false }
        return names.allSatisfy { lhs[$0] == rhs[$0] }
    }
}
