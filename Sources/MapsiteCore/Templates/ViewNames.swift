import Foundation

/// The names of view members as numbers, the same in every view and compiled template of a run,
/// so that looking a name up in a `FlatView` compares integers.
///
/// The names mapsite's own views use are `ViewName`s, numbered from 0 in declaration order;
/// any other name (a template's, a converted `TemplateObject`'s) gets the next free number the
/// first time it is seen. Names are few, so the table only grows.
final class ViewNames: @unchecked Sendable {
    static let shared = ViewNames()

    private let lock = NSLock()
    private var ids: [String: Int32] = [:]
    private var names: [String] = []

    private init() {
        for name in ViewName.allCases {
            ids["\(name)"] = name.rawValue
            names.append("\(name)")
        }
    }

    /// The number of `name`, given it if it has none yet.
    func id(_ name: String) -> Int32 {
        lock.withLock {
            if let id = ids[name] { return id }
            let id = Int32(names.count)
            names.append(name)
            ids[name] = id
            return id
        }
    }

    /// The name numbered `id`.
    func name(_ id: Int32) -> String {
        lock.withLock { names[Int(id)] }
    }
}

/// Names that mapsite's views use, numbered by `ViewNames` in this order: a view built with
/// these costs no lookup per name. The case names are the names templates use.
enum ViewName: Int32, CaseIterable {
    case title, heading, description, canonical, bodyClass
    case item, id, lat, lon, fields, hasFields, label, value, url, kind, directions, jsonld, data
    case neighbours, hasNeighbours, distance, bearing, degrees, cross, places, samePlace, hasSamePlace
    case image, thumbnail
    case dataset, name, color, mapURL, nearURL, geoMeta, position, icbm
    case tours, number, count
}
