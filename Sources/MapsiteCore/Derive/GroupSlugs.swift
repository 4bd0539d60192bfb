import Foundation

/// Unique, safe path segments for the groups of one field.
enum GroupSlugs {
    /// Folder names beside the group folders that are not groups: the index's `page/2/` and `map/`.
    static let reserved: Set<String> = ["map", "page"]

    /// The slug of each value, in order: `Slug.make` of the value (`group` when that is empty), with
    /// `-2`, `-3`, … appended to a slug an earlier value or a reserved name has. Given values in
    /// natural order, the slugs depend only on the set of values, not on the order of the items.
    /// - Complexity: O(g) for g values.
    static func assign(_ values: [String]) -> [String] {
        var taken = reserved
        var nextSuffix: [String: Int] = [:]
        return values.map { value in
            var base = Slug.make(from: value)
            if base.isEmpty { base = "group" }
            if taken.insert(base).inserted { return base }
            var counter = nextSuffix[base, default: 2]
            var slug = Slug.joined(base, String(counter))
            while !taken.insert(slug).inserted {
                counter += 1
                slug = Slug.joined(base, String(counter))
            }
            nextSuffix[base] = counter + 1
            return slug
        }
    }
}
