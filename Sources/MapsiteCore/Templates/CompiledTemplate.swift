import Foundation

/// A template made ready for the many pages that lie over one shared view, such as every list
/// page of a dataset, or every item page (see `CompiledTemplate+Shapes.swift`).
///
/// Most of a page comes from the shared view: the head, the header with its menu, the footer.
/// `TemplateCompiler` renders all of that once, against the shared view and the names the page's
/// own view has, and keeps as steps only what the page's own values decide. Rendering a page
/// then copies the shared parts whole and looks up only the page's names. The bytes are the same
/// as `TemplateRenderer` makes from the same views.
final class CompiledTemplate: Sendable {
    enum Step: Sendable {
        /// Bytes `start..<end` of `text`.
        case text(start: Int, end: Int)
        /// A variable whose value the page decides; `path` indexes `paths`.
        case variable(path: Int, escaped: Bool)
        /// A section whose value the page decides; its steps are the ones before `end`.
        case section(path: Int, inverted: Bool, end: Int)
        /// A partial that does not exist, used where only the page decides whether it is
        /// reached: rendering throws `failures[index]` when it is.
        case failure(index: Int)
        /// Compiled against a `PageShape`: a value slot of the page's source.
        case slot(Int32, context: SlotContext, escaped: Bool)
        /// Compiled against a `PageShape`: a section over a value slot, or over each element
        /// of a list slot; its steps are the ones before `end`.
        case slotSection(Int32, context: SlotContext, list: Bool, inverted: Bool, end: Int)
    }

    let steps: [Step]
    let text: [UInt8]
    let paths: [[String]]
    /// The names of every path as `ViewNames` numbers, one path after another; path `i` is
    /// `pathNames[pathRanges[i]]`.
    let pathNames: [Int32]
    let pathRanges: [Range<Int>]
    let failures: [TemplateError]
    /// The names of the page's own view this was compiled for.
    let pageNames: Set<String>

    init(steps: [Step], text: [UInt8], paths: [[String]], failures: [TemplateError], pageNames: Set<String>) {
        self.steps = steps
        self.text = text
        self.paths = paths
        var names: [Int32] = []
        pathRanges = paths.map { path in
            let start = names.count
            names += path.map { ViewNames.shared.id($0) }
            return start..<names.count
        }
        pathNames = names
        self.failures = failures
        self.pageNames = pageNames
    }

    /// Renders a page whose own view is `page` (finished), over the shared view.
    func render(_ page: FlatView, over shared: TemplateValue, capacity: Int) throws -> [UInt8] {
        precondition(page.isFinished, "a view rendered before finish()")
        var output: [UInt8] = []
        output.reserveCapacity(capacity)
        try steps.withUnsafeBufferPointer { steps in
            try text.withUnsafeBufferPointer { text in
                try pathNames.withUnsafeBufferPointer { pathNames in
                    try pathRanges.withUnsafeBufferPointer { pathRanges in
                        try page.nodes.withUnsafeBufferPointer { nodes in
                            try page.members.withUnsafeBufferPointer { members in
                                try page.bytes.withUnsafeBufferPointer { bytes in
                                    var run = Run(
                                        template: self, steps: steps, text: text, pathNames: pathNames,
                                        pathRanges: pathRanges, nodes: nodes, members: members, bytes: bytes,
                                        names: page.names, shared: shared)
                                    try run.run(0..<steps.count, output: &output)
                                }
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    /// A value on the rendering stack: a node of the page's view, or a value from the shared view.
    private enum Frame {
        case node(Int32)
        case value(TemplateValue)
    }

    /// One page's rendering: the template's steps and the page's view, read through pointers.
    private struct Run {
        let template: CompiledTemplate
        let steps: UnsafeBufferPointer<Step>
        let text: UnsafeBufferPointer<UInt8>
        let pathNames: UnsafeBufferPointer<Int32>
        let pathRanges: UnsafeBufferPointer<Range<Int>>
        let nodes: UnsafeBufferPointer<FlatView.Node>
        let members: UnsafeBufferPointer<FlatView.Member>
        let bytes: UnsafeBufferPointer<UInt8>
        let viewNames: FlatView.Names
        var stack: [Frame]

        init(
            template: CompiledTemplate, steps: UnsafeBufferPointer<Step>, text: UnsafeBufferPointer<UInt8>,
            pathNames: UnsafeBufferPointer<Int32>, pathRanges: UnsafeBufferPointer<Range<Int>>,
            nodes: UnsafeBufferPointer<FlatView.Node>, members: UnsafeBufferPointer<FlatView.Member>,
            bytes: UnsafeBufferPointer<UInt8>, names: FlatView.Names, shared: TemplateValue
        ) {
            self.template = template
            self.steps = steps
            self.text = text
            self.pathNames = pathNames
            self.pathRanges = pathRanges
            self.nodes = nodes
            self.members = members
            self.bytes = bytes
            self.viewNames = names
            stack = [.value(shared), .node(0)]
        }

        mutating func run(_ range: Range<Int>, output: inout [UInt8]) throws {
            var index = range.lowerBound
            while index < range.upperBound {
                switch steps[index] {
                case .text(let start, let end):
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<end]))
                case .variable(let path, let escaped):
                    if let value = lookup(path) { append(value, escaped: escaped, to: &output) }
                case .section(let path, let inverted, let end):
                    let value = lookup(path)
                    let body = (index + 1)..<end
                    if inverted {
                        if !(value.map(isTruthy) ?? false) { try run(body, output: &output) }
                    } else if let value, isTruthy(value) {
                        switch value {
                        case .node(let node) where nodes[Int(node)].kind == .list:
                            var element = nodes[Int(node)].start
                            while element >= 0 {
                                try runPushing(.node(element), body, output: &output)
                                element = nodes[Int(element)].next
                            }
                        case .node:
                            try runPushing(value, body, output: &output)
                        case .value(let value):
                            try value.forEachSectionElement { try runPushing(.value($0), body, output: &output) }
                        }
                    }
                    index = end
                    continue
                case .failure(let failure):
                    throw template.failures[failure]
                case .slot, .slotSection:
                    preconditionFailure("a template compiled against a shape rendered with a view")
                }
                index += 1
            }
        }

        private mutating func runPushing(_ frame: Frame, _ body: Range<Int>, output: inout [UInt8]) throws {
            stack.append(frame)
            defer { stack.removeLast() }
            try run(body, output: &output)
        }

        /// Looks a path up as `TemplateRenderer.lookup` does: its first name from the innermost
        /// frame out, the rest in objects.
        private func lookup(_ path: Int) -> Frame? {
            let names = pathRanges[path]
            guard let first = names.first else { return stack.last }
            var found: Frame?
            var position = stack.count
            let inView = viewNames.mayContain(pathNames[first])
            search: while position > 0 {
                position -= 1
                switch stack[position] {
                case .node(let node):
                    if inView, let member = member(pathNames[first], of: node) {
                        found = .node(member)
                        break search
                    }
                case .value(let value):
                    if case .object(let members) = value, let member = members[template.paths[path][0]] {
                        found = .value(member)
                        break search
                    }
                }
            }
            for name in names.dropFirst() {
                switch found {
                case .node(let node): found = member(pathNames[name], of: node).map(Frame.node)
                case .value(.object(let members)): found = members[template.paths[path][name - first]].map(Frame.value)
                default: return nil
                }
            }
            return found
        }

        /// The member named `name` of `node` when it is an object: the last given, if several
        /// (an object's members are listed last first).
        private func member(_ name: Int32, of node: Int32) -> Int32? {
            let node = nodes[Int(node)]
            guard node.kind == .object else { return nil }
            for index in Int(node.start)..<Int(node.end) where members[index].name == name {
                return members[index].node
            }
            return nil
        }

        private func isTruthy(_ frame: Frame) -> Bool {
            switch frame {
            case .node(let index):
                let node = nodes[Int(index)]
                switch node.kind {
                case .text: return node.end > node.start
                case .flag: return node.start != 0
                case .list: return node.start >= 0
                case .object: return true
                }
            case .value(let value): return value.isTruthy
            }
        }

        /// Appends what a variable shows, as `TemplateRenderer.append` does.
        private func append(_ frame: Frame, escaped: Bool, to output: inout [UInt8]) {
            switch frame {
            case .node(let index):
                let node = nodes[Int(index)]
                switch node.kind {
                case .text:
                    let text = UnsafeBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)])
                    if escaped {
                        TemplateRenderer.appendEscaped(text, to: &output)
                    } else {
                        output.append(contentsOf: text)
                    }
                case .flag: if node.start != 0 { output.append(contentsOf: "true".utf8) }
                case .list, .object: break
                }
            case .value(let value): TemplateRenderer.append(value, escaped: escaped, to: &output)
            }
        }
    }
}
