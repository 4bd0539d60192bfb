import Foundation
import Testing

@testable import MapsiteGeo

@Suite("ShapePyramidBuilder")
struct ShapePyramidBuilderTests {
    @Test("the places a tile does not draw: each once, ascending, as the sets found them")
    func placesNotDrawn() {
        #expect(ShapePyramidBuilder.places([1, 1, 2, 3, 5, 5, 8], notAmong: [1, 5]) == [2, 3, 8])
        #expect(ShapePyramidBuilder.places([4, 4, 7], notAmong: []) == [4, 7])
        #expect(ShapePyramidBuilder.places([4, 4, 7], notAmong: [4, 7]) == [])
        #expect(ShapePyramidBuilder.places([], notAmong: []) == [])
        // Against sets, on tiles of random places (a place twice when it crosses the antimeridian)
        // drawing a random subsequence of them.
        var random = SplitMix64(seed: 3)
        for _ in 0..<200 {
            let count = Int.random(in: 0...40, using: &random)
            let items = (0..<count).map { _ in Int32.random(in: 0...30, using: &random) }.sorted()
            let drawn = items.filter { _ in Bool.random(using: &random) }
            let expected = Array(Set(items).subtracting(drawn)).sorted()
            #expect(ShapePyramidBuilder.places(items, notAmong: drawn) == expected, "\(items) less \(drawn)")
        }
    }

    @Test("a tile's cuts go to the store's end, and its children's entries follow them there")
    func cutsAddedToTheStore() {
        func piece(_ item: Int32, _ x: Double) -> ShapePiece {
            ShapePiece(
                item: item, kind: .lines, parts: [[[WorldPoint(x, 0.5), WorldPoint(x + 0.01, 0.5)]]], extent: 0.01)
        }
        func entry(_ index: Int, _ item: Int32) -> ShapePyramidBuilder.Entry {
            ShapePyramidBuilder.Entry(
                index: index, item: item, bounds: WorldBox(minX: 0, minY: 0, maxX: 0, maxY: 0), extent: 0,
                bytesBesideVertices: 0, vertexCount: 0)
        }
        // The level found three pieces in the store; a tile before this one added two cuts.
        var store = [piece(0, 0.1), piece(1, 0.2), piece(2, 0.3), piece(3, 0.4), piece(4, 0.5)]
        let levelEnd = 3
        // This tile cut two pieces, which it numbered 3 and 4, from the level's end.
        let cuts = [piece(5, 0.6), piece(6, 0.7)]
        let children: [ShapePyramidBuilder.Pending] = [
            (TileKey(z: 1, x: 0, y: 0), [entry(0, 0), entry(3, 5)]),
            (TileKey(z: 1, x: 1, y: 0), [entry(2, 2), entry(4, 6)]),
        ]
        let moved = ShapePyramidBuilder.add(cuts, of: children, numberedFrom: levelEnd, to: &store)
        #expect(store.count == 7)
        #expect(moved.map(\.key) == children.map(\.key))
        #expect(moved.map { $0.pieces.map(\.index) } == [[0, 5], [2, 6]])
        for child in moved {
            for entry in child.pieces { #expect(store[entry.index].item == entry.item) }
        }
        // The first tile of a level, or one that cut nothing, keeps its indexes.
        var unchanged = Array(store.prefix(3))
        let first = ShapePyramidBuilder.add(cuts, of: children, numberedFrom: levelEnd, to: &unchanged)
        #expect(first.map { $0.pieces.map(\.index) } == [[0, 3], [2, 4]])
        #expect(unchanged.map(\.item) == [0, 1, 2, 5, 6])
    }

    @Test("a piece's bytes: those beside its vertices, and two numbers a vertex as long as the tile's span")
    func byteSizeInParts() {
        let ring = [WorldPoint(0.1, 0.1), WorldPoint(0.2, 0.1), WorldPoint(0.2, 0.2)]
        // Two parts, three rings, nine vertices: 30 + 8 + 3 × 5 beside them; the span of 1024
        // units and 32 more (4 pixels a side) has 4 digits, so 2 × (4 + 2) bytes a vertex.
        let polygons = ShapePiece(item: 0, kind: .polygons, parts: [[ring], [ring, ring.reversed()]], extent: 0.1)
        #expect(ShapePyramid.bytesBesideVertices(polygons, header: 30) == 53)
        #expect(ShapePyramid.bytesPerVertex(units: 1024, buffer: 4) == 12)
        #expect(ShapePyramid.byteSize(polygons, header: 30, units: 1024, buffer: 4) == 53 + 12 * 9)
        // A piece on a grid of its own: 16 bytes more beside its vertices, and its grid's span
        // (8192 + 256: 4 digits) whatever the tile's.
        let line = ShapePiece(item: 0, kind: .lines, parts: [[ring]], extent: 0.1, units: 8192)
        #expect(ShapePyramid.bytesBesideVertices(line, header: 30) == 30 + 8 + 16 + 6)
        #expect(ShapePyramid.byteSize(line, header: 30, units: 1 << 30, buffer: 4) == 60 + 12 * 3)
        // The leaves' grid at zoom 0: 2^30 + 2^25 + 1 has 10 digits.
        #expect(ShapePyramid.bytesPerVertex(units: 1 << 30, buffer: 4) == 2 * (10 + 2))
    }
}
