import Foundation

/// A template made ready for the many pages that lie over one shared view, such as every item
/// page of a dataset.
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
                                        shared: shared)
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
        var stack: [Frame]

        init(
            template: CompiledTemplate, steps: UnsafeBufferPointer<Step>, text: UnsafeBufferPointer<UInt8>,
            pathNames: UnsafeBufferPointer<Int32>, pathRanges: UnsafeBufferPointer<Range<Int>>,
            nodes: UnsafeBufferPointer<FlatView.Node>, members: UnsafeBufferPointer<FlatView.Member>,
            bytes: UnsafeBufferPointer<UInt8>, shared: TemplateValue
        ) {
            self.template = template
            self.steps = steps
            self.text = text
            self.pathNames = pathNames
            self.pathRanges = pathRanges
            self.nodes = nodes
            self.members = members
            self.bytes = bytes
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
            search: while position > 0 {
                position -= 1
                switch stack[position] {
                case .node(let node):
                    if let member = member(pathNames[first], of: node) {
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

/// Compiles a template against a shared view (see `CompiledTemplate`).
///
/// It walks the template as `TemplateRenderer` does, with a stack of frames standing for the
/// values rendering will have: known values (the shared view and whatever is found in it),
/// the page's own view (only its names are known), and values only the page decides (elements
/// of the page's lists). A name that the innermost frames cannot have and a known frame has is
/// rendered now; anything else becomes a step. Sections over known values are unrolled.
struct TemplateCompiler {
    /// What a frame of the rendering stack is known to be.
    enum Frame {
        case known(TemplateValue)
        /// The page's own view: it has exactly these names.
        case page(Set<String>)
        /// A value only the page decides.
        case unknown
    }

    enum Resolution {
        /// The value is the same for every page (nil: no value).
        case known(TemplateValue?)
        /// The page decides.
        case page
    }

    /// A template the compiler does not unroll: partials nested deeper than rendering allows,
    /// which fails or not depending on the page (a recursive partial over the page's data).
    struct TooDeep: Error {}

    let templates: [String: Template]
    private var frames: [Frame]
    private var steps: [CompiledTemplate.Step] = []
    private var text: [UInt8] = []
    private var paths: [[String]] = []
    private var pathIndexes: [[String]: Int] = [:]
    private var failures: [TemplateError] = []
    /// The text step that text may still be added to: none right after a section opens or closes.
    private var openText: Int?
    private var depth = 0

    init(templates: [String: Template], shared: TemplateValue, pageNames: Set<String>) {
        self.templates = templates
        frames = [.known(shared), .page(pageNames)]
    }

    /// - Throws: `TemplateError` when `name` is not a template, `TooDeep` when it is not compiled.
    static func compile(
        _ name: String, templates: [String: Template], shared: TemplateValue, pageNames: Set<String>
    ) throws -> CompiledTemplate {
        guard let template = templates[name] else { throw TemplateError.noSuchTemplate(name) }
        var compiler = TemplateCompiler(templates: templates, shared: shared, pageNames: pageNames)
        try compiler.compile(template.nodes, blocks: [:], in: name)
        return CompiledTemplate(
            steps: compiler.steps, text: compiler.text, paths: compiler.paths, failures: compiler.failures,
            pageNames: pageNames)
    }

    private mutating func compile(_ nodes: [Template.Node], blocks: [String: [Template.Node]], in template: String)
        throws
    {
        for node in nodes {
            switch node {
            case .text(let bytes):
                append(bytes)
            case .variable(let path, let escaped):
                switch resolve(path) {
                case .known(let value):
                    guard let value else { continue }
                    var bytes: [UInt8] = []
                    TemplateRenderer.append(value, escaped: escaped, to: &bytes)
                    append(bytes)
                case .page:
                    emit(.variable(path: intern(path), escaped: escaped))
                }
            case .section(let path, let children, let inverted):
                switch resolve(path) {
                case .known(let value):
                    let truthy = value?.isTruthy ?? false
                    if inverted {
                        if !truthy { try compile(children, blocks: blocks, in: template) }
                    } else if truthy, let value {
                        try value.forEachSectionElement { element in
                            try compile(children, pushing: .known(element), blocks: blocks, in: template)
                        }
                    }
                case .page:
                    let start = steps.count
                    let pathIndex = intern(path)
                    emit(.section(path: pathIndex, inverted: inverted, end: start))
                    if inverted {
                        try compile(children, blocks: blocks, in: template)
                    } else {
                        try compile(children, pushing: .unknown, blocks: blocks, in: template)
                    }
                    steps[start] = .section(path: pathIndex, inverted: inverted, end: steps.count)
                    openText = nil
                }
            case .partial(let name):
                try compileTemplate(name, blocks: [:], from: template)
            case .parent(let name, let childBlocks):
                try compileTemplate(name, blocks: childBlocks.merging(blocks) { _, outer in outer }, from: template)
            case .block(let name, let children):
                try compile(blocks[name] ?? children, blocks: blocks, in: template)
            }
        }
    }

    private mutating func compile(
        _ nodes: [Template.Node], pushing frame: Frame, blocks: [String: [Template.Node]], in template: String
    ) throws {
        frames.append(frame)
        defer { frames.removeLast() }
        try compile(nodes, blocks: blocks, in: template)
    }

    private mutating func compileTemplate(_ name: String, blocks: [String: [Template.Node]], from caller: String)
        throws
    {
        guard let template = templates[name] else {
            // Rendering fails only if it gets here, which may depend on the page.
            failures.append(TemplateError.noSuchPartial(name, usedBy: caller))
            emit(.failure(index: failures.count - 1))
            return
        }
        depth += 1
        defer { depth -= 1 }
        // Whether rendering goes this deep may depend on the page: leave it to the renderer.
        guard depth < TemplateRenderer.maximumDepth else { throw TooDeep() }
        try compile(template.nodes, blocks: blocks, in: name)
    }

    /// Looks `path` up as `TemplateRenderer.lookup` would, as far as the frames are known.
    private func resolve(_ path: [String]) -> Resolution {
        guard let first = path.first else {
            if case .known(let value) = frames.last { return .known(value) }
            return .page
        }
        var found: TemplateValue?
        search: for frame in frames.reversed() {
            switch frame {
            case .known(let value):
                if case .object(let members) = value, let member = members[first] {
                    found = member
                    break search
                }
            case .page(let names):
                if names.contains(first) { return .page }
            case .unknown:
                return .page
            }
        }
        for name in path.dropFirst() {
            guard case .object(let members) = found else { return .known(nil) }
            found = members[name]
        }
        return .known(found)
    }

    private mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if let open = openText, case .text(let start, _) = steps[open] {
            text += bytes
            steps[open] = .text(start: start, end: text.count)
        } else {
            let start = text.count
            text += bytes
            steps.append(.text(start: start, end: text.count))
            openText = steps.count - 1
        }
    }

    private mutating func emit(_ step: CompiledTemplate.Step) {
        steps.append(step)
        openText = nil
    }

    private mutating func intern(_ path: [String]) -> Int {
        if let index = pathIndexes[path] { return index }
        paths.append(path)
        pathIndexes[path] = paths.count - 1
        return paths.count - 1
    }
}
