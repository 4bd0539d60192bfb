import Foundation

/// Which shard each token goes to: a tree of prefix keys, grown until every shard is within the
/// byte budget.
///
/// It starts from one shard with the empty key. A shard over the budget hands its tokens that
/// share the next character to a child shard keyed one character longer (`lo` → `lon`), the
/// largest such group first, until what it keeps fits. A token therefore lives in the shard with
/// the longest key that is a prefix of it, and every longer token with a prefix `p` lives in
/// that same shard unless `p` is itself a key that was split.
struct ShardPlan {
    struct Shard {
        var key: String
        /// Indexes of the tokens it holds, in token order.
        var tokens: [Int]
        /// Whether some tokens with this prefix went to child shards.
        var isSplit: Bool
        /// For a split shard: every token with this prefix, its own and its descendants'.
        var subtree: [Int]
    }

    /// In key order (UTF-8 bytes).
    private(set) var shards: [Shard] = []

    /// - Parameter tokens: sorted by their UTF-8 bytes.
    /// - Parameter sizes: each token's bytes in a shard.
    /// - Parameter overhead: the bytes of a shard without tokens; `splitOverhead` more for a split one.
    /// - Complexity: O(n · d) for n tokens and a tree d deep.
    init(tokens: [String], sizes: [Int], budget: Int, overhead: Int, splitOverhead: Int) {
        let scalars = tokens.map { Array($0.unicodeScalars) }
        plan(
            key: [], members: Array(tokens.indices), scalars: scalars, sizes: sizes, budget: budget,
            overhead: overhead, splitOverhead: splitOverhead)
        shards.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    private mutating func plan(
        key: [Unicode.Scalar], members: [Int], scalars: [[Unicode.Scalar]], sizes: [Int], budget: Int, overhead: Int,
        splitOverhead: Int
    ) {
        let total = members.reduce(overhead) { $0 + sizes[$1] }
        let keyString = String(String.UnicodeScalarView(key))
        // One token alone gains nothing from a longer key.
        guard total > budget, members.count > 1 else {
            shards.append(Shard(key: keyString, tokens: members, isSplit: false, subtree: []))
            return
        }
        // Group the longer tokens by their next character; tokens equal to the key stay.
        var groups: [Unicode.Scalar: (members: [Int], size: Int)] = [:]
        for member in members where scalars[member].count > key.count {
            let next = scalars[member][key.count]
            groups[next, default: ([], 0)].members.append(member)
            groups[next, default: ([], 0)].size += sizes[member]
        }
        let largestFirst = groups.sorted { a, b in
            a.value.size != b.value.size ? a.value.size > b.value.size : a.key.value < b.key.value
        }
        var remaining = total + splitOverhead
        var moved = Set<Unicode.Scalar>()
        for (next, group) in largestFirst where remaining > budget {
            moved.insert(next)
            remaining -= group.size
        }
        let kept = members.filter { scalars[$0].count <= key.count || !moved.contains(scalars[$0][key.count]) }
        shards.append(Shard(key: keyString, tokens: kept, isSplit: !moved.isEmpty, subtree: members))
        for next in moved.sorted(by: { $0.value < $1.value }) {
            plan(
                key: key + [next], members: groups[next]!.members, scalars: scalars, sizes: sizes, budget: budget,
                overhead: overhead, splitOverhead: splitOverhead)
        }
    }

    /// The file name of a shard key: the key itself when it is lowercase ASCII letters and
    /// digits, otherwise `_` and the hexadecimal UTF-8 bytes (`_` alone for the empty key).
    static func name(of key: String) -> String {
        if !key.isEmpty && key.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }) {
            return key
        }
        return "_" + key.utf8.map { String(format: "%02x", $0) }.joined()
    }
}
