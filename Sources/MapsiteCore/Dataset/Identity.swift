import Foundation

/// Gives every item of a dataset a unique id and a unique, safe slug, and orders items by id.
enum Identity {
    /// - Complexity: O(n log n).
    static func assign(
        to items: [Item], config: DatasetConfig, file: String, invalid: (InputError) -> Void
    ) throws -> [Item] {
        var items = items
        if config.idField == nil {
            generateIDs(&items)
        }
        var firstOrigin: [String: String] = [:]
        items = items.filter { item in
            if let first = firstOrigin[item.id] {
                invalid(
                    InputError(
                        file: file, line: nil, location: item.origin, field: "field \"\(config.idField ?? "id")\"",
                        expected: "a unique id (already used at \(first))", found: item.id))
                return false
            }
            firstOrigin[item.id] = item.origin
            return true
        }
        items.sort { $0.id < $1.id }
        assignSlugs(&items)
        return items
    }

    /// An id made from the title and position, so it stays the same when rows are reordered.
    private static func generateIDs(_ items: inout [Item]) {
        var used: [String: Int] = [:]
        for index in items.indices {
            let item = items[index]
            let key = "\(item.title)|\(item.point.latitude)|\(item.point.longitude)"
            let base = String(StableHash.fnv1a64(key), radix: 16)
            let count = used[base, default: 0]
            used[base] = count + 1
            items[index].id = count == 0 ? base : "\(base)-\(count + 1)"
        }
    }

    /// Folder names inside a dataset's folder that are not items: `page/2/`, `map/`, `by/`.
    static let reservedSlugs: Set<String> = ["by", "map", "page"]

    /// Slugs from the slug source text (stored in `slug` by the builder); a colliding slug gets
    /// the id appended, so the suffix does not depend on row order.
    private static func assignSlugs(_ items: inout [Item]) {
        var candidates = items.map { Slug.make(from: $0.slug) }
        var counts: [String: Int] = [:]
        for slug in candidates { counts[slug, default: 0] += 1 }
        var taken = Set<String>()
        for index in items.indices {
            var slug = candidates[index]
            if slug.isEmpty || counts[slug, default: 0] > 1 || reservedSlugs.contains(slug) {
                let suffix = Slug.make(from: items[index].id)
                slug = slug.isEmpty ? (suffix.isEmpty ? "item" : suffix) : Slug.joined(slug, suffix)
            }
            if reservedSlugs.contains(slug) { slug += "-item" }
            var unique = slug
            var counter = 2
            while !taken.insert(unique).inserted {
                unique = Slug.joined(slug, String(counter))
                counter += 1
            }
            candidates[index] = unique
            items[index].slug = unique
        }
    }
}

/// FNV-1a, a small hash whose value is the same in every run (Swift's `Hasher` is seeded per run).
enum StableHash {
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// A 64-bit hash of file contents, eight bytes a step (a multiply-xorshift mix in the manner
    /// of wyhash/MurmurHash): several times faster than FNV-1a byte by byte on pages of kilobytes.
    static func contents(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        let words = bytes.count / 8
        for index in 0..<words {
            let word = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            hash = mix(hash ^ word)
        }
        var tail: UInt64 = 0
        for (shift, byte) in bytes[(words * 8)...].enumerated() { tail |= UInt64(byte) << UInt64(shift * 8) }
        return mix(hash ^ tail)
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return z ^ (z >> 32)
    }
}
