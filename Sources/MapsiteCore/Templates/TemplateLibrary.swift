import Foundation

/// The theme's mustache templates, with same-named files of the content folder's `templates/`
/// taking their place. Templates are named by relative path without `.mustache`:
/// `partials/head.mustache` is `{{> partials/head}}`.
///
/// mapsite renders with its own `Template` engine rather than a mustache package: pages are
/// rendered hundreds of thousands of times, and a package's reflective lookups cost about 0.7 ms
/// per item page here against a few microseconds for typed `TemplateValue`s (see the README's
/// benchmark figures).
public struct TemplateLibrary: Sendable {
    let sources: TemplateSources
    private let compiled = CompiledTemplates()
    var templates: [String: Template] { sources.templates }
    public var names: Set<String> { Set(templates.keys) }
    /// A fingerprint of every template's name and text.
    public private(set) var fingerprint: UInt64 = 0

    /// - Parameter directories: theme folders, later ones overriding earlier ones; missing ones are skipped.
    /// - Throws: `TemplateError` naming the file and line of a template that does not parse.
    public init(directories: [String]) throws {
        var templates: [String: Template] = [:]
        var sources: [String: String] = [:]
        for directory in directories {
            guard let enumerator = FileManager.default.enumerator(atPath: directory) else { continue }
            var relatives: [String] = []
            while let relative = enumerator.nextObject() as? String {
                if relative.hasSuffix(".mustache") { relatives.append(relative) }
            }
            for relative in relatives.sorted() {
                let name = String(relative.dropLast(".mustache".count))
                let path = (directory as NSString).appendingPathComponent(relative)
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                    throw TemplateError(template: path, line: nil, message: "expected a readable UTF-8 template")
                }
                templates[name] = try Template(text, name: path)
                sources[name] = text
            }
        }
        self.sources = TemplateSources(templates)
        fingerprint = Self.fingerprint(of: sources)
    }

    private static func fingerprint(of sources: [String: String]) -> UInt64 {
        var hasher = StableHasher()
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) { hasher.add(name, text) }
        return hasher.value
    }

    /// A library of templates given as text, by name.
    public init(sources: [String: String]) throws {
        self.sources = TemplateSources(
            try sources.reduce(into: [:]) { $0[$1.key] = try Template($1.value, name: $1.key) })
        fingerprint = Self.fingerprint(of: sources)
    }

    /// Renders the template `name` with `values` as the context, outermost first.
    /// - Throws: `TemplateError` when there is no such template, or it includes itself endlessly.
    public func render(_ values: [TemplateValue], withTemplate name: String, capacity: Int = 8192) throws -> String {
        String(decoding: try renderBytes(values, withTemplate: name, capacity: capacity), as: UTF8.self)
    }

    /// Renders as `render(_:withTemplate:)` does, into UTF-8 bytes ready to write.
    public func renderBytes(_ values: [TemplateValue], withTemplate name: String, capacity: Int = 8192) throws
        -> [UInt8]
    {
        // Compiled knowing nothing of the values: every name is looked up as it renders.
        let key = CompiledTemplates.Key(template: name, shared: nil, names: [])
        let compiled = try compiled.template(for: key) {
            try TemplateCompiler.compile(name, library: sources, frames: [.unknown])
        }
        return try compiled.render(values, capacity: capacity)
    }

    public func render(_ value: TemplateValue, withTemplate name: String) throws -> String {
        try render([value], withTemplate: name)
    }

    /// Renders the template `name` for a page whose own view `page` lies over `shared`: the same
    /// bytes as `renderBytes([shared.value, .object(page)], withTemplate: name)`, but what comes
    /// from `shared` alone is rendered once for every page over it whose view has the same names
    /// (see `CompiledTemplate`).
    public func renderPage(
        _ page: TemplateObject, over shared: SharedView, withTemplate name: String, capacity: Int = 8192
    ) throws -> [UInt8] {
        try renderPage(FlatView(page), over: shared, withTemplate: name, capacity: capacity)
    }

    /// Renders as `renderPage(_:over:withTemplate:capacity:)` does, for a page's view built flat.
    func renderPage(_ page: FlatView, over shared: SharedView, withTemplate name: String, capacity: Int = 8192)
        throws -> [UInt8]
    {
        let names = page.rootNames
        let key = CompiledTemplates.Key(template: name, shared: shared.key, names: names)
        let compiled = try compiled.template(for: key) {
            try TemplateCompiler.compile(
                name, library: sources,
                frames: [.known(shared.value), .page(Set(names.map { ViewNames.shared.name($0) }))])
        }
        return try compiled.render(page, over: shared.value, capacity: capacity)
    }

    /// Checks that every partial and parent a template names is a template: the spec renders a
    /// missing one as nothing, which would hide a theme's typo.
    /// - Throws: `TemplateProblems` listing each use of a name that is not a template, by file and line.
    public func validate() throws {
        var problems: [String] = []
        func check(_ nodes: [Template.Node], in template: Template) {
            for node in nodes {
                switch node {
                case .text, .variable: continue
                case .section(_, let children, _): check(children, in: template)
                case .partial(let name, let blocks, _, let line):
                    if templates[name] == nil {
                        let kind = blocks == nil ? "partial" : "parent"
                        problems.append("\(template.name):\(line): \(kind) \"\(name)\" is not a template")
                    }
                    for block in (blocks ?? [:]).values.sorted(by: { $0.line < $1.line }) {
                        check(block.nodes, in: template)
                    }
                case .block(let block): check(block.nodes, in: template)
                }
            }
        }
        for name in templates.keys.sorted() { check(templates[name]!.nodes, in: templates[name]!) }
        if !problems.isEmpty { throw TemplateProblems(problems: problems) }
    }
}

/// Partials and parents that name no template, each as `file:line: partial "name" is not a template`.
public struct TemplateProblems: Error, LocalizedError, Equatable {
    public var problems: [String]

    public var errorDescription: String? {
        "\(problems.count) template error\(problems.count == 1 ? "" : "s"):\n" + problems.joined(separator: "\n")
    }
}

/// A view that many pages share beneath their own (site title, menu, links back to the root),
/// with a key that names it: views with the same key are the same.
public struct SharedView: Sendable {
    public var key: String
    public var value: TemplateValue

    public init(key: String, value: TemplateValue) {
        self.key = key
        self.value = value
    }
}

/// Compiled templates by template, shared view and page names, made as pages ask for them;
/// safe across threads.
final class CompiledTemplates: @unchecked Sendable {
    struct Key: Hashable {
        var template: String
        /// The shared view's key; nil for a template compiled knowing nothing of its values.
        var shared: String?
        /// The names of the page's own view (`ViewNames`).
        var names: [Int32]
    }

    private let lock = NSLock()
    private var templates: [Key: CompiledTemplate] = [:]

    func template(for key: Key, compile: () throws -> CompiledTemplate) throws -> CompiledTemplate {
        if let known = lock.withLock({ templates[key] }) { return known }
        let made = try compile()
        lock.withLock { templates[key] = made }
        return made
    }
}
