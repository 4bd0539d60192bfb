import Foundation

/// A parsed mustache template: a tree of nodes, compiled into steps before it renders
/// (`TemplateCompiler`).
///
/// It follows the mustache spec's core (variables, `{{{name}}}` and `{{& name}}` unescaped,
/// dotted names and `{{.}}`, sections, inverted sections, comments, partials, changed delimiters
/// `{{=<% %>=}}`, standalone lines, indented partials) and its inheritance: `{{< parent}}` with
/// `{{$block}}…{{/block}}` fills the parent's `{{$block}}default{{/block}}`. A partial or parent
/// that is not a template renders nothing, as the spec says; `TemplateLibrary.validate()` reports
/// them. Lambdas and dynamic names (`{{>*name}}`) are not supported.
public struct Template: Sendable {
    indirect enum Node: Sendable {
        /// Literal text, kept as UTF-8 so rendering copies bytes.
        case text([UInt8])
        case variable(path: [String], escaped: Bool)
        case section(path: [String], nodes: [Node], inverted: Bool)
        /// A partial, or a parent (`blocks` not nil) with the blocks it fills; `indentation` is
        /// the blank space before it when it stands alone on its line, given to each of its lines.
        case partial(String, blocks: [String: Block]?, indentation: String, line: Int)
        case block(Block)
    }

    /// A block: where it is used, its default content; inside a parent, the content it gives.
    struct Block: Sendable {
        var name: String
        var nodes: [Node]
        /// The source of its content, for giving it other indentation, parsed with `delimiters`.
        var source: Substring
        var delimiters: Delimiters
        /// Whether its opening tag stands alone on its line (its content starts on the next).
        var isStandalone: Bool
        /// The blank space before its opening tag, when nothing else comes before it on its line.
        var tagIndentation: String?
        var line: Int

        /// The blank space its content's first line starts with, when that line is its own.
        var ownIndentation: Substring {
            guard isStandalone else { return "" }
            return source.prefix { $0 == " " || $0 == "\t" }
        }
    }

    /// A template's opening and closing tag marks.
    struct Delimiters: Sendable, Equatable {
        var open: String = "{{"
        var close: String = "}}"
    }

    let nodes: [Node]
    let source: String
    let name: String

    /// - Throws: `TemplateError` with the line of the problem.
    public init(_ source: String, name: String) throws {
        try self.init(source, name: name, delimiters: Delimiters(), firstLine: 1)
    }

    init(_ source: String, name: String, delimiters: Delimiters, firstLine: Int) throws {
        self.source = source
        self.name = name
        nodes = try TemplateParser(source: source, name: name, delimiters: delimiters, firstLine: firstLine).parse()
    }

    /// `text` with `indentation` removed from the start of each line (as much of it as the line
    /// starts with) and `added` put there instead, but for the first line unless `first`, and
    /// after a line break that ends the text.
    static func reindent(_ text: Substring, removing indentation: Substring, adding added: String, first: Bool)
        -> String
    {
        var result = ""
        var atLineStart = true
        var isFirst = true
        var index = text.startIndex
        while index < text.endIndex {
            if atLineStart {
                var matched = indentation.startIndex
                while index < text.endIndex, matched < indentation.endIndex, text[index] == indentation[matched] {
                    index = text.index(after: index)
                    matched = indentation.index(after: matched)
                }
                if first || !isFirst { result += added }
                atLineStart = false
                isFirst = false
                continue
            }
            let character = text[index]
            result.append(character)
            if character == "\n" || character == "\r\n" { atLineStart = true }
            index = text.index(after: index)
        }
        return result
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

    static func tooDeep(_ name: String) -> TemplateError {
        TemplateError(template: name, line: nil, message: "includes itself too deeply (a partial cycle?)")
    }
}
