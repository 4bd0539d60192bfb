import Foundation
import MapsiteGeo

extension TileSet {
    /// A quadtree's tiles as one character each, depth first from `root`, children in quadkey
    /// order: `-` for a leaf, else the hex digit whose bit d says the tile has child d (an internal
    /// tile may have none), or for an internal tile of `empty` (one with nothing to draw, which has
    /// no file) the letter that many places after `g`. Empty when neither set holds the root. With
    /// `cut`, a tile below the root at a zoom divisible by `cut` is written without its children,
    /// and listed in `cuts` when it has any.
    ///
    /// - Returns: the text, the leaves in its order (that of their quadkeys), and the tiles cut.
    /// - Complexity: O(t) for t tiles.
    static func quadtree(
        leaves: Set<TileKey>, tiles: Set<TileKey>, empty: Set<TileKey> = [], root: TileKey = TileKey(z: 0, x: 0, y: 0),
        cut: Int? = nil
    ) -> (text: String, leaves: [TileKey], cuts: [TileKey]) {
        var text: [UInt8] = []
        var order: [TileKey] = []
        var cuts: [TileKey] = []
        let digits = Array("0123456789abcdef".utf8)
        let emptyDigits = Array("ghijklmnopqrstuv".utf8)
        func visit(_ key: TileKey) {
            if leaves.contains(key) {
                text.append(UInt8(ascii: "-"))
                order.append(key)
                return
            }
            let children = key.children.enumerated().filter { leaves.contains($1) || tiles.contains($1) }
            let mask = children.reduce(0) { $0 | 1 << $1.offset }
            text.append(empty.contains(key) ? emptyDigits[mask] : digits[mask])
            if let cut, key != root, key.z % cut == 0 {
                if !children.isEmpty { cuts.append(key) }
                return
            }
            for child in children { visit(child.element) }
        }
        if leaves.contains(root) || tiles.contains(root) { visit(root) }
        return (String(decoding: text, as: UTF8.self), order, cuts)
    }

    /// The manifest's `tree` (the point tiles as leaves, the cluster tiles as internal tiles) and
    /// `reach`: for each point tile in the tree's order, `-` when none of its places has a shape,
    /// else the character of `reachSteps` whose step is the first at least the farthest any point
    /// of their shapes lies from the points that stand for them, in whole metres rounded up, plus
    /// one (`Geometry.reach(from:)`); near me subtracts it from the tile's distance. `reach` is
    /// empty when no place has a shape.
    /// - Complexity: O(t + v) for t tiles and v vertices of the shapes.
    static func pointTree(_ items: [Item], _ pyramid: TilePyramid) -> (tree: String, reach: String) {
        let tree = quadtree(leaves: Set(pyramid.leaves.map(\.key)), tiles: Set(pyramid.clusterTiles.map(\.key)))
        var reaches: [TileKey: Int] = [:]
        for leaf in pyramid.leaves {
            let reach = leaf.points.reduce(-1.0) { farthest, index in
                let item = items[Int(index)]
                guard let geometry = item.geometry else { return farthest }
                return max(farthest, geometry.reach(from: item.point))
            }
            if reach >= 0 { reaches[leaf.key] = Int(reach.rounded(.up)) + 1 }
        }
        guard !reaches.isEmpty else { return (tree.text, "") }
        let reach = tree.leaves.map { key in reaches[key].map(reachCharacter) ?? "-" }
        return (tree.text, String(reach))
    }

    /// The characters of `reach`, in the order of their steps.
    static let reachCharacters = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// The metres character i of `reachCharacters` stands for: (2 + i mod 2) · 2^⌊i/2⌋, so 2, 3, 4,
    /// 6, 8, 12, … up to 3 · 2^30, each step at most half again the one before.
    static func reachStep(_ index: Int) -> Int { (2 + index % 2) << (index / 2) }

    /// The character of the first step at least `metres`.
    static func reachCharacter(_ metres: Int) -> Character {
        reachCharacters[reachCharacters.indices.first { reachStep($0) >= metres } ?? reachCharacters.count - 1]
    }
}
