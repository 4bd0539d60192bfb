import Foundation
import Yams

/// The field names a dataset's settings give, each with the line it is written on, for the loader
/// to check against the fields the source has (`FieldCensus`).
extension DatasetConfigParser {
    static func references(_ entry: ConfigNode, _ config: DatasetConfig) -> FieldReferences {
        var references = FieldReferences()
        func add(_ key: String, _ name: String, at node: Node?, mayBeAdded: Bool = false) {
            references.all.append(
                FieldReference(
                    file: entry.file, line: node?.mark?.line ?? entry.line, key: entry.path + "." + key, name: name,
                    mayBeAdded: mayBeAdded, isDefault: node == nil))
        }
        let single: [(String, String?)] = [
            ("id", config.idField), ("latitude", config.latitude), ("longitude", config.longitude),
            ("coordinates", config.coordinates), ("x", config.x), ("y", config.y), ("image", config.image),
            ("thumbnail", config.thumbnail), ("item_description", config.itemDescription),
        ]
        for case (let key, let name?) in single { add(key, name, at: entry.child(key)) }
        // The default `item_title: title` is not checked: without a title field, pages take the id.
        if let node = entry.child("item_title") {
            for name in config.itemTitle.fieldNames { add("item_title", name, at: node) }
        }
        if let node = entry.child("slug"), let slug = config.slug {
            for name in slug.fieldNames { add("slug", name, at: node) }
        }
        for node in fieldNameNodes(entry.child("fields")) {
            add("fields", node.string ?? "", at: node, mayBeAdded: true)
        }
        if let node = entry.child("group_by") {
            for item in node.sequence.map(Array.init) ?? [node] {
                add("group_by", item.string ?? "", at: item, mayBeAdded: true)
            }
        }
        for (index, item) in (entry.child("aggregates")?.sequence.map(Array.init) ?? []).enumerated() {
            let node = item.scalar != nil ? item : item.mapping?["field"]
            let key = "aggregates[\(index)]" + (item.scalar != nil ? "" : ".field")
            add(key, node?.string ?? "", at: node ?? item, mayBeAdded: true)
        }
        for (index, item) in (entry.child("filters")?.sequence.map(Array.init) ?? []).enumerated() {
            let node = item.scalar != nil ? item : item.mapping?["field"]
            let key = "filters[\(index)]" + (item.scalar != nil ? "" : ".field")
            add(key, node?.string ?? "", at: node ?? item, mayBeAdded: true)
        }
        for key in ["colour_by", "color_by"] {
            if let node = entry.child(key) { add(key, node.string ?? "", at: node, mayBeAdded: true) }
        }
        for (index, item) in (entry.child("derived")?.sequence.map(Array.init) ?? []).enumerated() {
            guard let node = item.mapping?["from"] else { continue }
            add("derived[\(index)].from", node.string ?? "", at: node, mayBeAdded: true)
        }
        return references
    }

    /// The nodes of the names in `fields:`, written as a list of names, a list of `{name, label}`
    /// or a mapping of name to label.
    private static func fieldNameNodes(_ node: Node?) -> [Node] {
        guard let node else { return [] }
        if let mapping = node.mapping { return mapping.map(\.key) }
        return (node.sequence.map(Array.init) ?? []).compactMap { $0.scalar != nil ? $0 : $0.mapping?["name"] }
    }
}
