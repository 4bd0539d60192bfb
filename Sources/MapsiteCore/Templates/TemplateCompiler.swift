import Foundation

/// Compiles a template against a shared view (see `CompiledTemplate`).
///
/// It walks the template as `TemplateRenderer` does, with a stack of frames standing for the
/// values rendering will have: known values (the shared view and whatever is found in it),
/// the page's own view (only its names are known), and values only the page decides (elements
/// of the page's lists). A name that the innermost frames cannot have and a known frame has is
/// rendered now; anything else becomes a step. Sections over known values are unrolled.
///
/// Against a `PageShape`, the page's own view is known down to its lists' elements, so every
/// name resolves here: to a known value, to nothing, or to a slot of the page's source.
/// Sections over the shape's objects are unrolled too; only the page's values and lists
/// remain as steps.
struct TemplateCompiler {
    /// What a frame of the rendering stack is known to be.
    enum Frame {
        case known(TemplateValue)
        /// The page's own view: it has exactly these names.
        case page(Set<String>)
        /// A value only the page decides.
        case unknown
        /// An object of the page's shape, inside the lists of `context` (`SlotContext`).
        case shaped(PageShape.Object, context: SlotContext)
        /// A value of the page's shape that a section shows its content over.
        case value(Int32, context: SlotContext)
    }

    enum Resolution {
        /// The value is the same for every page (nil: no value).
        case known(TemplateValue?)
        /// The page decides.
        case page
        /// A member of the page's shape, inside the lists of `context`.
        case shaped(PageShape.Member, context: SlotContext)
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
    /// The page's list sections open around the node compiled now (shape only).
    private var listDepth = 0

    init(templates: [String: Template], shared: TemplateValue, pageNames: Set<String>) {
        self.templates = templates
        frames = [.known(shared), .page(pageNames)]
    }

    init(templates: [String: Template], shared: TemplateValue, shape: PageShape) {
        self.templates = templates
        frames = [.known(shared), .shaped(shape.root, context: SlotContext())]
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

    /// Compiles `name` for pages of `shape` (rendered with `CompiledTemplate.render(_:capacity:)`).
    /// - Throws: `TemplateError` when `name` is not a template, `TooDeep` when it is not compiled
    ///   (also when it nests the shape's lists deeper than `ListPositions` holds).
    static func compile(_ name: String, templates: [String: Template], shared: TemplateValue, shape: PageShape)
        throws -> CompiledTemplate
    {
        guard let template = templates[name] else { throw TemplateError.noSuchTemplate(name) }
        var compiler = TemplateCompiler(templates: templates, shared: shared, shape: shape)
        try compiler.compile(template.nodes, blocks: [:], in: name)
        return CompiledTemplate(
            steps: compiler.steps, text: compiler.text, paths: compiler.paths, failures: compiler.failures,
            pageNames: [])
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
                case .shaped(.value(let slot), let context):
                    emit(.slot(slot, context: context, escaped: escaped))
                case .shaped:
                    continue  // a list or an object shows nothing
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
                case .shaped(let member, let context):
                    try compileSection(over: member, context: context, children, inverted, blocks, template)
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

    /// A section over a member of the page's shape: an object is always shown, so its content
    /// is compiled in place; a value or a list becomes a step the page decides.
    private mutating func compileSection(
        over member: PageShape.Member, context: SlotContext, _ children: [Template.Node], _ inverted: Bool,
        _ blocks: [String: [Template.Node]], _ template: String
    ) throws {
        switch member {
        case .object(let object):
            if !inverted {
                try compile(children, pushing: .shaped(object, context: context), blocks: blocks, in: template)
            }
        case .value(let slot):
            let start = steps.count
            emit(.slotSection(slot, context: context, list: false, inverted: inverted, end: start))
            if inverted {
                try compile(children, blocks: blocks, in: template)
            } else {
                try compile(children, pushing: .value(slot, context: context), blocks: blocks, in: template)
            }
            steps[start] = .slotSection(slot, context: context, list: false, inverted: inverted, end: steps.count)
            openText = nil
        case .list(let slot, let element):
            let start = steps.count
            emit(.slotSection(slot, context: context, list: true, inverted: inverted, end: start))
            if inverted {
                try compile(children, blocks: blocks, in: template)
            } else {
                guard let inner = context.appending(listDepth) else { throw TooDeep() }
                listDepth += 1
                defer { listDepth -= 1 }
                try compile(children, pushing: .shaped(element, context: inner), blocks: blocks, in: template)
            }
            steps[start] = .slotSection(slot, context: context, list: true, inverted: inverted, end: steps.count)
            openText = nil
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
            switch frames.last {
            case .known(let value): return .known(value)
            case .shaped(let object, let context): return .shaped(.object(object), context: context)
            case .value(let slot, let context): return .shaped(.value(slot), context: context)
            default: return .page
            }
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
            case .shaped(let object, let context):
                if let member = object.members[first] { return resolve(path.dropFirst(), in: member, context: context) }
            case .value:
                continue  // a value has no names
            }
        }
        for name in path.dropFirst() {
            guard case .object(let members) = found else { return .known(nil) }
            found = members[name]
        }
        return .known(found)
    }

    /// The rest of a path whose first name is `member` of the page's shape.
    private func resolve(_ rest: ArraySlice<String>, in member: PageShape.Member, context: SlotContext) -> Resolution {
        var member = member
        for name in rest {
            guard case .object(let object) = member, let inner = object.members[name] else { return .known(nil) }
            member = inner
        }
        return .shaped(member, context: context)
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
