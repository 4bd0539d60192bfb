import Foundation

extension CompiledTemplate {
    /// Renders a page from its source, for a template compiled against the source's shape
    /// (`TemplateCompiler.compile(_:templates:shared:shape:)`): the shared parts are copied
    /// whole, and each slot appends straight into the page's bytes.
    func render(_ source: some PageSource, capacity: Int) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(capacity)
        try steps.withUnsafeBufferPointer { steps in
            try text.withUnsafeBufferPointer { text in
                var run = SlotRun(template: self, steps: steps, text: text, source: source)
                try run.run(0..<steps.count, output: &output)
            }
        }
        return output
    }
}

/// One page's rendering from its source: the template's steps, and the element each list
/// section open now has reached.
private struct SlotRun<Source: PageSource> {
    let template: CompiledTemplate
    let steps: UnsafeBufferPointer<CompiledTemplate.Step>
    let text: UnsafeBufferPointer<UInt8>
    let source: Source
    /// The element of each list section open now, outermost first.
    var open: [Int32] = []

    init(
        template: CompiledTemplate, steps: UnsafeBufferPointer<CompiledTemplate.Step>, text: UnsafeBufferPointer<UInt8>,
        source: Source
    ) {
        self.template = template
        self.steps = steps
        self.text = text
        self.source = source
        open.reserveCapacity(4)
    }

    mutating func run(_ range: Range<Int>, output: inout [UInt8]) throws {
        var index = range.lowerBound
        while index < range.upperBound {
            switch steps[index] {
            case .text(let start, let end):
                output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<end]))
            case .slot(let slot, let context, let escaped):
                let start = output.count
                source.append(slot, at: indices(context), to: &output)
                if escaped { Self.escape(&output, from: start) }
            case .slotSection(let slot, let context, let list, let inverted, let end):
                let body = (index + 1)..<end
                let indices = indices(context)
                if list {
                    let count = source.count(slot, at: indices)
                    if inverted {
                        if count == 0 { try run(body, output: &output) }
                    } else {
                        for element in 0..<count {
                            open.append(Int32(element))
                            try run(body, output: &output)
                            open.removeLast()
                        }
                    }
                } else if source.isTruthy(slot, at: indices) != inverted {
                    try run(body, output: &output)
                }
                index = end
                continue
            case .failure(let failure):
                throw template.failures[failure]
            case .variable, .section:
                preconditionFailure("a template compiled against a view rendered from a source")
            }
            index += 1
        }
    }

    private func indices(_ context: SlotContext) -> SlotIndices {
        var indices = SlotIndices()
        for position in 0..<context.count { indices = indices.appending(Int(open[context[position]]))! }
        return indices
    }

    /// Escapes for HTML what was appended from `start` on; most values need nothing, and are
    /// then left as they are.
    private static func escape(_ output: inout [UInt8], from start: Int) {
        let clean = output.withUnsafeBufferPointer { bytes in
            for index in start..<bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                    return false
                default: continue
                }
            }
            return true
        }
        if clean { return }
        let raw = Array(output[start...])
        output.removeSubrange(start...)
        raw.withUnsafeBufferPointer { TemplateRenderer.appendEscaped($0, to: &output) }
    }
}
