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

    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): scalar.string
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }
}
