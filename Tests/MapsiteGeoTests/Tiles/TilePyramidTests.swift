import Foundation
import Testing

@testable import MapsiteGeo

@Suite("TilePyramid")
struct TilePyramidTests {
    private static let points = PointFixtures.clustered(6000, seed: 51) + PointFixtures.global(400, seed: 52)
    private static let sizes: [Int] = {
        var random = SplitMix64(seed: 53)
        return points.map { _ in Int.random(in: 30...90, using: &random) }
    }()
    private static let options = TilePyramid.Options(byteBudget: 20_000, maxZoom: 16, tileOverhead: 120)
    private static let pyramid = TilePyramid(points: points, pointSizes: sizes, options: options)

    /// For each point, the marker drawing it at `zoom`: a leaf's point, or a cluster's position.
    private func markers(_ pyramid: TilePyramid, count: Int, zoom: Int) -> [String] {
        var marker = [String](repeating: "", count: count)
        for leaf in pyramid.leaves where leaf.key.z <= zoom {
            for point in leaf.points { marker[Int(point)] = "point \(point)" }
        }
        for tile in pyramid.clusterTiles where tile.key.z == zoom {
            for index in tile.clusters.indices {
                for point in pyramid.points(inCluster: index, of: tile.key) {
                    marker[Int(point)] = "\(tile.key)#\(index)"
                }
            }
        }
        return marker
    }

    @Test("every point is in exactly one leaf, and that leaf's tile holds it")
    func leavesPartitionPoints() {
        let pyramid = Self.pyramid
        let all = pyramid.leaves.flatMap(\.points)
        #expect(all.count == Self.points.count)
        #expect(Set(all).count == Self.points.count)
        for leaf in pyramid.leaves {
            #expect(leaf.points == leaf.points.sorted())
            #expect(leaf.points.allSatisfy { TileKey(containing: Self.points[Int($0)], zoom: leaf.key.z) == leaf.key })
            #expect(leaf.byteSize == Self.options.tileOverhead + leaf.points.map { Self.sizes[Int($0)] }.reduce(0, +))
        }
        #expect(pyramid.leaves.map(\.key) == pyramid.leaves.map(\.key).sorted())
        #expect(pyramid.clusterTiles.map(\.key) == pyramid.clusterTiles.map(\.key).sorted())
        #expect(pyramid.leafZooms == pyramid.leaves.map(\.key.z).min()!...pyramid.leaves.map(\.key.z).max()!)
        #expect(pyramid.bounds == GeoBounds(points: Self.points))
    }

    @Test("at every zoom, cluster counts plus points of leaves at or above it add up to N")
    func countsAddUp() {
        let pyramid = Self.pyramid
        #expect(pyramid.clusterTiles.count > 10)
        for zoom in 0...(pyramid.leafZooms!.upperBound + 1) {
            let clustered = pyramid.clusterTiles.filter { $0.key.z == zoom }.flatMap(\.clusters).map(\.count).reduce(
                0, +)
            let shown = pyramid.leaves.filter { $0.key.z <= zoom }.map(\.points.count).reduce(0, +)
            #expect(clustered + shown == Self.points.count, "zoom \(zoom)")
            #expect(markers(pyramid, count: Self.points.count, zoom: zoom).allSatisfy { !$0.isEmpty }, "zoom \(zoom)")
        }
    }

    @Test("the tiles form a quadtree: cluster tiles are split, leaves are not")
    func quadtreeShape() {
        let pyramid = Self.pyramid
        let leafKeys = Set(pyramid.leaves.map(\.key))
        let clusterKeys = Set(pyramid.clusterTiles.map(\.key))
        #expect(leafKeys.isDisjoint(with: clusterKeys))
        #expect(clusterKeys.contains(TileKey(z: 0, x: 0, y: 0)))
        for key in leafKeys.union(clusterKeys) where key.z > 0 {
            #expect(clusterKeys.contains(key.parent!), "\(key) has no cluster tile above it")
        }
        for key in clusterKeys {
            #expect(key.children.contains { leafKeys.contains($0) || clusterKeys.contains($0) })
        }
    }

    @Test("no leaf is over budget except at maxZoom, and those are reported")
    func budget() {
        #expect(Self.pyramid.leaves.allSatisfy { $0.byteSize <= Self.options.byteBudget })
        #expect(Self.pyramid.overfullLeaves.isEmpty)

        // A dense spot: 3000 items at one place cannot be split, so its leaf sits at maxZoom.
        let spot = GeoPoint(latitude: 48.8584, longitude: 2.2945)
        let points =
            Array(repeating: spot, count: 3000) + PointFixtures.box(500, latitude: 48...49, longitude: 2...3, seed: 54)
        let options = TilePyramid.Options(byteBudget: 10_000, maxZoom: 14)
        let pyramid = TilePyramid(
            points: points, pointSizes: Array(repeating: 40, count: points.count), options: options)
        let spotTile = TileKey(containing: spot, zoom: 14)
        #expect(pyramid.overfullLeaves == [spotTile])
        #expect(pyramid.leaf(at: spotTile)!.points.count >= 3000)
        #expect(pyramid.leaves.allSatisfy { $0.byteSize <= options.byteBudget || $0.key.z == options.maxZoom })
        // Its cluster just above maxZoom opens at maxZoom.
        let above = pyramid.clusterTile(at: spotTile.parent!)!
        #expect(above.clusters.first!.count >= 3000)
        #expect(above.clusters.first!.expansionZoom == 14)

        // One point bigger than the budget ends alone at maxZoom, too.
        let lone = TilePyramid(
            points: [GeoPoint(latitude: 1, longitude: 1), GeoPoint(latitude: -1, longitude: -1)],
            pointSizes: [50, 500],
            options: .init(byteBudget: 100, maxZoom: 5))
        #expect(lone.overfullLeaves == [TileKey(containing: GeoPoint(latitude: -1, longitude: -1), zoom: 5)])
        #expect(lone.leaf(at: TileKey(containing: GeoPoint(latitude: 1, longitude: 1), zoom: 1)) != nil)
    }

    @Test("clusters: counts, bounds, centres, representatives and tiles agree with their points")
    func clusterContents() {
        let pyramid = Self.pyramid
        for tile in pyramid.clusterTiles {
            #expect(
                zip(tile.clusters, tile.clusters.dropFirst()).allSatisfy {
                    $0.count > $1.count || ($0.count == $1.count && $0.representative < $1.representative)
                })
            for (index, cluster) in tile.clusters.enumerated() {
                let members = pyramid.points(inCluster: index, of: tile.key)
                let positions = members.map { Self.points[Int($0)] }
                #expect(members.count == cluster.count)
                #expect(cluster.bounds == GeoBounds(points: positions))
                #expect(
                    positions.allSatisfy {
                        cluster.bounds.contains($0) && TileKey(containing: $0, zoom: tile.key.z) == tile.key
                    })
                let meanLatitude = positions.map(\.latitude).reduce(0, +) / Double(cluster.count)
                let meanLongitude = positions.map(\.longitude).reduce(0, +) / Double(cluster.count)
                #expect(
                    abs(cluster.centre.latitude - meanLatitude) < 1e-9
                        && abs(cluster.centre.longitude - meanLongitude) < 1e-9)
                let nearest = members.min {
                    (GreatCircle.distance(cluster.centre, Self.points[Int($0)]), $0)
                        < (GreatCircle.distance(cluster.centre, Self.points[Int($1)]), $1)
                }
                #expect(cluster.representative == nearest)
                #expect(cluster.bounds.contains(Self.points[Int(cluster.representative)]))
            }
        }
    }

    @Test("expansionZoom is the first zoom where a cluster shows as more than one marker")
    func expansionZoom() {
        let pyramid = Self.pyramid
        let deepest = pyramid.leafZooms!.upperBound
        let markersByZoom = (0...deepest).map { markers(pyramid, count: Self.points.count, zoom: $0) }
        for tile in pyramid.clusterTiles {
            for (index, cluster) in tile.clusters.enumerated() {
                let members = pyramid.points(inCluster: index, of: tile.key)
                let expected = (tile.key.z + 1...deepest).first { zoom in
                    let shown = Set(members.map { markersByZoom[zoom][Int($0)] })
                    return shown.count > 1 || shown.first!.hasPrefix("point")
                }
                #expect(cluster.expansionZoom == expected, "\(tile.key)#\(index)")
            }
        }
    }

    @Test("two builds are equal")
    func deterministic() {
        let again = TilePyramid(points: Self.points, pointSizes: Self.sizes, options: Self.options)
        #expect(again == Self.pyramid)
    }

    @Test("small inputs: nothing, everything in one tile, the edges of the map")
    func edgeCases() {
        let empty = TilePyramid(points: [], pointSizes: [])
        #expect(empty.leaves.isEmpty && empty.clusterTiles.isEmpty && empty.leafZooms == nil && empty.bounds == nil)

        let few = PointFixtures.global(20, seed: 55)
        let single = TilePyramid(points: few, pointSizes: Array(repeating: 10, count: 20))
        #expect(single.leaves.map(\.key) == [TileKey(z: 0, x: 0, y: 0)])
        #expect(single.clusterTiles.isEmpty)

        let corners = [(90.0, 180.0), (-90, -180), (90, -180), (-90, 180), (85.06, 0), (0, 0)].map {
            GeoPoint(latitude: $0.0, longitude: $0.1)
        }
        let edges = TilePyramid(
            points: corners, pointSizes: Array(repeating: 60, count: 6), options: .init(byteBudget: 100, maxZoom: 8))
        #expect(edges.leaves.flatMap(\.points).sorted() == Array(0..<6))
        for leaf in edges.leaves {
            #expect(leaf.points.allSatisfy { TileKey(containing: corners[Int($0)], zoom: leaf.key.z) == leaf.key })
        }
    }
}
