import Foundation
import Testing

@testable import MapsiteGeo

@Suite("TileKey and WebMercator")
struct TileKeyTests {
    @Test("known tiles")
    func knownTiles() {
        #expect(TileKey(containing: GeoPoint(latitude: 10, longitude: 10), zoom: 1) == TileKey(z: 1, x: 1, y: 0))
        #expect(TileKey(containing: GeoPoint(latitude: -10, longitude: -10), zoom: 1) == TileKey(z: 1, x: 0, y: 1))
        // London at zoom 10, as on openstreetmap.org.
        #expect(
            TileKey(containing: GeoPoint(latitude: 51.5074, longitude: -0.1278), zoom: 10)
                == TileKey(z: 10, x: 511, y: 340))
        #expect(TileKey(containing: GeoPoint(latitude: 90, longitude: 180), zoom: 4) == TileKey(z: 4, x: 15, y: 0))
        #expect(TileKey(containing: GeoPoint(latitude: -90, longitude: -180), zoom: 4) == TileKey(z: 4, x: 0, y: 15))
        #expect(TileKey(z: 3, x: 3, y: 5).quadkey == "213")
        #expect(TileKey(z: 0, x: 0, y: 0).quadkey == "")
        #expect(TileKey(z: 5, x: 9, y: 20).description == "5/9/20")
        let half = TileKey(z: 1, x: 0, y: 0).bounds
        #expect(half.minLongitude == -180 && half.maxLongitude == 0 && half.minLatitude == 0)
        #expect(abs(half.maxLatitude - WebMercator.maxLatitude) < 1e-8)
    }

    @Test("a point lies in its tile's bounds, and its tiles at every zoom are nested")
    func pointRoundTrip() {
        let points = PointFixtures.box(3000, latitude: -85...85, longitude: -180...180, seed: 31)
        for point in points {
            let deepest = TileKey(containing: point, zoom: 24)
            for zoom in [0, 1, 5, 12, 18, 23] {
                let tile = TileKey(containing: point, zoom: zoom)
                #expect(tile == deepest.ancestor(atZoom: zoom))
                let bounds = tile.bounds
                #expect(point.latitude >= bounds.minLatitude - 1e-9 && point.latitude <= bounds.maxLatitude + 1e-9)
                #expect(point.longitude >= bounds.minLongitude - 1e-9 && point.longitude <= bounds.maxLongitude + 1e-9)
            }
        }
    }

    @Test("a tile's centre and inner corners map back to the tile")
    func tileRoundTrip() {
        var random = SplitMix64(seed: 32)
        for _ in 0..<500 {
            let zoom = Int.random(in: 0...20, using: &random)
            let tile = TileKey(
                z: zoom, x: Int.random(in: 0..<(1 << zoom), using: &random),
                y: Int.random(in: 0..<(1 << zoom), using: &random))
            let bounds = tile.bounds
            let inset = 1e-7 * (bounds.maxLongitude - bounds.minLongitude)
            let latInset = 1e-7 * (bounds.maxLatitude - bounds.minLatitude)
            let centre = GeoPoint(
                latitude: WebMercator.latitude(y: (Double(tile.y) + 0.5) / Double(1 << zoom)),
                longitude: (bounds.minLongitude + bounds.maxLongitude) / 2)
            #expect(TileKey(containing: centre, zoom: zoom) == tile)
            for latitude in [bounds.minLatitude + latInset, bounds.maxLatitude - latInset] {
                for longitude in [bounds.minLongitude + inset, bounds.maxLongitude - inset] {
                    #expect(TileKey(containing: GeoPoint(latitude: latitude, longitude: longitude), zoom: zoom) == tile)
                }
            }
            #expect(tile.children.allSatisfy { $0.parent == tile && tile.contains($0) })
            #expect(tile.children.enumerated().allSatisfy { $0.element.quadkey == tile.quadkey + String($0.offset) })
        }
    }

    @Test("covering tiles hold every point of the rectangle, across the antimeridian too")
    func covering() {
        let box = GeoBounds(minLatitude: 51.2, minLongitude: -0.6, maxLatitude: 51.8, maxLongitude: 0.4)
        let tiles = Set(TileKey.covering(box, zoom: 9))
        #expect(tiles.count == 4)
        for point in PointFixtures.box(500, latitude: 51.2...51.8, longitude: -0.6...0.4, seed: 33) {
            #expect(tiles.contains(TileKey(containing: point, zoom: 9)))
        }
        let wrapping = GeoBounds(minLatitude: -5, minLongitude: 170, maxLatitude: 5, maxLongitude: -170)
        let wrapped = TileKey.covering(wrapping, zoom: 4)
        #expect(Set(wrapped.map(\.x)) == [0, 15])
        #expect(Set(wrapped.map(\.y)) == [7, 8])
        #expect(
            TileKey.covering(
                GeoBounds(minLatitude: -90, minLongitude: -180, maxLatitude: 90, maxLongitude: 180), zoom: 2
            ).count == 16)
    }
}
