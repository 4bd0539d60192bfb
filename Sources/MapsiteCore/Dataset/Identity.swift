import Foundation

/// Gives every item of a dataset a unique id and a unique, safe slug, and orders items by id.
enum Identity {
    /// - Complexity: O(n log n).
    static func assign(
        to items: consuming [Item], config: DatasetConfig, file: String, invalid: (InputError) -> Void
    ) throws -> [Item] {
        var items = items
        let ids: [String]
        var kept: [Int]
        if config.idField == nil {
            // Generated ids are unique by construction (see `generatedIDs`).
            ids = generatedIDs(items)
            kept = Array(items.indices)
        } else {
            ids = items.map(\.id)
            kept = uniqueIDs(items, ids: ids, config: config, file: file, invalid: invalid)
        }
        // The ids are unique by now, so sorting positions gives the one order by id.
        kept = sortedByID(kept, ids: ids)
        let slugs = uniqueSlugs(sources: kept.map { items[$0].slug }, ids: kept.map { ids[$0] })
        let dropped = items.count - kept.count
        if dropped > 0 {
            var isKept = [Bool](repeating: false, count: items.count)
            for index in kept { isKept[index] = true }
            kept += items.indices.filter { !isKept[$0] }
        }
        permute(&items, by: kept)
        items.removeLast(dropped)
        for position in items.indices {
            items[position].id = ids[kept[position]]
            items[position].slug = slugs[position]
        }
        return items
    }

    /// The positions of the items whose id was not used by an earlier item; an item whose id was
    /// is reported to `invalid`, naming where the id was first used.
    private static func uniqueIDs(
        _ items: [Item], ids: [String], config: DatasetConfig, file: String, invalid: (InputError) -> Void
    ) -> [Int] {
        var firstOrigin: [String: String] = [:]
        firstOrigin.reserveCapacity(items.count)
        var kept: [Int] = []
        kept.reserveCapacity(items.count)
        for index in items.indices {
            if let first = firstOrigin[ids[index]] {
                invalid(
                    InputError(
                        file: file, line: nil, location: items[index].origin,
                        field: "field \"\(config.idField ?? "id")\"",
                        expected: "a unique id (already used at \(first))", found: ids[index]))
                continue
            }
            firstOrigin[ids[index]] = items[index].origin
            kept.append(index)
        }
        return kept
    }

    /// Reorders `items` in place so that position `p` holds the item that was at `order[p]`.
    /// Items are moved, not copied, so their texts and arrays are not retained and released one by
    /// one, as building a new array from copies (or `swapAt`, which copies through a temporary) would.
    /// - Parameter order: a permutation of `items.indices`.
    static func permute(_ items: inout [Item], by order: [Int]) {
        precondition(order.count == items.count)
        var placed = [Bool](repeating: false, count: order.count)
        items.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for start in order.indices where !placed[start] {
                // Follow the cycle through `start`: the item at `start` is held aside, each later
                // one moves into the place it is due, and the held one fills the last place.
                placed[start] = true
                guard order[start] != start else { continue }
                let held = (base + start).move()
                var position = start
                while order[position] != start {
                    let source = order[position]
                    (base + position).moveInitialize(from: base + source, count: 1)
                    position = source
                    placed[position] = true
                }
                (base + position).initialize(to: held)
            }
        }
    }

    /// `positions` ordered by their `ids`, which are unique, as `<` orders them. For ASCII text
    /// that is the order of the bytes, compared a word at a time where the ids differ early.
    private static func sortedByID(_ positions: [Int], ids: [String]) -> [Int] {
        let texts = positions.map { ids[$0] }
        guard texts.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else {
            return positions.sorted { ids[$0] < ids[$1] }
        }
        return UTF8Order.sortedPositions(of: texts).map { positions[$0] }
    }

    /// Ids made from the title and position, so they stay the same when rows are reordered: the
    /// hash in hexadecimal, and `-2`, `-3`… for the second and later items with the same hash.
    /// They are unique: a hexadecimal hash has no `-`, so two ids can only be equal with the same
    /// hash, whose items are numbered apart.
    private static func generatedIDs(_ items: [Item]) -> [String] {
        // Each item's hash and its text on two threads; only the numbering needs the order.
        let hashes = TwoHalves.map(count: items.count) { index in
            // The hash of "title|latitude|longitude", without building that text.
            let point = items[index].point
            var hash = StableHash.fnv1a64(items[index].title)
            for part in ["|", point.latitude.description, "|", point.longitude.description] {
                hash = StableHash.fnv1a64(part, continuing: hash)
            }
            return (hash: hash, text: String(hash, radix: 16))
        }
        var used: [UInt64: Int] = [:]
        used.reserveCapacity(items.count)
        return hashes.map { hash, base in
            let count = used[hash, default: 0]
            used[hash] = count + 1
            return count == 0 ? base : "\(base)-\(count + 1)"
        }
    }

    /// Folder names inside a dataset's folder that are not items: `page/2/`, `map/`, `by/`.
    static let reservedSlugs: Set<String> = ["by", "map", "page"]

    private static let longestReservedSlug = reservedSlugs.map(\.utf8.count).max() ?? 0

    /// Whether `slug` is reserved; the length is checked first, as most slugs are longer.
    private static func isReserved(_ slug: String) -> Bool {
        slug.utf8.count <= longestReservedSlug && reservedSlugs.contains(slug)
    }

    /// Slugs from the slug source texts (stored in `slug` by the builder) of items ordered by id;
    /// a colliding slug gets the id appended, so the suffix does not depend on row order.
    private static func uniqueSlugs(sources: [String], ids: [String]) -> [String] {
        // Made and hashed on two threads; settling collisions needs the order.
        let keys = TwoHalves.map(count: sources.count) { SlugKey(Slug.make(from: sources[$0])) }
        var slugs = keys.map(\.text)
        var counts: [SlugKey: Int] = [:]
        counts.reserveCapacity(slugs.count)
        for key in keys { counts[key, default: 0] += 1 }
        var taken = Set<SlugKey>(minimumCapacity: slugs.count)
        for index in slugs.indices {
            var slug = slugs[index]
            if slug.isEmpty || counts[keys[index], default: 0] > 1 || isReserved(slug) {
                let suffix = Slug.make(from: ids[index])
                slug = slug.isEmpty ? (suffix.isEmpty ? "item" : suffix) : Slug.joined(slug, suffix)
            }
            if isReserved(slug) { slug += "-item" }
            var unique = slug
            var counter = 2
            while !taken.insert(SlugKey(unique)).inserted {
                unique = Slug.joined(slug, String(counter))
                counter += 1
            }
            slugs[index] = unique
        }
        return slugs
    }
}
