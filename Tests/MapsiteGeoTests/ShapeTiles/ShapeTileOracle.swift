import Foundation
import MapsiteGeo
import MapsiteTestSupport

/// Asks shapely (through `Tests/Support/shape_tile_oracle.py`) how shape tiles' pieces compare
/// with the shapes they were cut from: validity, Hausdorff distance and area in pixels, holes, and
/// what of a shape no piece covers.
enum ShapeTileOracle {
    static let script = ShapelyOracle.repository.appendingPathComponent("Tests/Support/shape_tile_oracle.py").path

    /// One piece of a tile beside the whole shape it came from, in pixels of the tile's zoom.
    struct Case {
        var kind: ShapePiece.Kind
        var original: [[[WorldPoint]]]
        var box: WorldBox
        var output: [[[WorldPoint]]]
        /// Rings under this many pixels across are left out of the cut original.
        var minimum = 0.0
    }

    struct Result: Decodable {
        var valid: Bool
        var reason: String
        var originalValid: Bool
        var hausdorff: Double
        var expectedArea: Double
        var outputArea: Double
        var expectedHoles: Int
        var outputHoles: Int
    }

    /// A whole shape beside every leaf piece of it, for `uncovered`.
    struct Cover {
        var kind: ShapePiece.Kind
        var original: [[[WorldPoint]]]
        var pieces: [[[[WorldPoint]]]]
    }

    static func compare(_ cases: [Case], covers: [Cover] = []) throws -> (results: [Result], uncovered: [Double]) {
        struct Answer: Decodable {
            var results: [Result]
            var uncovered: [Double]
        }
        let answer = try PythonOracle.run(script, input: json(cases, covers), needs: "shapely")
        let decoded = try JSONDecoder().decode(Answer.self, from: answer)
        return (decoded.results, decoded.uncovered)
    }

    /// Written by hand so both sides read bit-identical coordinates.
    private static func json(_ cases: [Case], _ covers: [Cover]) -> String {
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        func parts(_ parts: [[[WorldPoint]]]) -> String {
            list(parts.map { rings in list(rings.map { ring in list(ring.map { "[\($0.x),\($0.y)]" }) }) })
        }
        func kind(_ kind: ShapePiece.Kind) -> String { kind == .lines ? "\"lines\"" : "\"polygons\"" }
        let caseTexts = cases.map { c in
            "{\"kind\":\(kind(c.kind)),\"original\":\(parts(c.original)),\"box\":[\(c.box.minX),\(c.box.minY),\(c.box.maxX),\(c.box.maxY)],\"output\":\(parts(c.output)),\"minimum\":\(c.minimum)}"
        }
        let coverTexts = covers.map { c in
            "{\"kind\":\(kind(c.kind)),\"original\":\(parts(c.original)),\"pieces\":\(list(c.pieces.map(parts)))}"
        }
        return "{\"cases\":\(list(caseTexts)),\"covers\":\(list(coverTexts))}"
    }

    /// `parts` scaled from world coordinates to pixels at `zoom`.
    static func pixels(_ parts: [[[WorldPoint]]], zoom: Int) -> [[[WorldPoint]]] {
        let scale = 256 * pow(2, Double(zoom))
        return parts.map { $0.map { $0.map { $0 * scale } } }
    }

    static func pixels(_ box: WorldBox, zoom: Int) -> WorldBox {
        let scale = 256 * pow(2, Double(zoom))
        return WorldBox(minX: box.minX * scale, minY: box.minY * scale, maxX: box.maxX * scale, maxY: box.maxY * scale)
    }
}
