import Foundation
import Mustache

/// The theme's mustache templates, with same-named files of the content folder's `templates/`
/// taking their place. Templates are named by relative path without `.mustache`:
/// `partials/head.mustache` is `{{> partials/head}}`.
public struct TemplateLibrary: Sendable {
    public struct Failure: Error, LocalizedError {
        public var message: String
        public var errorDescription: String? { message }
    }

    let library: MustacheLibrary
    public let names: Set<String>

    /// - Parameter directories: theme folders, later ones overriding earlier ones; missing ones are skipped.
    /// - Throws: `Failure` naming the file and line of a template that does not parse.
    public init(directories: [String]) throws {
        var library = MustacheLibrary()
        var names = Set<String>()
        for directory in directories {
            guard let enumerator = FileManager.default.enumerator(atPath: directory) else { continue }
            while let relative = enumerator.nextObject() as? String {
                guard relative.hasSuffix(".mustache") else { continue }
                let name = String(relative.dropLast(".mustache".count))
                let path = (directory as NSString).appendingPathComponent(relative)
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                    throw Failure(message: "\(path): expected a readable UTF-8 template")
                }
                do {
                    library.register(try MustacheTemplate(string: text), named: name)
                } catch {
                    throw Failure(message: "\(path): expected a valid mustache template, found \(error)")
                }
                names.insert(name)
            }
        }
        self.library = library
        self.names = names
    }

    /// Renders `view` with the template `name`.
    /// - Throws: `Failure` when there is no such template.
    public func render(_ view: Any, withTemplate name: String) throws -> String {
        guard let text = library.render(view, withTemplate: name) else {
            throw Failure(message: "no template named \"\(name)\" (looked for \(name).mustache in the theme folders)")
        }
        return text
    }
}
