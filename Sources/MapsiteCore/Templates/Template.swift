import Foundation

/// A parsed mustache template: a tree of nodes, rendered many times.
///
/// Supported: `{{name}}` (HTML-escaped), `{{{name}}}` and `{{& name}}` (raw), dotted names and
/// `{{.}}`, sections `{{#name}}…{{/name}}` and inverted sections `{{^name}}…{{/name}}`, comments
/// `{{! … }}`, partials `{{> name}}`, and inheritance: `{{< parent}}{{$block}}…{{/block}}{{/parent}}`
/// fills the parent's `{{$block}}default{{/block}}`. Tags alone on a line take the line with them.
/// Not supported: changing delimiters, lambdas.
public struct Template: Sendable {
    enum Node: Sendable {
        /// Literal text, kept as UTF-8 so rendering copies bytes.
        case text([UInt8])
        case variable(path: [String], escaped: Bool)
        case section(path: [String], nodes: [Node], inverted: Bool)
        case partial(String)
        case parent(String, blocks: [String: [Node]])
        case block(String, nodes: [Node])
    }

    let nodes: [Node]

    /// - Throws: `TemplateError` with the line of the problem.
    public init(_ source: String, name: String) throws {
        nodes = try TemplateParser(source: source, name: name).parse()
    }
}

/// A template that does not parse or render, with its name and line.
public struct TemplateError: Error, LocalizedError, Equatable {
    public var template: String
    public var line: Int?
    public var message: String

    public var errorDescription: String? {
        "template \"\(template)\"" + (line.map { ", line \($0)" } ?? "") + ": " + message
    }
}

extension TemplateError {
    static func noSuchTemplate(_ name: String) -> TemplateError {
        TemplateError(
            template: name, line: nil, message: "no such template (looked for \(name).mustache in the theme folders)")
    }

    static func noSuchPartial(_ name: String, usedBy caller: String) -> TemplateError {
        TemplateError(template: caller, line: nil, message: "uses \"\(name)\", which is not a template")
    }

    static func tooDeep(_ name: String) -> TemplateError {
        TemplateError(template: name, line: nil, message: "includes itself too deeply (a partial cycle?)")
    }
}
