import Foundation

/// The shape of a page's own view, the same for every page of a kind: the names each object
/// has, and whether each is a value, a list of objects or an object. Its values are numbered
/// slots that a `PageSource` fills in page by page.
///
/// A template compiled against a shape (`TemplateCompiler`) knows, before any page is
/// rendered, what every name of the template stands for, so a page is rendered straight from
/// its source into its bytes: no view is built, and no name is looked up (item pages, of which
/// a site has hundreds of thousands). The bytes are the same as `TemplateRenderer` makes from
/// `materialize(_:)`, the view the source stands for.
struct PageShape: Sendable {
    indirect enum Member: Sendable {
        /// A text or a flag: slot `slot` of the source.
        case value(Int32)
        /// A list of objects of one shape: slot `slot` of the source gives the count.
        case list(Int32, of: Object)
        case object(Object)
    }

    /// An object's members by name.
    struct Object: Sendable {
        var members: [String: Member]

        init(_ members: [String: Member]) {
            self.members = members
        }

        init(_ members: [(ViewName, Member)]) {
            self.members = Dictionary(uniqueKeysWithValues: members.map { ("\($0.0)", $0.1) })
        }
    }

    var root: Object
    /// Names the shape among the others a library compiles templates for: shapes with the same
    /// key are the same.
    var key: String

    /// The view `source` stands for, as the interpreter takes it: each value as text, or false
    /// when it appends nothing (which shows and hides as the text or flag it stands for).
    func materialize(_ source: some PageSource) -> TemplateObject {
        Self.materialize(root, source, at: SlotIndices())
    }

    private static func materialize(_ object: Object, _ source: some PageSource, at indices: SlotIndices)
        -> TemplateObject
    {
        TemplateObject(
            object.members.sorted { $0.key < $1.key }.map { name, member in
                switch member {
                case .value(let slot):
                    var bytes: [UInt8] = []
                    source.append(slot, at: indices, to: &bytes)
                    return (name, bytes.isEmpty ? .bool(false) : .text(String(decoding: bytes, as: UTF8.self)))
                case .list(let slot, let element):
                    return (
                        name,
                        .list(
                            (0..<source.count(slot, at: indices)).map {
                                .object(materialize(element, source, at: indices.appending($0)!))
                            })
                    )
                case .object(let inner):
                    return (name, .object(materialize(inner, source, at: indices)))
                }
            })
    }
}

/// What one page shows, slot by slot, for a template compiled against its `PageShape`.
protocol PageSource {
    /// Appends the bytes of value slot `slot`, unescaped, for the list elements at `indices`
    /// (one index for each list the slot lies in, outermost first). A flag appends `true` when
    /// it is true, and nothing when it is false; a missing text appends nothing.
    func append(_ slot: Int32, at indices: SlotIndices, to output: inout [UInt8])
    /// Whether value slot `slot` appends anything: the sections over it are shown.
    func isTruthy(_ slot: Int32, at indices: SlotIndices) -> Bool
    /// The number of elements of list slot `slot`.
    func count(_ slot: Int32, at indices: SlotIndices) -> Int
}

/// Up to three numbers, one for each list a slot lies in, outermost first: the slot's elements
/// while a page renders (`SlotIndices`), or where the compiler finds them (`SlotContext`).
struct ListPositions: Sendable {
    static let capacity = 3
    private var values: (Int32, Int32, Int32) = (0, 0, 0)
    private(set) var count = 0

    subscript(position: Int) -> Int {
        precondition(position < count, "a position past the lists a slot lies in")
        switch position {
        case 0: return Int(values.0)
        case 1: return Int(values.1)
        default: return Int(values.2)
        }
    }

    /// These positions and one more, for a list inside the last; nil past `capacity` lists.
    func appending(_ value: Int) -> ListPositions? {
        guard count < Self.capacity else { return nil }
        var copy = self
        switch count {
        case 0: copy.values.0 = Int32(value)
        case 1: copy.values.1 = Int32(value)
        default: copy.values.2 = Int32(value)
        }
        copy.count += 1
        return copy
    }
}

/// The element a slot shows of each list it lies in, outermost first.
typealias SlotIndices = ListPositions

/// Where a slot's list indices are found while a page renders: for each list the slot lies in,
/// the place of that list's section among the list sections then open.
typealias SlotContext = ListPositions
