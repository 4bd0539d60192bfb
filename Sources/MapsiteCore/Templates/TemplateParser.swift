import Foundation

/// Turns mustache source into `Template.Node`s: tokens first (text cut at line breaks, tags
/// read with the delimiters then in force), then the standalone-line rule line by line, then a
/// tree built with a stack of open sections.
struct TemplateParser {
    struct Tag {
        var kind: Character
        var content: String
        var line: Int
        /// The tag itself, delimiters included.
        var range: Range<String.Index>
        var delimiters: Template.Delimiters
        /// Whether this closes a parent (`{{/name}}` after `{{<name}}`).
        var closesParent = false
        /// Whether it stands alone on its line, and that line (break included).
        var isStandalone = false
        var lineRange: Range<String.Index>?
        /// The blank space before it when nothing else comes before it on its line.
        var indentation: String?

        /// Where a block's content starts, after its opening tag (or its line).
        var contentStart: String.Index { isStandalone ? lineRange!.upperBound : range.upperBound }
        /// Where a block's content ends, before its closing tag (or its line).
        var contentEnd: String.Index { isStandalone ? lineRange!.lowerBound : range.lowerBound }
    }

    enum Token {
        /// Text up to a line break (included) or a tag.
        case text(Substring)
        case tag(Tag)
    }

    /// How deep sections, parents and blocks may nest. The tree is built and rendered by
    /// recursion, one level per open section, so an input nesting tens of thousands deep (as a
    /// fuzzer makes) would overflow the stack; no real template comes near this.
    static let maxDepth = 500

    /// Tag kinds that vanish with their line when they stand alone on it.
    static let standaloneKinds: Set<Character> = ["#", "^", "/", "!", ">", "<", "$", "="]

    let source: String
    let name: String
    var delimiters: Template.Delimiters
    let firstLine: Int

    func parse() throws -> [Template.Node] {
        let tokens = Self.applyStandaloneRule(try tokenize())
        var position = 0
        return try build(tokens, &position, closing: nil)
    }

    private func error(_ line: Int?, _ message: String) -> TemplateError {
        TemplateError(template: name, line: line, message: message)
    }

    private func tokenize() throws -> [Token] {
        var tokens: [Token] = []
        var delimiters = delimiters
        var rest = source[...]
        var line = firstLine
        var open: [(name: String, kind: Character)] = []
        func addText(_ text: Substring) {
            var text = text
            while let newline = text.firstIndex(where: \.isNewline) {
                let end = text.index(after: newline)
                tokens.append(.text(text[..<end]))
                line += 1
                text = text[end...]
            }
            if !text.isEmpty { tokens.append(.text(text)) }
        }
        while let opening = rest.range(of: delimiters.open) {
            addText(rest[..<opening.lowerBound])
            var inner = rest[opening.upperBound...]
            var kind: Character = " "
            var closer = delimiters.close
            if let first = inner.first, "#^/!><$&{=".contains(first) {
                kind = first
                inner = inner.dropFirst()
                if first == "{" { closer = "}" + closer }
                if first == "=" { closer = "=" + closer }
            }
            guard let closing = inner.range(of: closer) else { throw error(line, "a tag opened here is never closed") }
            let raw = inner[..<closing.lowerBound]
            let content = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            var tag = Tag(
                kind: kind == "{" ? "&" : kind, content: content, line: line,
                range: opening.lowerBound..<closing.upperBound, delimiters: delimiters)
            switch kind {
            case "=":
                let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard parts.count == 2 else { throw error(line, "{{=\(content)=}} does not give two delimiters") }
                delimiters = Template.Delimiters(open: String(parts[0]), close: String(parts[1]))
            case "#", "^", "<", "$":
                open.append((content, kind))
                guard open.count <= Self.maxDepth else {
                    throw error(line, "sections nest more than \(Self.maxDepth) deep")
                }
            case "/":
                if let last = open.popLast() {
                    tag.closesParent = last.kind == "<" && last.name == content
                }
            default: break
            }
            tokens.append(.tag(tag))
            line += raw.reduce(0) { $1.isNewline ? $0 + 1 : $0 }
            rest = inner[closing.upperBound...]
        }
        addText(rest)
        return tokens
    }

    /// Section, partial, comment, delimiter, parent and block tags alone on their line remove
    /// the line's blank space and its line break, so templates can be indented without changing
    /// the output. A line may hold several such tags when one of them opens or closes a parent
    /// (`{{<parent}}{{/parent}}`, `{{<parent}}{{$block}}`).
    private static func applyStandaloneRule(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        var start = 0
        while start < tokens.count {
            var end = start
            while end < tokens.count {
                end += 1
                if case .text(let text) = tokens[end - 1], text.last?.isNewline == true { break }
            }
            var line = Array(tokens[start..<end])
            markIndentation(&line)
            if let lineRange = standaloneRange(line) {
                let blank = line.prefix { if case .text = $0 { true } else { false } }
                let indentation = blank.map { if case .text(let text) = $0 { String(text) } else { "" } }.joined()
                for case .tag(var tag) in line {
                    tag.isStandalone = true
                    tag.lineRange = lineRange
                    tag.indentation = indentation
                    result.append(.tag(tag))
                }
            } else {
                result += line
            }
            start = end
        }
        return result
    }

    /// Notes on each tag of a line the blank space before it, when only that comes before it.
    private static func markIndentation(_ line: inout [Token]) {
        var blank = ""
        for index in line.indices {
            switch line[index] {
            case .text(let text):
                guard isBlank(text) else { return }
                blank += text
            case .tag(var tag):
                tag.indentation = blank
                line[index] = .tag(tag)
                return
            }
        }
    }

    /// The range of the line when its tags stand alone on it.
    private static func standaloneRange(_ line: [Token]) -> Range<String.Index>? {
        var tags: [Tag] = []
        var lower: String.Index?
        var upper: String.Index?
        for token in line {
            switch token {
            case .text(let text):
                guard isBlank(text) else { return nil }
                lower = lower ?? text.startIndex
                upper = text.endIndex
            case .tag(let tag):
                guard standaloneKinds.contains(tag.kind) else { return nil }
                tags.append(tag)
                lower = lower ?? tag.range.lowerBound
                upper = tag.range.upperBound
            }
        }
        guard !tags.isEmpty, let lower, let upper else { return nil }
        if tags.count > 1, !tags.contains(where: { $0.kind == "<" || $0.closesParent }) { return nil }
        return lower..<upper
    }

    private static func isBlank(_ text: Substring) -> Bool {
        text.allSatisfy { $0 == " " || $0 == "\t" || $0.isNewline }
    }

    private func build(_ tokens: [Token], _ position: inout Int, closing: Tag?) throws -> [Template.Node] {
        var nodes: [Template.Node] = []
        var text: [UInt8] = []
        func flush() {
            if !text.isEmpty { nodes.append(.text(text)) }
            text = []
        }
        while position < tokens.count {
            let token = tokens[position]
            position += 1
            guard case .tag(let tag) = token else {
                if case .text(let piece) = token { text += piece.utf8 }
                continue
            }
            switch tag.kind {
            case "!", "=": continue
            case "/":
                guard let closing, closing.content == tag.content else {
                    throw error(tag.line, "{{/\(tag.content)}} closes no open section")
                }
                flush()
                return nodes
            default: break
            }
            flush()
            switch tag.kind {
            case "#", "^":
                let children = try build(tokens, &position, closing: tag)
                nodes.append(.section(path: Self.path(tag.content), nodes: children, inverted: tag.kind == "^"))
            case ">":
                nodes.append(
                    .partial(tag.content, blocks: nil, indentation: standaloneIndentation(tag), line: tag.line))
            case "$":
                nodes.append(.block(try block(tag, tokens, &position)))
            case "<":
                let children = try build(tokens, &position, closing: tag)
                var blocks: [String: Template.Block] = [:]
                for case .block(let block) in children { blocks[block.name] = block }
                nodes.append(
                    .partial(tag.content, blocks: blocks, indentation: standaloneIndentation(tag), line: tag.line))
            default:
                guard !tag.content.isEmpty else { throw error(tag.line, "an empty tag") }
                nodes.append(.variable(path: Self.path(tag.content), escaped: tag.kind != "&"))
            }
        }
        if let closing { throw error(closing.line, "{{\(closing.content)}} is never closed") }
        flush()
        return nodes
    }

    private func standaloneIndentation(_ tag: Tag) -> String {
        tag.isStandalone ? tag.indentation ?? "" : ""
    }

    /// A block and its content, up to its closing tag.
    private func block(_ tag: Tag, _ tokens: [Token], _ position: inout Int) throws -> Template.Block {
        let children = try build(tokens, &position, closing: tag)
        guard case .tag(let close) = tokens[position - 1] else { preconditionFailure("a block ends with a tag") }
        let start = tag.contentStart
        let end = max(start, close.contentEnd)
        return Template.Block(
            name: tag.content, nodes: children, source: source[start..<end], delimiters: tag.delimiters,
            isStandalone: tag.isStandalone, tagIndentation: tag.indentation, line: tag.line + (tag.isStandalone ? 1 : 0)
        )
    }

    static func path(_ name: String) -> [String] {
        name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}
