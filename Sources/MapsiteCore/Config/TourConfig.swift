import Foundation

/// One entry of `tours:` in `site.yml`: places of a dataset to visit, put in the order that makes
/// the way through them shortest, on a page of its own at `tours/<name>/`.
///
/// ```yaml
/// tours:
///   - title: Saturday route
///     dataset: stops
///     start: S01        # the first stop; default: whichever makes the tour shortest
///     loop: true        # back to the start at the end; default false
///     stops: [S01, S04] # ids; default every place of the dataset
/// ```
public struct TourConfig: Sendable, Equatable {
    /// The settings file, as errors name it.
    public var file: String
    public var name: String
    public var title: String
    public var description: String
    public var dataset: String
    /// Ids of the places to visit, or nil for every place of the dataset.
    public var stops: [String]?
    public var start: String?
    public var loop: Bool
    /// The lines of the entry and of its `stops` and `start` keys, for errors found once the
    /// dataset is loaded.
    public var lines: [String: Int] = [:]

    /// The most stops a tour may have: beyond, planning takes longer than a build should.
    public static let stopLimit = 500

    static let keys = ["name", "title", "description", "dataset", "stops", "start", "loop"]

    static func parse(_ entry: ConfigNode) throws -> TourConfig {
        try entry.checkKeys(keys)
        guard let dataset = try entry.string("dataset") else {
            throw entry.error("dataset", expected: "the name of the dataset whose places the tour visits")
        }
        let title = try entry.string("title")
        guard let name = try entry.string("name") ?? title.map(Slug.make(from:)) else {
            throw entry.error("title", expected: "a title (or a name) for the tour")
        }
        guard Slug.isSafe(name) else {
            throw entry.error("name", expected: "lowercase letters, digits and '-'", found: entry.child("name"))
        }
        var stops: [String]?
        if let items = try entry.sequence("stops") {
            stops = try items.map { item in
                guard let id = item.scalar?.string else {
                    throw entry.error("stops", expected: "a list of ids of places", found: item)
                }
                return id
            }
            guard let count = stops?.count, (1...stopLimit).contains(count) else {
                throw entry.error(
                    "stops", expected: "1 to \(stopLimit) ids of places", found: entry.child("stops"))
            }
        }
        var config = TourConfig(
            file: entry.file, name: name, title: title ?? name,
            description: try entry.string("description", default: ""), dataset: dataset,
            stops: stops, start: try entry.string("start"), loop: try entry.bool("loop") ?? false)
        config.lines["tour"] = entry.line
        for key in ["stops", "start"] { config.lines[key] = entry.child(key)?.mark?.line }
        return config
    }

    /// An error about this tour's `key`, found once its dataset is loaded.
    func error(_ key: String, index: Int, expected: String, found: String? = nil) -> InputError {
        InputError(
            file: file, line: lines[key] ?? lines["tour"], field: "key \"tours[\(index)].\(key)\"",
            expected: expected, found: found)
    }
}
