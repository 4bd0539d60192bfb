import Foundation
import Testing

@testable import MapsiteGeo

/// The distances and containment of shapes with an `EdgeTree` against the plain scan of every
/// vertex against every edge (the same shapes with their trees taken away, the code every shape
/// of fewer than `EdgeTree.minimumVertices` vertices takes, which `ShapeDistanceOracleTests`
/// checks against shapely): equal to the last bit, on scenes of shapes of up to 1,500 vertices
/// that overlap, hold, touch and cross, with holes, multipolygons, lines, multipoints, across the
/// antimeridian and around the north pole; and the neighbour lists of `ShapeIndex` the same.
@Suite("Edge trees against the plain scan")
struct EdgeTreeDistanceTests {
    /// The shape measured by the plain scan.
    /// The shapes' edges cut within 5 km rather than 1 cm: trees and plain scans must agree
    /// whatever the cuts (`StraightEdgeTests` checks those), and the plain scan of shapes cut
    /// within 1 cm (hundreds of thousands of vertices for these stars of long edges) is too slow.
    static func prepared(_ geometry: Geometry) -> SphericalShape { SphericalShape(geometry, tolerance: 5_000) }

    static func plain(_ shape: SphericalShape) -> SphericalShape {
        var shape = shape
        shape.tree = nil
        return shape
    }

    /// A ring of `count` vertices around the north pole near latitude 80, closed.
    static func polarRing(count: Int, using random: inout SplitMix64) -> Polygon {
        let ring = (0..<count).map { step in
            GeoPoint(
                latitude: 80 + Double.random(in: -1...1, using: &random),
                longitude: -180 + 360 * Double(step) / Double(count))
        }
        return Polygon(outer: ring + [ring[0]])
    }

    static func scenes() -> [(name: String, shapes: [Geometry])] {
        var random = SplitMix64(seed: 3232)
        return [
            (
                "cluster",
                LargeShapeFixtures.scene(
                    around: GeoPoint(latitude: 40.7, longitude: -74), size: 0.2, spread: 0.3, largest: 1000,
                    using: &random)
            ),
            (
                "antimeridian",
                LargeShapeFixtures.scene(
                    around: GeoPoint(latitude: -16, longitude: 180), size: 0.3, spread: 0.4, largest: 700,
                    using: &random)
            ),
            (
                "pole",
                LargeShapeFixtures.scene(
                    around: GeoPoint(latitude: 82, longitude: 30), size: 2, spread: 4, largest: 500, using: &random)
                    + [.polygon(polarRing(count: 300, using: &random))]
            ),
            (
                "touching",
                LargeShapeFixtures.touching(
                    at: GeoPoint(latitude: 10, longitude: 20), count: 1500, using: &random)
            ),
            (
                "far apart",
                LargeShapeFixtures.scene(
                    around: GeoPoint(latitude: 0, longitude: 0), size: 5, spread: 60, largest: 600, using: &random)
            ),
        ]
    }

    @Test("every pair of every scene: the same squared chord, both ways, and below a limit")
    func pairs() {
        var zeros = 0
        var trees = 0
        for scene in Self.scenes() {
            let shapes = scene.shapes.map(Self.prepared)
            let plain = shapes.map(Self.plain)
            trees += shapes.filter { $0.tree != nil }.count
            for i in shapes.indices {
                for j in shapes.indices where j > i && (shapes[i].tree != nil || shapes[j].tree != nil) {
                    let expected = plain[i].squaredChord(to: plain[j])
                    let found = shapes[i].squaredChord(to: shapes[j])
                    let back = shapes[j].squaredChord(to: shapes[i])
                    #expect(found == expected, "\(scene.name) \(i)–\(j): \(found), plain scan \(expected)")
                    #expect(back == plain[j].squaredChord(to: plain[i]), "\(scene.name) \(j)–\(i)")
                    if expected == 0 { zeros += 1 }
                    // A limit between the answer and twice it, and one below it (every third pair).
                    for limit in [expected * 1.5 + 1e-12, expected * 0.5] where (i + j) % 3 == 0 {
                        let bounded = shapes[i].squaredChord(to: shapes[j], below: limit)
                        #expect(
                            bounded == plain[i].squaredChord(to: plain[j], below: limit),
                            "\(scene.name) \(i)–\(j) below \(limit)")
                    }
                }
            }
        }
        #expect(trees >= 45, "only \(trees) shapes have a tree")
        #expect(zeros >= 40, "only \(zeros) pairs touch")
    }

    @Test("containment of random points: the same answer as the plain count of crossings")
    func containment() {
        var random = SplitMix64(seed: 3233)
        var inside = 0
        for scene in Self.scenes() {
            for geometry in scene.shapes {
                let shape = Self.prepared(geometry)
                guard shape.tree != nil, !shape.polygons.isEmpty, let bounds = geometry.polygons.first?.bounds
                else { continue }
                let plain = Self.plain(shape)
                for _ in 0..<300 {
                    let point = LargeShapeFixtures.near(
                        GeoPoint(
                            latitude: (bounds.minLatitude + bounds.maxLatitude) / 2,
                            longitude: (bounds.minLongitude + bounds.maxLongitude) / 2),
                        max(bounds.maxLatitude - bounds.minLatitude, 0.5), using: &random)
                    let vector = SphereVector(point)
                    let expected = plain.contains(vector, latitude: point.latitude, longitude: point.longitude)
                    #expect(
                        shape.contains(vector, latitude: point.latitude, longitude: point.longitude) == expected,
                        "\(scene.name): \(point)")
                    if expected { inside += 1 }
                }
                // Every vertex lies on the boundary, which is inside.
                for (index, vertex) in shape.vertices.enumerated() where index % 7 == 0 {
                    let (latitude, longitude) = (shape.latitudes[index], shape.longitudes[index])
                    #expect(shape.contains(vertex, latitude: latitude, longitude: longitude), "\(scene.name) vertex")
                    #expect(plain.contains(vertex, latitude: latitude, longitude: longitude), "\(scene.name) vertex")
                }
            }
        }
        #expect(inside > 500, "only \(inside) points inside")
    }

    @Test("neighbour lists of ShapeIndex: the same with trees as by the plain scan")
    func neighbourLists() {
        let geometries = Self.scenes().filter { $0.name != "far apart" && $0.name != "pole" }.flatMap(\.shapes)
        let shapes = geometries.map(Self.prepared)
        let points = geometries.map(\.representativePoint)
        let withTrees = ShapeIndex(shapes: shapes, points: points)
        let plain = ShapeIndex(shapes: shapes.map(Self.plain), points: points)
        for k in [3, 8] {
            let (found, expected) = (withTrees.allNearest(k: k), plain.allNearest(k: k))
            for row in shapes.indices { #expect(Array(found[row]) == Array(expected[row]), "k \(k), shape \(row)") }
        }
        let queries = Array(shapes.prefix(20))
        let (found, expected) = (
            withTrees.nearest(to: queries, at: Array(points.prefix(20)), k: 6),
            plain.nearest(to: queries.map(Self.plain), at: Array(points.prefix(20)), k: 6)
        )
        for row in queries.indices { #expect(Array(found[row]) == Array(expected[row]), "query \(row)") }
    }

    @Test("a tree's pieces cover every edge and vertex once, and its boxes hold their pieces")
    func treeCoversTheShape() throws {
        var random = SplitMix64(seed: 3234)
        let geometry = Geometry.multiPolygon(
            MultiPolygon(polygons: [
                LargeShapeFixtures.star(
                    GeoPoint(latitude: 1, longitude: 2), count: 500, radius: 0.5...1, hole: true,
                    using: &random),
                LargeShapeFixtures.star(
                    GeoPoint(latitude: 4, longitude: 2), count: 70, radius: 0.5...1, hole: false,
                    using: &random),
            ]))
        let shape = Self.prepared(geometry)
        let tree = try #require(shape.tree)
        var edges = [Int](repeating: 0, count: shape.vertices.count)
        for piece in tree.pieces { for index in piece.vertices.dropLast() { edges[index] += 1 } }
        for path in 0..<shape.pathCount {
            let range = shape.path(path)
            #expect(range.dropLast().allSatisfy { edges[$0] == 1 }, "path \(path): an edge in no piece or in two")
        }
        let leaves = tree.nodes.filter { $0.child < 0 }
        #expect(leaves.count == tree.pieces.count)
        for leaf in leaves {
            for index in tree.pieces[Int(leaf.piece)].vertices {
                #expect(leaf.box.squaredDistance(to: shape.vertices[index]) == 0)
            }
        }
        for node in tree.nodes where node.child >= 0 {
            for child in [tree.nodes[Int(node.child)], tree.nodes[Int(node.child) + 1]] {
                #expect(node.box.lo.x <= child.box.lo.x && node.box.hi.z >= child.box.hi.z)
            }
        }
        let comb = Self.prepared(.polygon(PolygonFixtures.comb))
        #expect((comb.vertices.count < EdgeTree.minimumVertices) == (comb.tree == nil), "a small shape has no tree")
    }
}
