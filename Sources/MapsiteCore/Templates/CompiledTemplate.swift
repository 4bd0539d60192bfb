import Foundation

/// A template made ready to render: the flat steps `TemplateCompiler` makes of it, run over a
/// stack of values.
///
/// Compiled for the many pages that lie over one shared view (every list page of a dataset,
/// every item page), what comes from the shared view alone (the head, the header with its menu,
/// the footer) is already text, and only what the page's own view decides remains as steps:
/// rendering a page copies the shared parts whole and looks up only the page's names.
final class CompiledTemplate: Sendable {
    enum Step: Sendable {
        /// Bytes `start..<end` of `text`.
        case text(start: Int, end: Int)
        /// A variable whose value rendering decides; `path` indexes `paths`.
        case variable(path: Int, escaped: Bool)
        /// A section whose value rendering decides; its steps are the ones before `end`.
        case section(path: Int, inverted: Bool, end: Int)
        /// The steps of `programs[program]`, a template that includes itself. When `frames` is
        /// not -1, `calls[frames]` gives the values the compiler unrolled sections over, which
        /// the called steps find on the stack between the ones rendering pushed.
        case call(program: Int, frames: Int)
    }

    let steps: [Step]
    /// The steps of the template (program 0) and of each template it calls, and their names.
    let programs: [Range<Int>]
    let programNames: [String]
    let text: [UInt8]
    let paths: [[String]]
    /// For calls from inside sections the compiler unrolled, the frames above the stack's
    /// first: a known value, or nil for the next frame rendering pushed.
    let calls: [[TemplateValue?]]
    /// The names of every path as `ViewNames` numbers, one path after another; path `i` is
    /// `pathNames[pathRanges[i]]`.
    let pathNames: [Int32]
    let pathRanges: [Range<Int>]
    /// How deeply templates may call themselves, so that a cycle stops with an error.
    static let maximumDepth = 50

    init(
        steps: [Step], programs: [Range<Int>], programNames: [String], text: [UInt8], paths: [[String]],
        calls: [[TemplateValue?]]
    ) {
        self.steps = steps
        self.programNames = programNames
        self.calls = calls
        self.programs = programs
        self.text = text
        self.paths = paths
        var names: [Int32] = []
        pathRanges = paths.map { path in
            let start = names.count
            names += path.map { ViewNames.shared.id($0) }
            return start..<names.count
        }
        pathNames = names
    }

    /// Renders a page whose own view is `page` (finished), over the shared view.
    func render(_ page: FlatView, over shared: TemplateValue, capacity: Int) throws -> [UInt8] {
        try render(page, stack: [.value(0), .node(0)], values: [shared], capacity: capacity)
    }

    /// Renders with `values` as the stack, outermost first.
    func render(_ values: [TemplateValue], capacity: Int) throws -> [UInt8] {
        try render(
            Self.emptyView, stack: values.indices.map { .value(Int32($0)) }, values: values, capacity: capacity)
    }

    private static let emptyView: FlatView = {
        var view = FlatView()
        view.finish()
        return view
    }()

    private func render(_ page: FlatView, stack: [Frame], values: [TemplateValue], capacity: Int) throws -> [UInt8] {
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
                                    try withUnsafeTemporaryAllocation(of: Int32.self, capacity: pathNames.count) {
                                        hints in
                                        hints.initialize(repeating: 0)
                                        var run = Run(
                                            template: self, steps: steps, text: text, pathNames: pathNames,
                                            pathRanges: pathRanges, nodes: nodes, members: members, bytes: bytes,
                                            names: page.names, hints: hints, stack: stack, values: values)
                                        try run.run(programs[0], output: &output)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    /// A value on the rendering stack: a node of the page's view, or one of the run's `values`
    /// (the shared view, and what sections over it show); plain numbers, so that keeping and
    /// copying frames counts no references.
    enum Frame {
        case node(Int32)
        case value(Int32)
    }

    /// What a name is found to be: a node of the page's view, or a value.
    private enum Found {
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
        /// For each name of `pathNames`, where among an object's members it was found last:
        /// the views of one template's pages have the same layout, so it is mostly found there
        /// again without a scan.
        let hints: UnsafeMutableBufferPointer<Int32>
        var stack: [Frame]
        var values: [TemplateValue]
        var depth = 0

        init(
            template: CompiledTemplate, steps: UnsafeBufferPointer<Step>, text: UnsafeBufferPointer<UInt8>,
            pathNames: UnsafeBufferPointer<Int32>, pathRanges: UnsafeBufferPointer<Range<Int>>,
            nodes: UnsafeBufferPointer<FlatView.Node>, members: UnsafeBufferPointer<FlatView.Member>,
            bytes: UnsafeBufferPointer<UInt8>, names: FlatView.Names, hints: UnsafeMutableBufferPointer<Int32>,
            stack: [Frame], values: [TemplateValue]
        ) {
            self.hints = hints
            self.template = template
            self.steps = steps
            self.text = text
            self.pathNames = pathNames
            self.pathRanges = pathRanges
            self.nodes = nodes
            self.members = members
            self.bytes = bytes
            self.viewNames = names
            self.stack = stack
            self.values = values
            self.stack.reserveCapacity(16)
        }

        mutating func run(_ range: Range<Int>, output: inout [UInt8]) throws {
            var index = range.lowerBound
            while index < range.upperBound {
                switch steps[index] {
                case .text(let start, let end):
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<end]))
                case .variable(let path, let escaped):
                    let node = lookupNode(path)
                    if node >= 0 {
                        append(node, escaped: escaped, to: &output)
                    } else if node == Self.inValue {
                        switch lookup(path) {
                        case .node(let node): append(node, escaped: escaped, to: &output)
                        case .value(let value): TemplateOutput.append(value, escaped: escaped, to: &output)
                        case nil: break
                        }
                    }
                case .section(let path, let inverted, let end):
                    let node = lookupNode(path)
                    let found: Found? = node >= 0 ? .node(node) : node == Self.inValue ? lookup(path) : nil
                    let body = (index + 1)..<end
                    if inverted {
                        if !(found.map(isTruthy) ?? false) { try run(body, output: &output) }
                    } else if let found, isTruthy(found) {
                        switch found {
                        case .node(let node) where nodes[Int(node)].kind == .list:
                            var element = nodes[Int(node)].start
                            while element >= 0 {
                                try runPushing(.node(element), body, output: &output)
                                element = nodes[Int(element)].next
                            }
                        case .node(let node):
                            try runPushing(.node(node), body, output: &output)
                        case .value(let value):
                            try value.forEachSectionElement { element in
                                values.append(element)
                                defer { values.removeLast() }
                                try runPushing(.value(Int32(values.count - 1)), body, output: &output)
                            }
                        }
                    }
                    index = end
                    continue
                case .call(let program, let frames):
                    try call(program, frames: frames, output: &output)
                }
                index += 1
            }
        }

        /// Runs `program` with the stack it was compiled for: the values of the sections the
        /// compiler unrolled put back between the frames rendering pushed.
        private mutating func call(_ program: Int, frames: Int, output: inout [UInt8]) throws {
            depth += 1
            defer { depth -= 1 }
            guard depth < CompiledTemplate.maximumDepth else {
                throw TemplateError.tooDeep(template.programNames[program])
            }
            guard frames >= 0 else {
                try run(template.programs[program], output: &output)
                return
            }
            let saved = stack
            let savedValues = values.count
            defer {
                stack = saved
                values.removeSubrange(savedValues...)
            }
            let above = template.calls[frames]
            var pushed = saved.count - above.count { $0 == nil }
            stack.removeSubrange(pushed...)
            for frame in above {
                if let frame {
                    values.append(frame)
                    stack.append(.value(Int32(values.count - 1)))
                } else {
                    stack.append(saved[pushed])
                    pushed += 1
                }
            }
            try run(template.programs[program], output: &output)
        }

        private mutating func runPushing(_ frame: Frame, _ body: Range<Int>, output: inout [UInt8]) throws {
            stack.append(frame)
            defer { stack.removeLast() }
            try run(body, output: &output)
        }

        /// What `lookupNode` gives when the name is not found, and when a value of the stack
        /// may have it (then `lookup` looks again).
        static let notFound: Int32 = -1
        static let inValue: Int32 = -2

        /// Looks a path up as `lookup` does, as long as only nodes of the page's view are met:
        /// the node found, `notFound`, or `inValue` when a value of the stack is reached. Pages
        /// find their own names this way, without making a `Found`.
        private func lookupNode(_ path: Int) -> Int32 {
            let names = pathRanges[path]
            guard let first = names.first else {
                if case .node(let node) = stack.last { return node }
                return Self.inValue
            }
            let inView = viewNames.mayContain(pathNames[first])
            var position = stack.count
            var found = Self.notFound
            while position > 0 {
                position -= 1
                guard case .node(let node) = stack[position] else { return Self.inValue }
                if inView, let member = member(first, of: node) {
                    found = member
                    break
                }
            }
            guard found >= 0 else { return found }
            var name = first + 1
            while name < names.upperBound {
                guard let member = member(name, of: found) else { return Self.notFound }
                found = member
                name += 1
            }
            return found
        }

        /// Looks a path up the mustache way: its first name from the innermost frame out, the
        /// rest in objects.
        private func lookup(_ path: Int) -> Found? {
            let names = pathRanges[path]
            guard let first = names.first else {
                switch stack.last {
                case .node(let node): return .node(node)
                case .value(let value): return .value(values[Int(value)])
                case nil: return nil
                }
            }
            var found: Found?
            var position = stack.count
            let name = pathNames[first]
            let inView = viewNames.mayContain(name)
            search: while position > 0 {
                position -= 1
                switch stack[position] {
                case .node(let node):
                    if inView, let member = member(first, of: node) {
                        found = .node(member)
                        break search
                    }
                case .value(let value):
                    if case .object(let members) = values[Int(value)], let member = members[template.paths[path][0]] {
                        found = .value(member)
                        break search
                    }
                }
            }
            guard names.count > 1 else { return found }
            for name in names.dropFirst() {
                switch found {
                case .node(let node): found = member(name, of: node).map(Found.node)
                case .value(.object(let members)): found = members[template.paths[path][name - first]].map(Found.value)
                default: return nil
                }
            }
            return found
        }

        /// The member named `pathNames[name]` of `node` when it is an object: the last given,
        /// if several (an object's members are listed last first). Where the name was found
        /// before is tried first, in objects that give each name once.
        private func member(_ name: Int, of node: Int32) -> Int32? {
            let node = nodes[Int(node)]
            guard node.kind == .object else { return nil }
            let id = pathNames[name]
            let start = Int(node.start)
            let end = Int(node.end)
            let hinted = start + Int(hints[name])
            if hinted < end, members[hinted].name == id, node.hasUniqueNames {
                return members[hinted].node
            }
            var index = start
            while index < end {
                if members[index].name == id {
                    hints[name] = Int32(index - start)
                    return members[index].node
                }
                index += 1
            }
            return nil
        }

        private func isTruthy(_ found: Found) -> Bool {
            switch found {
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

        /// Appends what a variable shows for a node, as `TemplateOutput.append` does for a value.
        private func append(_ index: Int32, escaped: Bool, to output: inout [UInt8]) {
            let node = nodes[Int(index)]
            switch node.kind {
            case .text:
                let text = UnsafeBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)])
                if escaped {
                    TemplateOutput.appendEscaped(text, to: &output)
                } else {
                    output.append(contentsOf: text)
                }
            case .flag: if node.start != 0 { output.append(contentsOf: "true".utf8) }
            case .list, .object: break
            }
        }
    }
}
