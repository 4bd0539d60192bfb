import Foundation
import MapsiteGeo
import MapsiteTestSupport
import Testing

@testable import MapsiteCore

/// What a dataset's map page carries for its first view: the cluster tiles, as their files have
/// them, of the zooms a view fitted to the dataset can have, and no more.
@Suite("MapFirstView")
struct MapFirstViewTests {
    private static let yaml = """
        source: world.csv
        id: id
        item_title: name
        tile_budget: 2000
        """

    /// Crowds of places around a few cities of every continent, and two lone ones.
    private static var csv: String {
        let crowds = [(40.7, -74.0), (51.5, -0.1), (35.7, 139.7), (-33.9, 151.2), (-23.5, -46.6), (28.6, 77.2)]
        var text = "id,name,latitude,longitude\n"
        for index in 0..<600 {
            let (lat, lon) = crowds[index % crowds.count]
            let step = Double(index / crowds.count)
            text += "p\(index),Place \(index),\(lat + (step * 0.37).truncatingRemainder(dividingBy: 4) - 2),"
            text += "\(lon + (step * 0.53).truncatingRemainder(dividingBy: 6) - 3)\n"
        }
        return text + "lone1,Lone one,-77.85,166.67\nlone2,Lone two,73.51,80.53\n"
    }

    private func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test("the cluster tiles of the zooms below the first point tile, each as its file has it") func tiles() throws {
        let dataset = try TestDataset.load(Self.csv, Self.yaml)
        let tiles = TileSet(dataset: dataset, options: .init(byteBudget: dataset.config.tileBudget))
        let json = try #require(MapFirstView(tileSet: tiles, maxZoom: 19).json())
        let view = try object(json)
        let firstLeaf = try #require(tiles.pyramid.leafZooms?.lowerBound)
        let zooms = try #require(view["zooms"] as? [Int])
        #expect(!zooms.isEmpty && zooms.first == 0 && zooms.allSatisfy { $0 < firstLeaf }, "\(zooms), \(firstLeaf)")
        #expect(zooms == Array(zooms.indices), "zooms one after the other from 0: \(zooms)")
        #expect(view["dataset"] as? String == "world")
        let manifest = try object(try #require(tiles.files.first { $0.path == "tiles/world/index.json" }).json)
        #expect(view["bounds"] as? [Double] == manifest["bounds"] as? [Double])

        let carried = try #require(view["tiles"] as? [String: Any])
        let expected = tiles.pyramid.clusterTiles.filter { zooms.contains($0.key.z) }
        #expect(Set(carried.keys) == Set(expected.map(\.key.quadkey)))
        for tile in expected {
            let file = try #require(tiles.files.first { $0.path == "tiles/world/" + TileSet.path(tile.key) })
            let carriedTile = try #require(carried[tile.key.quadkey])
            let written = try JSONSerialization.jsonObject(with: Data(file.json.utf8))
            #expect(NSDictionary(dictionary: try #require(carriedTile as? [String: Any])).isEqual(written))
        }
        // In a page's <script>: nothing in it can end the element.
        #expect(!json.contains("</"))
    }

    @Test("a budget keeps the deeper zooms out, and no zoom at all when the first is over it") func budget() throws {
        let dataset = try TestDataset.load(Self.csv, Self.yaml)
        let tiles = TileSet(dataset: dataset, options: .init(byteBudget: dataset.config.tileBudget))
        let json = try #require(MapFirstView(tileSet: tiles, maxZoom: 19).json())
        let all = try #require(try object(json)["zooms"] as? [Int])
        #expect(all.count > 1, "the test needs more than one zoom carried: \(all)")
        var small = MapFirstView(tileSet: tiles, maxZoom: 19)
        small.byteBudget = 1
        #expect(small.json() == nil)
        let zeroOnly = try #require(tiles.files.first { $0.path == "tiles/world/0/0/0.json" }).json.utf8.count + 10
        small.byteBudget = zeroOnly
        let first = try #require(small.json())
        #expect(first.utf8.count < zeroOnly + 200)
        #expect(try object(first)["zooms"] as? [Int] == [0])
    }

    @Test("none for a dataset whose first tile is a point tile, or with lines and polygons") func none() throws {
        let dataset = try TestDataset.load(Self.csv, Self.yaml.replacingOccurrences(of: "2000", with: "100000"))
        let tiles = TileSet(dataset: dataset, options: .init(byteBudget: dataset.config.tileBudget))
        #expect(tiles.pyramid.leafZooms?.lowerBound == 0)
        #expect(MapFirstView(tileSet: tiles, maxZoom: 19).json() == nil)

        let line = """
            {"type":"FeatureCollection","features":[{"type":"Feature","properties":{"id":"a","name":"A"},\
            "geometry":{"type":"LineString","coordinates":[[0,0],[10,10]]}}]}
            """
        let shaped = try TestDataset.load(line, "source: line.geojson\nid: id\nitem_title: name")
        #expect(MapFirstView(tileSet: TileSet(dataset: shaped), maxZoom: 19).json() == nil)
    }

    @Test("the zoom Leaflet's fitBounds gives: the whole zoom the bounds fit in") func fittedZoom() {
        let world = GeoBounds(minLatitude: -60, minLongitude: -180, maxLatitude: 75, maxLongitude: 180)
        // 360° is 256 pixels at zoom 0: 350 pixels across (390 less the padding) fit zoom 0 only.
        #expect(MapFirstView.fittedZoom(world, width: 390, height: 700, 19) == 0)
        #expect(MapFirstView.fittedZoom(world, width: 552, height: 2000, 19) == 1)  // 512 pixels fit
        #expect(MapFirstView.fittedZoom(world, width: 540, height: 2000, 19) == 0)
        // A zoom within 0.005 of a whole one counts as it (Leaflet rounds it to hundredths first).
        #expect(MapFirstView.fittedZoom(world, width: 40 + 256 * 1.994, height: 2000, 19) == 1)
        #expect(MapFirstView.fittedZoom(world, width: 40 + 256 * 1.99, height: 2000, 19) == 0)
        let spot = GeoBounds(minLatitude: 40, minLongitude: -74, maxLatitude: 40, maxLongitude: -74)
        #expect(MapFirstView.fittedZoom(spot, width: 390, height: 700, 19) == 16)
        #expect(MapFirstView.fittedZoom(spot, width: 390, height: 700, 12) == 12)
    }
}
