import MapsiteGeo
import Testing

@testable import MapsiteCore

@Suite("TileSet manifest")
struct TileSetManifestTests {
    @Test("a quadtree is a character a tile, depth first, its leaves in quadkey order")
    func quadtree() {
        let root = TileKey(z: 0, x: 0, y: 0)
        let children = root.children
        let grandchildren = children[2].children
        let tree = TileSet.quadtree(
            leaves: [children[0], grandchildren[1], grandchildren[3], children[3]], tiles: [root, children[2]])
        #expect(tree.text == "d-a---")
        #expect(tree.leaves.map(\.quadkey) == ["0", "21", "23", "3"])
        #expect(TileSet.quadtree(leaves: [root], tiles: []).text == "-")
        #expect(TileSet.quadtree(leaves: [], tiles: []).text == "")
    }

    @Test("a reach is the first step at least its metres, each step at most half again the one before")
    func reachSteps() {
        let steps = TileSet.reachCharacters.indices.map(TileSet.reachStep)
        #expect(Array(steps.prefix(8)) == [2, 3, 4, 6, 8, 12, 16, 24])
        for (a, b) in zip(steps, steps.dropFirst()) { #expect(b > a && 2 * b <= 3 * a) }
        // Half the Earth's circumference, the most a reach can be, plus one metre.
        #expect(steps.last! >= 20_015_088)
        for metres in [1, 2, 3, 5, 7, 100, 1_234, 20_015_088] {
            let step = TileSet.reachStep(TileSet.reachCharacters.firstIndex(of: TileSet.reachCharacter(metres))!)
            #expect(step >= metres && (step <= 2 || 2 * step <= 3 * metres), "\(metres)")
        }
    }
}
