import Foundation

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
