import Foundation

/// Renders template nodes into one growing buffer of UTF-8, looking names up in a stack of values.
struct TemplateRenderer {
    let templates: [String: Template]
    var output: [UInt8] = []
    var stack: [TemplateValue]
    var depth = 0
    /// How deeply partials may include partials, so that a cycle stops with an error.
    static let maximumDepth = 50

    init(templates: [String: Template], stack: [TemplateValue], capacity: Int) {
        self.templates = templates
        self.stack = stack
        output.reserveCapacity(capacity)
    }

    mutating func render(_ nodes: [Template.Node], blocks: [String: [Template.Node]], in template: String) throws {
        for node in nodes {
            switch node {
            case .text(let text):
                output.append(contentsOf: text)
            case .variable(let path, let escaped):
                if let value = Self.lookup(path, in: stack) { Self.append(value, escaped: escaped, to: &output) }
            case .section(let path, let children, let inverted):
                let value = Self.lookup(path, in: stack)
                let truthy = value?.isTruthy ?? false
                if inverted {
                    if !truthy { try render(children, blocks: blocks, in: template) }
                } else if truthy, let value {
                    try value.forEachSectionElement { try renderPushing($0, children, blocks, template) }
                }
            case .partial(let name):
                try renderTemplate(name, blocks: [:], from: template)
            case .parent(let name, let childBlocks):
                // Blocks given further out win over the ones given here.
                try renderTemplate(name, blocks: childBlocks.merging(blocks) { _, outer in outer }, from: template)
            case .block(let name, let children):
                try render(blocks[name] ?? children, blocks: blocks, in: template)
            }
        }
    }

    private mutating func renderPushing(
        _ value: TemplateValue, _ nodes: [Template.Node], _ blocks: [String: [Template.Node]], _ template: String
    ) throws {
        stack.append(value)
        defer { stack.removeLast() }
        try render(nodes, blocks: blocks, in: template)
    }

    private mutating func renderTemplate(_ name: String, blocks: [String: [Template.Node]], from caller: String)
        throws
    {
        guard let template = templates[name] else { throw TemplateError.noSuchPartial(name, usedBy: caller) }
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maximumDepth else { throw TemplateError.tooDeep(name) }
        try render(template.nodes, blocks: blocks, in: name)
    }

    /// The first name of a dotted path is looked for from the innermost value out; the rest
    /// descend into objects.
    static func lookup(_ path: [String], in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = path.first else { return stack.last }
        var found: TemplateValue?
        for value in stack.reversed() {
            if case .object(let members) = value, let member = members[first] {
                found = member
                break
            }
        }
        for name in path.dropFirst() {
            guard case .object(let members) = found else { return nil }
            found = members[name]
        }
        return found
    }

    /// Appends what a variable shows for `value`: text, escaped or not; `true` for true; nothing
    /// for false, which stands for "no value" (see `TemplateValue.optional`), lists and objects.
    static func append(_ value: TemplateValue, escaped: Bool, to output: inout [UInt8]) {
        switch value {
        case .text(let text):
            if escaped { appendEscaped(text, to: &output) } else { append(text, to: &output) }
        case .bool(let flag): if flag { append("true", to: &output) }
        case .list, .object: break
        }
    }

    static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }

    /// Appends `text` with `& < > " '` escaped for HTML.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped($0, to: &output) }
    }

    /// Appends UTF-8 `bytes` with `& < > " '` escaped for HTML, copying the runs between them whole.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var start = 0
        for (index, byte) in bytes.enumerated() {
            let entity: StaticString
            switch byte {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            entity.withUTF8Buffer { output.append(contentsOf: $0) }
            start = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
}
