import Foundation

/// A library's parsed templates by name, and the same templates indented for the places that
/// include them standalone (parsed once each, as compiling asks for them); safe across threads.
final class TemplateSources: @unchecked Sendable {
    let templates: [String: Template]
    private let lock = NSLock()
    private var indented: [String: Template?] = [:]

    init(_ templates: [String: Template]) {
        self.templates = templates
    }

    /// The template `name` with `indentation` before each of its lines; nil when there is none.
    func template(_ name: String, indentation: String) -> Template? {
        guard let template = templates[name] else { return nil }
        if indentation.isEmpty { return template }
        let key = name + "\u{0}" + indentation
        if let known = lock.withLock({ indented[key] }) { return known }
        let source = Template.reindent(template.source[...], removing: "", adding: indentation, first: true)
        let made = try? Template(source, name: template.name)
        lock.withLock { indented[key] = made }
        return made
    }
}
