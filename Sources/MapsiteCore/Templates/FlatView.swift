import Foundation

/// A page's own view held in a few flat arrays: nodes (each a text, flag, list or object), the
/// bytes of every text one after another, and each object's members side by side.
///
/// Item pages build theirs directly (`ItemPage.view(for:)`); other pages' views are converted
/// into one: a few allocations per page instead of one or more per value, and a compiled
/// template reads it by index, without reference counting (`CompiledTemplate`). When an object ends, its
/// members are listed together in `members`, the last given first, so that looking a name up
/// scans a short array and stops at the first match: of a name given twice, the last counts,
/// as in `TemplateObject`. `finish()` ends the root object; `value` is the finished view as a
/// `TemplateValue`.
public struct FlatView: Sendable {
    struct Node: Sendable {
        enum Kind: UInt8, Sendable { case text, flag, list, object }
        var kind: Kind
        /// The member's name (`ViewNames`); -1 for a list's elements and the root.
        var name: Int32
        /// Text: its bytes are `start..<end`. Flag: `start` is 1 for true. List: `start` is the
        /// first element (-1: none). Object: its members are `members[start..<end]`; while it is
        /// built, `start` is the member given last (-1: none).
        var start: Int32
        var end: Int32
        /// The next element of the same list; while an object is built, the member given before
        /// it. -1 at the end.
        var next: Int32
        /// Lists, while they are built and a list or object inside is open: the last element so far.
        var last: Int32 = -1
        /// The list or object that holds it.
        var parent: Int32 = -1
        /// Objects, once ended: whether no name is given twice among their members.
        var hasUniqueNames = false
    }

    /// A member of an object: its name and its node.
    struct Member: Sendable {
        var name: Int32
        var node: Int32
    }

    /// The names given anywhere in a view, so that a template looking up a name the view never
    /// gives (the shared view's `root`, `site`, `menu`) skips the view's objects at once. A bit
    /// per name below 256; any name above makes every lookup scan.
    struct Names: Sendable {
        private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        private var hasLarge = false

        mutating func insert(_ name: Int32) {
            guard name >= 0 else { return }
            guard name < 256 else {
                hasLarge = true
                return
            }
            let bit = UInt64(1) << UInt64(name & 63)
            switch name >> 6 {
            case 0: bits.0 |= bit
            case 1: bits.1 |= bit
            case 2: bits.2 |= bit
            default: bits.3 |= bit
            }
        }

        /// False only when no member of the view is named `name`.
        func mayContain(_ name: Int32) -> Bool {
            guard name >= 0, name < 256, !hasLarge else { return true }
            let word: UInt64
            switch name >> 6 {
            case 0: word = bits.0
            case 1: word = bits.1
            case 2: word = bits.2
            default: word = bits.3
            }
            return word & (UInt64(1) << UInt64(name & 63)) != 0
        }
    }

    private(set) var nodes: [Node]
    private(set) var bytes: [UInt8] = []
    private(set) var members: [Member] = []
    /// Every name given to a member.
    private(set) var names = Names()
    /// The list or object that new values go into, whether it is an object, and its member
    /// given last or its last element so far (-1: none), kept here rather than in its node
    /// while it is open.
    private var open: Int32 = 0
    private var openIsObject = true
    private var head: Int32 = -1
    /// Whether `finish()` has ended the root object.
    private(set) var isFinished = false

    /// An empty view (its root is an object); `capacity` bytes of text are reserved.
    init(capacity: Int = 0) {
        nodes = [Node(kind: .object, name: -1, start: -1, end: 0, next: -1)]
        nodes.reserveCapacity(max(16, capacity / 16))
        members.reserveCapacity(max(16, capacity / 32))
        bytes.reserveCapacity(capacity)
    }

    /// The finished view of `object`, member by member.
    init(_ object: TemplateObject) {
        self.init()
        for (name, value) in object.members { add(value, name: ViewNames.shared.id(name)) }
        finish()
    }

    // MARK: Building

    /// Adds a text made by `write`, which appends its UTF-8 bytes.
    mutating func text(_ name: ViewName?, _ write: (inout [UInt8]) -> Void) {
        text(id: name?.rawValue ?? -1, write)
    }

    mutating func text(_ name: ViewName?, _ text: String) {
        self.text(id: name?.rawValue ?? -1, text)
    }

    mutating func flag(_ name: ViewName?, _ value: Bool) {
        flag(id: name?.rawValue ?? -1, value)
    }

    /// The text, or false when there is none, as `TemplateValue.optional`.
    mutating func optional(_ name: ViewName?, _ text: String?) {
        if let text, !text.isEmpty { self.text(name, text) } else { flag(name, false) }
    }

    /// Starts an object: what is added next are its members, until `end()`.
    mutating func beginObject(_ name: ViewName? = nil) {
        begin(Node(kind: .object, name: name?.rawValue ?? -1, start: -1, end: 0, next: -1))
    }

    /// Starts a list: what is added next are its elements, until `end()`.
    mutating func beginList(_ name: ViewName?) {
        begin(Node(kind: .list, name: name?.rawValue ?? -1, start: -1, end: 0, next: -1))
    }

    // Any other name works too, at the cost of looking its number up (`ViewNames`): a view
    // gains a name without declaring it, and a `ViewName` makes it cost nothing.

    mutating func text(_ name: String, _ write: (inout [UInt8]) -> Void) {
        text(id: ViewNames.shared.id(name), write)
    }

    mutating func text(_ name: String, _ text: String) {
        self.text(id: ViewNames.shared.id(name), text)
    }

    mutating func flag(_ name: String, _ value: Bool) {
        flag(id: ViewNames.shared.id(name), value)
    }

    mutating func optional(_ name: String, _ text: String?) {
        if let text, !text.isEmpty { self.text(name, text) } else { flag(name, false) }
    }

    mutating func beginObject(_ name: String) {
        begin(Node(kind: .object, name: ViewNames.shared.id(name), start: -1, end: 0, next: -1))
    }

    mutating func beginList(_ name: String) {
        begin(Node(kind: .list, name: ViewNames.shared.id(name), start: -1, end: 0, next: -1))
    }

    private mutating func text(id: Int32, _ write: (inout [UInt8]) -> Void) {
        let start = Int32(bytes.count)
        write(&bytes)
        add(Node(kind: .text, name: id, start: start, end: Int32(bytes.count), next: -1))
    }

    private mutating func text(id: Int32, _ text: String) {
        var text = text
        self.text(id: id) { bytes in text.withUTF8 { bytes.append(contentsOf: $0) } }
    }

    private mutating func flag(id: Int32, _ value: Bool) {
        add(Node(kind: .flag, name: id, start: value ? 1 : 0, end: 0, next: -1))
    }

    /// Ends the innermost list or object begun.
    mutating func end() {
        precondition(open > 0, "end() without a list or object begun")
        if openIsObject {
            nodes[Int(open)].start = head
            listMembers(of: open)
        }
        open = nodes[Int(open)].parent
        openIsObject = nodes[Int(open)].kind == .object
        head = openIsObject ? nodes[Int(open)].start : nodes[Int(open)].last
    }

    /// Ends the root object: the view is complete and can be rendered.
    mutating func finish() {
        precondition(open == 0, "finish() with a list or object still open")
        precondition(!isFinished, "finish() called twice")
        nodes[0].start = head
        listMembers(of: 0)
        isFinished = true
    }

    /// Lists the members of object `index` side by side in `members`, the last given first.
    /// Notes whether a name is given twice (or may be: names from 256 on are not told apart).
    private mutating func listMembers(of index: Int32) {
        let first = Int32(members.count)
        var member = nodes[Int(index)].start
        var seen = Names()
        var isUnique = true
        while member >= 0 {
            let name = nodes[Int(member)].name
            if isUnique {
                if name >= 256 || seen.mayContain(name) { isUnique = false } else { seen.insert(name) }
            }
            members.append(Member(name: name, node: member))
            member = nodes[Int(member)].next
        }
        nodes[Int(index)].start = first
        nodes[Int(index)].end = Int32(members.count)
        nodes[Int(index)].hasUniqueNames = isUnique
    }

    /// Adds a `TemplateValue` as it is, named `name` (`ViewNames`; -1 in a list).
    private mutating func add(_ value: TemplateValue, name: Int32) {
        switch value {
        case .text(var text):
            let start = Int32(bytes.count)
            text.withUTF8 { bytes.append(contentsOf: $0) }
            add(Node(kind: .text, name: name, start: start, end: Int32(bytes.count), next: -1))
        case .bool(let flag):
            add(Node(kind: .flag, name: name, start: flag ? 1 : 0, end: 0, next: -1))
        case .list(let values):
            begin(Node(kind: .list, name: name, start: -1, end: 0, next: -1))
            for value in values { add(value, name: -1) }
            end()
        case .object(let object):
            begin(Node(kind: .object, name: name, start: -1, end: 0, next: -1))
            for (name, value) in object.members { add(value, name: ViewNames.shared.id(name)) }
            end()
        }
    }

    /// Adds a list or object and opens it: what is added next goes into it, until `end()`.
    private mutating func begin(_ node: Node) {
        let index = add(node)
        // The one open before keeps its head in its node until it is open again.
        if openIsObject { nodes[Int(open)].start = head } else { nodes[Int(open)].last = head }
        open = index
        openIsObject = node.kind == .object
        head = -1
    }

    @discardableResult
    private mutating func add(_ node: Node) -> Int32 {
        precondition(!isFinished, "a value added to a finished view")
        let index = Int32(nodes.count)
        var node = node
        node.parent = open
        names.insert(node.name)
        if openIsObject {
            node.next = head
            nodes.append(node)
        } else {
            nodes.append(node)
            if head < 0 { nodes[Int(open)].start = index } else { nodes[Int(head)].next = index }
        }
        head = index
        return index
    }

    // MARK: Reading

    /// The names of the root object's members, the last given first.
    var rootNames: [Int32] {
        precondition(isFinished, "a view read before finish()")
        return members[Int(nodes[0].start)..<Int(nodes[0].end)].map(\.name)
    }

    /// The view as a `TemplateValue` (an object).
    var value: TemplateValue { .object(object) }

    /// The view as a `TemplateObject`.
    var object: TemplateObject {
        precondition(isFinished, "a view read before finish()")
        return TemplateObject(
            children(of: nodes[0]).map { (ViewNames.shared.name(nodes[Int($0)].name), value(of: $0)) })
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
        if node.kind == .object { return members[Int(node.start)..<Int(node.end)].reversed().map(\.node) }
        var children: [Int32] = []
        var child = node.start
        while child >= 0 {
            children.append(child)
            child = nodes[Int(child)].next
        }
        return children
    }
}
