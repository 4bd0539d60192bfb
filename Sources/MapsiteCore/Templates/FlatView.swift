import Foundation

/// A page's own view held in two flat arrays: nodes (each a text, flag, list or object, linked
/// to the next member of the same parent) and the bytes of every text, one after another.
///
/// Item pages build one each, front to back: a few allocations per page instead of one or more
/// per value, and a compiled template reads it by index, without reference counting
/// (`CompiledTemplate`). An object links its members last first, so that looking a name up
/// stops at the first match and, of a name given twice, the last counts, as in `TemplateObject`.
/// `value` is the same view as a `TemplateValue`.
public struct FlatView: Sendable {
    struct Node: Sendable {
        enum Kind: UInt8, Sendable { case text, flag, list, object }
        var kind: Kind
        /// The member's name (`ViewNames`); -1 for a list's elements and the root.
        var name: Int32
        /// Text: its bytes are `start..<end`. Flag: `start` is 1 for true. List: `start` is the
        /// first element; object: the member given last; -1 when there is none.
        var start: Int32
        var end: Int32
        /// The next element of the same list, or the member given before it in the same
        /// object; -1 at the end.
        var next: Int32
        /// Lists, while they are built: the last element so far.
        var last: Int32 = -1
        /// The list or object that holds it.
        var parent: Int32 = -1
    }

    private(set) var nodes: [Node]
    private(set) var bytes: [UInt8] = []
    /// The list or object that new values go into.
    private var open: Int32 = 0

    /// An empty view (its root is an object); `capacity` bytes of text are reserved.
    init(capacity: Int = 0) {
        nodes = [Node(kind: .object, name: -1, start: -1, end: 0, next: -1)]
        nodes.reserveCapacity(max(16, capacity / 16))
        bytes.reserveCapacity(capacity)
    }

    /// The view of `object`, member by member.
    init(_ object: TemplateObject) {
        self.init()
        for (name, value) in object.members { add(value, name: ViewNames.shared.id(name)) }
    }

    // MARK: Building

    /// Adds a text made by `write`, which appends its UTF-8 bytes.
    mutating func text(_ name: ViewName?, _ write: (inout [UInt8]) -> Void) {
        let start = Int32(bytes.count)
        write(&bytes)
        add(Node(kind: .text, name: name?.rawValue ?? -1, start: start, end: Int32(bytes.count), next: -1))
    }

    mutating func text(_ name: ViewName?, _ text: String) {
        var text = text
        self.text(name) { bytes in text.withUTF8 { bytes.append(contentsOf: $0) } }
    }

    mutating func flag(_ name: ViewName?, _ value: Bool) {
        add(Node(kind: .flag, name: name?.rawValue ?? -1, start: value ? 1 : 0, end: 0, next: -1))
    }

    /// The text, or false when there is none, as `TemplateValue.optional`.
    mutating func optional(_ name: ViewName?, _ text: String?) {
        if let text, !text.isEmpty { self.text(name, text) } else { flag(name, false) }
    }

    /// Starts an object: what is added next are its members, until `end()`.
    mutating func beginObject(_ name: ViewName? = nil) {
        open = add(Node(kind: .object, name: name?.rawValue ?? -1, start: -1, end: 0, next: -1))
    }

    /// Starts a list: what is added next are its elements, until `end()`.
    mutating func beginList(_ name: ViewName?) {
        open = add(Node(kind: .list, name: name?.rawValue ?? -1, start: -1, end: 0, next: -1))
    }

    /// Ends the innermost list or object begun.
    mutating func end() {
        precondition(open > 0, "end() without a list or object begun")
        open = nodes[Int(open)].parent
    }

    /// Adds a `TemplateValue` as it is.
    mutating func add(_ value: TemplateValue, name: ViewName?) {
        add(value, name: name?.rawValue ?? -1)
    }

    private mutating func add(_ value: TemplateValue, name: Int32) {
        switch value {
        case .text(var text):
            let start = Int32(bytes.count)
            text.withUTF8 { bytes.append(contentsOf: $0) }
            add(Node(kind: .text, name: name, start: start, end: Int32(bytes.count), next: -1))
        case .bool(let flag):
            add(Node(kind: .flag, name: name, start: flag ? 1 : 0, end: 0, next: -1))
        case .list(let values):
            open = add(Node(kind: .list, name: name, start: -1, end: 0, next: -1))
            for value in values { add(value, name: -1) }
            end()
        case .object(let object):
            open = add(Node(kind: .object, name: name, start: -1, end: 0, next: -1))
            for (name, value) in object.members { add(value, name: ViewNames.shared.id(name)) }
            end()
        }
    }

    @discardableResult
    private mutating func add(_ node: Node) -> Int32 {
        let index = Int32(nodes.count)
        var node = node
        node.parent = open
        if nodes[Int(open)].kind == .object {
            node.next = nodes[Int(open)].start
            nodes[Int(open)].start = index
            nodes.append(node)
            return index
        }
        nodes.append(node)
        let last = nodes[Int(open)].last
        if last < 0 { nodes[Int(open)].start = index } else { nodes[Int(last)].next = index }
        nodes[Int(open)].last = index
        return index
    }

    // MARK: Reading

    /// The names of the root object's members, the last given first.
    var rootNames: [Int32] {
        var names: [Int32] = []
        var member = nodes[0].start
        while member >= 0 {
            names.append(nodes[Int(member)].name)
            member = nodes[Int(member)].next
        }
        return names
    }

    /// The view as a `TemplateValue` (an object).
    var value: TemplateValue { value(of: 0) }

    /// The view as a `TemplateObject`.
    var object: TemplateObject {
        TemplateObject(children(of: nodes[0]).map { (ViewNames.shared.name(nodes[Int($0)].name), value(of: $0)) })
    }

    private func value(of node: Int32) -> TemplateValue {
        let node = nodes[Int(node)]
        switch node.kind {
        case .text: return .text(String(decoding: bytes[Int(node.start)..<Int(node.end)], as: UTF8.self))
        case .flag: return .bool(node.start != 0)
        case .list: return .list(children(of: node).map { value(of: $0) })
        case .object:
            return .object(
                TemplateObject(children(of: node).map { (ViewNames.shared.name(nodes[Int($0)].name), value(of: $0)) }))
        }
    }

    /// A list's elements or an object's members, in the order given.
    private func children(of node: Node) -> [Int32] {
        var children: [Int32] = []
        var child = node.start
        while child >= 0 {
            children.append(child)
            child = nodes[Int(child)].next
        }
        return node.kind == .object ? children.reversed() : children
    }
}
