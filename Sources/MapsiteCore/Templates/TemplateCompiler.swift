import Foundation

/// The one compile step of the template engine: turns a template, its partials and parents
/// resolved, their blocks filled and indentation applied, into the flat steps of a
/// `CompiledTemplate`.
///
/// It walks the tree with a stack of frames standing for the values rendering will have:
/// known values (a shared view and whatever is found in it), a page's own view (only its names
/// are known), and values only the page decides. A name that the innermost frames cannot have
/// and a known frame has is rendered now; anything else becomes a step. Sections over known
/// values are unrolled. A partial that includes itself, directly or not, becomes a call of a
/// program of its own, compiled with nothing known.
struct TemplateCompiler {
    /// What a frame of the rendering stack is known to be.
    enum Frame {
        case known(TemplateValue)
        /// A page's own view: it has exactly these names.
        case page(Set<String>)
        /// A value only rendering decides.
        case unknown
    }

    /// What a name stands for, as far as the compiler knows.
    enum Resolution {
        /// The value is the same every time (nil: no value).
        case known(TemplateValue?)
        /// Rendering decides.
        case dynamic
    }

    /// What a program includes, and the blocks it fills: a program per distinct include.
    private struct Include {
        var name: String
        var blocks: [String: Template.Block]
        var indentation: String
        var key: String
    }

    let library: TemplateSources
    private var frames: [Frame]
    private var steps: [CompiledTemplate.Step] = []
    private var text: [UInt8] = []
    private var paths: [[String]] = []
    private var pathIndexes: [[String]: Int] = [:]
    /// The text step that text may still be added to: none right after a section opens or closes.
    private var openText: Int?
    /// The templates being unrolled now, innermost last.
    private var including: [String] = []
    /// Programs called, by their include's key, and those not compiled yet.
    private var programIndexes: [String: Int] = [:]
    private var programs: [Range<Int>] = []
    private var programNames: [String] = []
    private var pending: [(Int, Include)] = []
    private var calls: [[TemplateValue?]] = []
    /// How many frames the stack starts with.
    private var base: Int

    init(library: TemplateSources, frames: [Frame]) {
        self.library = library
        self.frames = frames
        base = frames.count
    }

    /// Compiles the template `name` for a rendering stack of `frames`.
    /// - Throws: `TemplateError` when `name` is not a template.
    static func compile(_ name: String, library: TemplateSources, frames: [Frame]) throws -> CompiledTemplate {
        guard let template = library.template(name, indentation: "") else { throw TemplateError.noSuchTemplate(name) }
        var compiler = TemplateCompiler(library: library, frames: frames)
        compiler.programs.append(0..<0)
        compiler.programNames.append(name)
        compiler.including = [name]
        compiler.compile(template.nodes, blocks: [:])
        compiler.programs[0] = 0..<compiler.steps.count
        // Programs that include themselves know nothing of the stack they are called with.
        while !compiler.pending.isEmpty {
            let (index, include) = compiler.pending.removeFirst()
            compiler.frames = [.unknown]
            compiler.base = 1
            compiler.including = [include.name]
            compiler.openText = nil
            let start = compiler.steps.count
            if let template = compiler.library.template(include.name, indentation: include.indentation) {
                compiler.compile(template.nodes, blocks: include.blocks)
            }
            compiler.programs[index] = start..<compiler.steps.count
        }
        return CompiledTemplate(
            steps: compiler.steps, programs: compiler.programs, programNames: compiler.programNames,
            text: compiler.text, paths: compiler.paths,
            calls: compiler.calls)
    }

    private mutating func compile(_ nodes: [Template.Node], blocks: [String: Template.Block]) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                append(bytes)
            case .variable(let path, let escaped):
                switch resolve(path) {
                case .known(let value):
                    guard let value else { continue }
                    var bytes: [UInt8] = []
                    TemplateOutput.append(value, escaped: escaped, to: &bytes)
                    append(bytes)
                case .dynamic:
                    emit(.variable(path: intern(path), escaped: escaped))
                }
            case .section(let path, let children, let inverted):
                switch resolve(path) {
                case .known(let value):
                    let truthy = value?.isTruthy ?? false
                    if inverted {
                        if !truthy { compile(children, blocks: blocks) }
                    } else if truthy, let value {
                        value.forEachSectionElement { element in
                            compile(children, pushing: .known(element), blocks: blocks)
                        }
                    }
                case .dynamic:
                    let start = steps.count
                    let pathIndex = intern(path)
                    emit(.section(path: pathIndex, inverted: inverted, end: start))
                    if inverted {
                        compile(children, blocks: blocks)
                    } else {
                        compile(children, pushing: .unknown, blocks: blocks)
                    }
                    steps[start] = .section(path: pathIndex, inverted: inverted, end: steps.count)
                    openText = nil
                }
            case .partial(let name, let given, let indentation, _):
                // Blocks given further out win over the ones given here.
                let filled = given.map { $0.merging(blocks) { _, outer in outer } } ?? [:]
                include(name, blocks: filled, indentation: indentation)
            case .block(let block):
                compile(fill(block, from: blocks[block.name]), blocks: blocks)
            }
        }
    }

    /// Unrolls the template `name` here, or calls it when it is being unrolled already.
    private mutating func include(_ name: String, blocks: [String: Template.Block], indentation: String) {
        guard including.contains(name) else {
            // A template that is missing renders nothing (`TemplateLibrary.validate()` reports it).
            guard let template = library.template(name, indentation: indentation) else { return }
            including.append(name)
            defer { including.removeLast() }
            compile(template.nodes, blocks: blocks)
            return
        }
        let key =
            ([name, indentation] + blocks.sorted { $0.key < $1.key }.map { "\($0.key)\u{1}\(Self.key(of: $0.value))" })
            .joined(separator: "\u{0}")
        let index: Int
        if let known = programIndexes[key] {
            index = known
        } else {
            index = programs.count
            programs.append(0..<0)
            programNames.append(name)
            programIndexes[key] = index
            pending.append((index, Include(name: name, blocks: blocks, indentation: indentation, key: key)))
        }
        // Sections over known values were unrolled: their values are put back on the stack.
        var above: [TemplateValue?] = []
        var unrolled = false
        for frame in frames[base...] {
            if case .known(let value) = frame {
                above.append(value)
                unrolled = true
            } else {
                above.append(nil)
            }
        }
        if unrolled {
            calls.append(above)
            emit(.call(program: index, frames: calls.count - 1))
        } else {
            emit(.call(program: index, frames: -1))
        }
    }

    private static func key(of block: Template.Block) -> String {
        "\(block.isStandalone) \(block.tagIndentation ?? "-") \(block.delimiters.open) \(block.delimiters.close) "
            + block.source
    }

    /// The nodes a block shows where it is used: its own default content, or the content a
    /// parent's caller gives for it, moved from the indentation it was given with to the one
    /// of the place it is used.
    private func fill(_ site: Template.Block, from given: Template.Block?) -> [Template.Node] {
        guard let given else { return site.nodes }
        let indentation: String
        if site.isStandalone {
            indentation = String(site.source.isEmpty ? Substring(site.tagIndentation ?? "") : site.ownIndentation)
        } else {
            indentation = site.tagIndentation ?? ""
        }
        let own = given.ownIndentation
        if own.isEmpty && indentation.isEmpty || site.isStandalone && own == indentation { return given.nodes }
        let source = Template.reindent(given.source, removing: own, adding: indentation, first: site.isStandalone)
        let moved = try? Template(
            source, name: "block \(given.name)", delimiters: given.delimiters, firstLine: given.line)
        return moved?.nodes ?? given.nodes
    }

    private mutating func compile(_ nodes: [Template.Node], pushing frame: Frame, blocks: [String: Template.Block]) {
        frames.append(frame)
        defer { frames.removeLast() }
        compile(nodes, blocks: blocks)
    }

    /// Looks `path` up as `CompiledTemplate` would, as far as the frames are known.
    private func resolve(_ path: [String]) -> Resolution {
        guard let first = path.first else {
            if case .known(let value) = frames.last { return .known(value) }
            return .dynamic
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
                if names.contains(first) { return .dynamic }
            case .unknown:
                return .dynamic
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
