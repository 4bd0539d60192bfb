import Foundation
import Yams

/// A YAML mapping being read into a config, which turns every wrong value into an `InputError`
/// that names the file, the line and the key.
struct ConfigNode {
    let file: String
    let path: String
    let node: Node

    init(file: String, path: String, node: Node) {
        self.file = file
        self.path = path
        self.node = node
    }

    var line: Int? { node.mark?.line }

    func error(_ key: String?, expected: String, found: Node? = nil) -> InputError {
        let field = key.map { path.isEmpty ? $0 : "\(path).\($0)" } ?? (path.isEmpty ? nil : path)
        let at = found ?? node
        return InputError(
            file: file, line: at.mark?.line, field: field.map { "key \"\($0)\"" },
            expected: expected, found: found.map(Self.describe))
    }

    /// Fails on keys that are not in `known`, so that a misspelt setting is not silently ignored.
    func checkKeys(_ known: [String]) throws {
        guard let mapping = node.mapping else { throw error(nil, expected: "a mapping of keys to values") }
        for (key, _) in mapping {
            let name = key.string ?? ""
            if !known.contains(name) {
                throw InputError(
                    file: file, line: key.mark?.line, field: path.isEmpty ? nil : "key \"\(path)\"",
                    expected: "one of " + known.joined(separator: ", "), found: name)
            }
        }
    }

    func child(_ key: String) -> Node? {
        guard let value = node.mapping?[key], value.null == nil else { return nil }
        return value
    }

    func string(_ key: String) throws -> String? {
        guard let value = child(key) else { return nil }
        guard let text = value.scalar?.string else { throw error(key, expected: "a text", found: value) }
        return text
    }

    func string(_ key: String, default fallback: String) throws -> String {
        try string(key) ?? fallback
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = child(key) else { return nil }
        guard let number = value.int, range.contains(number) else {
            throw error(key, expected: "a whole number in \(range.lowerBound)…\(range.upperBound)", found: value)
        }
        return number
    }

    func bool(_ key: String) throws -> Bool? {
        guard let value = child(key) else { return nil }
        guard let flag = value.bool else { throw error(key, expected: "true or false", found: value) }
        return flag
    }

    func mapping(_ key: String) throws -> ConfigNode? {
        guard let value = child(key) else { return nil }
        guard value.mapping != nil else { throw error(key, expected: "a mapping", found: value) }
        return ConfigNode(file: file, path: path.isEmpty ? key : "\(path).\(key)", node: value)
    }

    func sequence(_ key: String) throws -> [Node]? {
        guard let value = child(key) else { return nil }
        guard let items = value.sequence else { throw error(key, expected: "a list", found: value) }
        return Array(items)
    }

    /// A YAML syntax error as an `InputError`: the line and the problem, without the excerpt of
    /// the source Yams adds. `expected` is what the file should hold, such as "valid YAML".
    static func syntaxError(_ error: Error, file: String, expected: String) -> InputError {
        guard let error = error as? YamlError else {
            return InputError(file: file, expected: expected, found: "\(error)")
        }
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            // "while scanning a quoted scalar from line 2": where the unfinished construct started.
            let during = context.map { " (\($0.text) from line \($0.mark.line))" } ?? ""
            return InputError(file: file, line: mark.line, expected: expected + during, found: problem)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return InputError(
                file: file, line: context.mark.line, expected: expected + " with each key once",
                found: duplicates.joined(separator: ", "))
        default:
            return InputError(file: file, expected: expected, found: "\(error)")
        }
    }

    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): scalar.string
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }
}
