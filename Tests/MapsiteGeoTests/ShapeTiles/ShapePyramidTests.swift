import Foundation
import Testing

@testable import MapsiteGeo

@Suite("ShapePyramid")
struct ShapePyramidTests {
    private static let shapes = TileShapeFixtures.shapes(400, seed: 71)
    private static let options = ShapePyramid.Options(byteBudget: 12_000, maxZoom: 16, tileOverhead: 24)
    private static let header = 40
    private static let pyramid = ShapePyramid(
        shapes: shapes, headerSizes: [Int](repeating: header, count: shapes.count), options: options)
    /// Each shape whole, in world coordinates, as the tiles cut it.
    private static let wholes = shapes.enumerated().map { ShapePiece.pieces(of: $1, item: Int32($0))[0] }

    private func cases(_ tiles: [ShapePyramid.Tile]) -> [ShapeTileOracle.Case] {
        tiles.flatMap { tile in
            tile.pieces.map { piece in
                ShapeTileOracle.Case(
                    kind: piece.kind,
                    original: ShapeTileOracle.pixels(Self.wholes[Int(piece.item)].parts, zoom: tile.key.z),
                    box: ShapeTileOracle.pixels(
                        WorldBox(tile: tile.key, buffer: Self.options.buffer), zoom: tile.key.z),
                    output: ShapeTileOracle.pixels(piece.parts, zoom: tile.key.z),
                    minimum: tile.isLeaf ? 0 : Self.options.minimumSize)
            }
        }
    }

    @Test("simplified tiles: valid polygons, within a pixel of the shape cut to the tile, as shapely finds")
    func simplifiedTilesAreValidAndWithinAPixel() throws {
        let pyramid = Self.pyramid
        #expect(pyramid.tiles.count >= 20, "\(pyramid.tiles.count) simplified tiles")
        #expect(Set(pyramid.tiles.map(\.key.z)).count >= 5)
        let cases = cases(pyramid.tiles)
        let results = try ShapeTileOracle.compare(cases).results
        #expect(results.count == cases.count)
        var worst = 0.0
        var simplifiedAway = 0
        for (index, (c, result)) in zip(cases, results).enumerated() {
            #expect(result.originalValid, "case \(index): the fixture is not valid")
            if c.kind == .polygons { #expect(result.valid, "case \(index): \(result.reason)") }
            #expect(
                result.hausdorff < 1,
                "case \(index) (\(c.kind), holes \(result.expectedHoles) → \(result.outputHoles), parts \(c.output.count)): \(result.hausdorff) pixels off"
            )
            worst = max(worst, result.hausdorff)
            simplifiedAway += c.original.joined().joined().count - c.output.joined().joined().count
        }
        // Simplification did something: the tiles hold far fewer vertices than the shapes.
        #expect(simplifiedAway > cases.count)
        #expect(worst > 0.05, "worst \(worst): nothing was simplified")
    }

    @Test("leaves: the shape cut to the tile, unsimplified, holes kept, as shapely cuts it")
    func leavesAreExactCuts() throws {
        let pyramid = Self.pyramid
        let cases = cases(pyramid.leaves)
        let results = try ShapeTileOracle.compare(cases).results
        var holes = 0
        var cutHoles = 0
        for (index, (c, result)) in zip(cases, results).enumerated() {
            if c.kind == .polygons {
                #expect(result.valid, "case \(index): \(result.reason)")
                #expect(
                    abs(result.outputArea - result.expectedArea) <= 1e-6 * max(1, result.expectedArea),
                    "case \(index): area \(result.outputArea), shapely \(result.expectedArea)")
                #expect(result.outputHoles == result.expectedHoles, "case \(index)")
                holes += result.outputHoles
                let whole = WorldBox(points: c.original.joined().joined())!
                if !c.box.contains(whole) && result.outputHoles > 0 { cutHoles += 1 }
            }
            #expect(result.hausdorff < 1e-3, "case \(index): \(result.hausdorff) pixels off")
        }
        #expect(holes > 10, "only \(holes) holes in the leaves")
        #expect(cutHoles > 0, "no polygon with a hole was cut")
    }

    @Test("every shape is whole in the leaves: no part of it lies in no leaf's piece")
    func everyShapeReachesTheLeaves() throws {
        let pyramid = Self.pyramid
        var pieces = [[[[[WorldPoint]]]]](repeating: [], count: Self.shapes.count)
        for leaf in pyramid.leaves {
            for piece in leaf.pieces { pieces[Int(piece.item)].append(piece.parts) }
        }
        let scale = 16
        let covers = Self.wholes.map { whole in
            ShapeTileOracle.Cover(
                kind: whole.kind, original: ShapeTileOracle.pixels(whole.parts, zoom: scale),
                pieces: pieces[Int(whole.item)].map { ShapeTileOracle.pixels($0, zoom: scale) })
        }
        #expect(covers.allSatisfy { !$0.pieces.isEmpty })
        let uncovered = try ShapeTileOracle.compare([], covers: covers).uncovered
        for (index, rest) in uncovered.enumerated() {
            #expect(rest < 1e-3, "shape \(index): \(rest) square pixels (or pixels) of it in no leaf")
        }
    }

    @Test("budgets hold; shapes too small to see are dropped and listed, the smallest first when over budget")
    func budgetsAndDrops() {
        let pyramid = Self.pyramid
        for tile in pyramid.tiles + pyramid.leaves where !pyramid.overfullLeaves.contains(tile.key) {
            #expect(tile.byteSize <= Self.options.byteBudget, "\(tile.key)")
        }
        var dropped = 0
        for tile in pyramid.tiles {
            let pixel = 1 / (256 * pow(2, Double(tile.key.z)))
            for piece in tile.pieces { #expect(piece.extent >= pixel, "\(tile.key): a shape under a pixel drawn") }
            let drawn = Set(tile.pieces.map(\.item))
            #expect(drawn.isDisjoint(with: tile.dropped))
            dropped += tile.dropped.count
            // Tiny shapes reaching the tile are all listed.
            for item in tile.dropped {
                #expect(Self.wholes[Int(item)].bounds.intersects(WorldBox(tile: tile.key, buffer: 4)))
            }
        }
        #expect(dropped > 0, "no shape was too small at any zoom")

        // Crowded: 300 copies of one 40-vertex polygon in one spot must be cut down to the budget.
        var random = SplitMix64(seed: 5)
        let crowd: [Geometry] = (0..<300).map { index in
            .polygon(
                TileShapeFixtures.star(
                    GeoPoint(latitude: 10 + Double(index) * 1e-6, longitude: 10), 0.05 + Double(index) * 1e-4,
                    hole: false, &random))
        }
        let tight = ShapePyramid.Options(byteBudget: 20_000, maxZoom: 14, tileOverhead: 24)
        let crowded = ShapePyramid(shapes: crowd, headerSizes: [Int](repeating: 40, count: 300), options: tight)
        let overBudget = crowded.tiles.filter { !$0.dropped.isEmpty && !$0.pieces.isEmpty }
        #expect(!overBudget.isEmpty)
        for tile in crowded.tiles { #expect(tile.byteSize <= tight.byteBudget, "\(tile.key)") }
        // A shape's piece whose every ring goes in simplification (rule 2: a sliver of it that only
        // reaches into a tile's grown border, under 2 pixels across or flat on the grid) is not
        // drawn in that tile, whatever the budget. Apart from those, at each zoom a shape is drawn
        // in every tile it reaches or in none.
        func collapses(_ item: Int32, in key: TileKey) -> Bool {
            var piece: ShapePiece? = ShapePiece.pieces(of: crowd[Int(item)], item: item)[0]
            for zoom in 0...key.z {
                piece = piece.flatMap {
                    RectangleClipper.clip($0, to: WorldBox(tile: key.ancestor(atZoom: zoom), buffer: tight.buffer))
                }
            }
            guard let piece else { return true }
            let pixel = 1 / (256 * pow(2, Double(key.z)))
            let grids: [ShapeSimplifier.Grid] =
                [(nil, ShapePyramid.rounding(zoom: key.z, units: ShapePyramid.simplifiedUnits))]
                + ShapePyramid.fallbackUnits(zoom: key.z).map { ($0, ShapePyramid.rounding(zoom: key.z, units: $0)) }
            return ShapeSimplifier.simplified(
                piece, tolerance: tight.tolerance * pixel, minimumSize: tight.minimumSize * pixel, grids: grids) == nil
        }
        var slivers = 0
        for zoom in Set(crowded.tiles.map(\.key.z)) {
            let level = crowded.tiles.filter { $0.key.z == zoom }
            let drawn = Set(level.flatMap { $0.pieces.map(\.item) })
            for tile in level {
                for item in tile.dropped where drawn.contains(item) {
                    #expect(collapses(item, in: tile.key), "zoom \(zoom): \(item) drawn, and left out of \(tile.key)")
                    slivers += 1
                }
            }
        }
        // Left out for the budget: the smallest go first, so the largest shape is drawn wherever
        // a tile draws any (and its piece there is more than a sliver).
        let largest = Int32(crowd.count - 1)
        for tile in crowded.tiles where !tile.pieces.isEmpty && !collapses(largest, in: tile.key) {
            #expect(tile.pieces.contains { $0.item == largest }, "\(tile.key)")
        }
        #expect(slivers < crowded.tiles.count, "\(slivers) slivers left out")
    }

    @Test("a polygon the tile's quarter-pixel grid would make invalid keeps a finer grid, and stays within a pixel")
    func finerGridWhenRoundingBreaksAPolygon() throws {
        let zoom = 12
        let pixel = 1 / (256 * pow(2, Double(zoom)))
        // A square of 10 pixels with a slot 0.1 pixel wide and 8 deep: on a grid of quarter
        // pixels both sides of the slot fall on one line.
        let corner = 700_000 * pixel
        let outline: [(Double, Double)] = [
            (0, 0), (10, 0), (10, 10), (5.05, 10), (5.05, 2), (4.95, 2), (4.95, 10), (0, 10),
        ]
        let ring = outline.map { WorldPoint(corner + $0.0 * pixel, corner + $0.1 * pixel) }
        let piece = ShapePiece(item: 0, kind: .polygons, parts: [ShapePiece.oriented([ring])], extent: 10 * pixel)
        let coarse = ShapePyramid.rounding(zoom: zoom, units: ShapePyramid.simplifiedUnits)
        let finer = ShapePyramid.fallbackUnits(zoom: zoom)
        let tolerance = ShapePyramid.Options().tolerance * pixel
        let onCoarse = try #require(
            ShapeSimplifier.simplified(piece, tolerance: tolerance, minimumSize: pixel, grids: [(nil, coarse)]))
        #expect(SegmentCrossings.touch(onCoarse.parts[0]), "the quarter-pixel grid leaves the slot open")
        let simple = try #require(
            ShapeSimplifier.simplified(
                piece, tolerance: tolerance, minimumSize: pixel,
                grids: [(nil, coarse)] + finer.map { ($0, ShapePyramid.rounding(zoom: zoom, units: $0)) }))
        // The first finer grid, 32 units to a pixel, keeps the slot's sides apart.
        #expect(simple.units == 8 * ShapePyramid.simplifiedUnits && finer.first == simple.units)
        let box = WorldBox(
            minX: corner - pixel, minY: corner - pixel, maxX: corner + 11 * pixel, maxY: corner + 11 * pixel)
        let result = try #require(
            try ShapeTileOracle.compare([
                ShapeTileOracle.Case(
                    kind: .polygons, original: ShapeTileOracle.pixels(piece.parts, zoom: zoom),
                    box: ShapeTileOracle.pixels(box, zoom: zoom),
                    output: ShapeTileOracle.pixels(simple.parts, zoom: zoom),
                    minimum: 1)
            ]).results.first)
        #expect(result.valid, "\(result.reason)")
        #expect(result.hausdorff < 1, "\(result.hausdorff) pixels off")
    }

    @Test("a polygon across the antimeridian is cut into the tiles on both sides")
    func antimeridian() {
        let ring = [(179.5, -10.0), (-179.5, -10.0), (-179.5, -9.0), (179.5, -9.0), (179.5, -10.0)].map {
            GeoPoint(latitude: $0.1, longitude: $0.0)
        }
        let pyramid = ShapePyramid(
            shapes: [.polygon(Polygon(outer: ring))], headerSizes: [40],
            options: ShapePyramid.Options(byteBudget: 100, maxZoom: 6))
        let deepest = pyramid.leaves.filter { $0.key.z == 6 }
        let columns = Set(deepest.map(\.key.x))
        #expect(columns.contains(0) && columns.contains(63), "leaves in columns \(columns.sorted())")
        for leaf in pyramid.leaves {
            let box = WorldBox(tile: leaf.key, buffer: 4)
            for piece in leaf.pieces { #expect(box.contains(piece.bounds), "\(leaf.key)") }
        }
        // Both sides are covered exactly once: the pieces' widths add up to the polygon's, 1° of 360.
        let width = deepest.flatMap(\.pieces).map { $0.bounds.width }.reduce(0, +)
        let inside = deepest.map { leaf -> Double in
            let tile = WorldBox(tile: leaf.key, buffer: 0)
            return leaf.pieces.map { min($0.bounds.maxX, tile.maxX) - max($0.bounds.minX, tile.minX) }.reduce(0, +)
        }.reduce(0, +)
        #expect(abs(inside / Double(Set(deepest.map(\.key.y)).count) - 1.0 / 360) < 1e-9, "\(inside) wide in all")
        #expect(width > 0)
    }
}
