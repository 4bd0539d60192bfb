import Foundation
import Testing

@testable import MapsiteGeo

@Suite("SpatialOrder")
struct SpatialOrderTests {
    @Test("every point once; each tile at each zoom is one run of the order, its points ascending")
    func tilesAreRuns() {
        var points = PointFixtures.box(4000, latitude: -85...85, longitude: -180...180, seed: 5)
        points += points.prefix(50)  // duplicates
        let order = SpatialOrder.positions(of: points, zoom: 12).map(Int.init)
        #expect(order.sorted() == Array(points.indices))
        for zoom in [0, 3, 7, 12] {
            let tiles = order.map { TileKey(containing: points[$0], zoom: zoom) }
            var finished = Set<TileKey>()
            for index in tiles.indices where index == 0 || tiles[index] != tiles[index - 1] {
                if index > 0 { finished.insert(tiles[index - 1]) }
                #expect(!finished.contains(tiles[index]), "tile \(tiles[index]) comes back at zoom \(zoom)")
            }
        }
        let deepest = order.map { TileKey(containing: points[$0], zoom: 12) }
        for index in order.indices.dropFirst() where deepest[index] == deepest[index - 1] {
            #expect(order[index - 1] < order[index])
        }
    }
}
