import Foundation

/// Turns mustache source into `Template.Node`s: tokens first, then the standalone-line rule,
/// then a tree built with a stack of open sections.
struct TemplateParser {
    enum Token {
        case text(String)
        case tag(kind: Character, content: String, line: Int)
    }

    /// Tag kinds that vanish with their line when they stand alone on it.
    static let standaloneKinds: Set<Character> = ["#", "^", "/", "!", ">", "<", "$"]

    let source: String
    let name: String

    func parse() throws -> [Template.Node] {
        var tokens = try tokenize()
        applyStandaloneRule(&tokens)
        var position = 0
        let nodes = try build(tokens, &position, closing: nil)
        return nodes
    }

    private func error(_ line: Int?, _ message: String) -> TemplateError {
        TemplateError(template: name, line: line, message: message)
    }

    private func tokenize() throws -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(source)
        var line = 1
        while let open = rest.range(of: "{{") {
            let text = rest[..<open.lowerBound]
            if !text.isEmpty { tokens.append(.text(String(text))) }
            line += text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            var inner = rest[open.upperBound...]
            var kind: Character = " "
            var closer = "}}"
            if let first = inner.first, "#^/!><$&{=".contains(first) {
                kind = first
                inner = inner.dropFirst()
                if first == "{" { closer = "}}}" }
            }
            guard let close = inner.range(of: closer) else { throw error(line, "a tag opened here is never closed") }
            let content = inner[..<close.lowerBound]
            if kind == "=" { throw error(line, "changing delimiters is not supported") }
            if kind == "{" { kind = "&" }
            tokens.append(.tag(kind: kind, content: content.trimmingCharacters(in: .whitespaces), line: line))
            line += content.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            rest = inner[close.upperBound...]
        }
        if !rest.isEmpty { tokens.append(.text(String(rest))) }
        return tokens
    }

    /// A section, partial, comment or block tag alone on its line removes the line's whitespace
    /// and its line break, so templates can be indented without changing the output.
    private func applyStandaloneRule(_ tokens: inout [Token]) {
        let original = tokens
        for index in original.indices {
            guard case .tag(let kind, _, _) = original[index], Self.standaloneKinds.contains(kind),
                let (before, after, hasBreak) = Self.lineAround(index, in: original)
            else { continue }
            if index > 0, case .text(let text) = tokens[index - 1] {
                tokens[index - 1] = .text(String(text.dropLast(before)))
            }
            if index + 1 < tokens.count, case .text(let text) = tokens[index + 1] {
                tokens[index + 1] = .text(String(text.dropFirst(after + (hasBreak ? 1 : 0))))
            }
        }
    }

    /// When the tag at `index` is alone on its line: how many characters of blank space stand
    /// before it and after it on that line, and whether a line break follows.
    private static func lineAround(_ index: Int, in tokens: [Token]) -> (Int, Int, Bool)? {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        var before = 0
        if index > 0 {
            guard case .text(let text) = tokens[index - 1] else { return nil }
            if let newline = text.lastIndex(where: \.isNewline) {
                let tail = text[text.index(after: newline)...]
                guard tail.allSatisfy(blank) else { return nil }
                before = tail.count
            } else {
                guard index - 1 == 0, text.allSatisfy(blank) else { return nil }
                before = text.count
            }
        }
        var after = 0
        var hasBreak = false
        if index + 1 < tokens.count {
            guard case .text(let text) = tokens[index + 1] else { return nil }
            if let newline = text.firstIndex(where: \.isNewline) {
                let head = text[..<newline]
                guard head.allSatisfy(blank) else { return nil }
                after = head.count
                hasBreak = true
            } else {
                guard index + 1 == tokens.count - 1, text.allSatisfy(blank) else { return nil }
                after = text.count
            }
        }
        return (before, after, hasBreak)
    }

    private func build(_ tokens: [Token], _ position: inout Int, closing: (name: String, line: Int)?) throws
        -> [Template.Node]
    {
        var nodes: [Template.Node] = []
        while position < tokens.count {
            let token = tokens[position]
            position += 1
            switch token {
            case .text(let text):
                if !text.isEmpty { nodes.append(.text(Array(text.utf8))) }
            case .tag(let kind, let content, let line):
                switch kind {
                case "!": continue
                case "/":
                    guard let closing, closing.name == content else {
                        throw error(line, "{{/\(content)}} closes no open section")
                    }
                    return nodes
                case "#", "^":
                    let children = try build(tokens, &position, closing: (content, line))
                    nodes.append(.section(path: Self.path(content), nodes: children, inverted: kind == "^"))
                case ">": nodes.append(.partial(content))
                case "$":
                    nodes.append(.block(content, nodes: try build(tokens, &position, closing: (content, line))))
                case "<":
                    let children = try build(tokens, &position, closing: (content, line))
                    var blocks: [String: [Template.Node]] = [:]
                    for case .block(let blockName, let blockNodes) in children { blocks[blockName] = blockNodes }
                    nodes.append(.parent(content, blocks: blocks))
                default:
                    guard !content.isEmpty else { throw error(line, "an empty tag") }
                    nodes.append(.variable(path: Self.path(content), escaped: kind != "&"))
                }
            }
        }
        if let closing { throw error(closing.line, "{{\(closing.name)}} is never closed") }
        return nodes
    }

    static func path(_ name: String) -> [String] {
        name == "." ? [] : name.split(separator: ".").map(String.init)
    }
}
