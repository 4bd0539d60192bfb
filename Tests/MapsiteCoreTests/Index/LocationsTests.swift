import MapsiteGeo
import Testing

@testable import MapsiteCore

/// Locations checked against a brute-force answer: identical points joined for radius 0; else
/// places taken as centres most neighbours within the radius first, each taking the places within
/// the radius not yet taken.
private func bruteForce(_ points: [GeoPoint], radius: Double) -> [[Int32]] {
    func near(_ a: Int, _ b: Int) -> Bool {
        a != b && (radius <= 0 ? points[a] == points[b] : GreatCircle.distance(points[a], points[b]) <= radius)
    }
    let counts = points.indices.map { a in points.indices.filter { near(a, $0) }.count }
    let order = points.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
    var centre = [Int?](repeating: nil, count: points.count)
    for a in order where centre[a] == nil && counts[a] > 0 {
        let free = points.indices.filter { near(a, $0) && centre[$0] == nil }
        guard !free.isEmpty else { continue }
        centre[a] = a
        for b in free { centre[b] = a }
    }
    var members: [Int: [Int32]] = [:]
    for index in points.indices { if let c = centre[index] { members[c, default: []].append(Int32(index)) } }
    return members.values.sorted { $0[0] < $1[0] }
}

@Suite("Locations: items at the same place")
struct LocationsTests {
    @Test("identical coordinates form a location; its items ascending, locations by their first item")
    func identical() {
        let corner = GeoPoint(latitude: 40.7, longitude: -74.0)
        let points = [
            GeoPoint(latitude: 1, longitude: 1), corner, GeoPoint(latitude: 2, longitude: 2), corner,
            GeoPoint(latitude: 1, longitude: 1), corner,
        ]
        let (locationOfItem, locations) = Locations.group(points, radius: 0, index: NeighbourIndex(points: points))
        #expect(locations == [[0, 4], [1, 3, 5]])
        #expect(locationOfItem == [0, 1, -1, 1, 0, 1])
    }

    @Test("with a radius, places join the centre they are near, densest centres first", arguments: [0.0, 15.0, 120.0])
    func radius(radius: Double) {
        var generator = SplitMix64(seed: 7)
        // Clumps of points a few metres to a few hundred metres apart, some at the same spot.
        var points: [GeoPoint] = []
        for clump in 0..<12 {
            let base = GeoPoint(latitude: 48.85 + Double(clump) * 0.01, longitude: 2.35)
            for _ in 0..<8 {
                let step = Double(Int.random(in: 0...3, using: &generator)) * 0.0004
                points.append(GeoPoint(latitude: base.latitude + step, longitude: base.longitude))
            }
        }
        let (locationOfItem, locations) = Locations.group(
            points, radius: radius, index: NeighbourIndex(points: points))
        #expect(!locations.isEmpty)
        #expect(locations == bruteForce(points, radius: radius))
        for (number, location) in locations.enumerated() {
            for item in location { #expect(locationOfItem[Int(item)] == Int32(number)) }
        }
        #expect(locationOfItem.filter { $0 < 0 }.count == points.count - locations.reduce(0) { $0 + $1.count })
    }

    @Test("no chains: places 150 m apart in a line, radius 200 m, make locations no wider than the radius")
    func noChains() {
        // 17 places, each 150 m north of the last: 2.4 km from the first to the last.
        let step = 150 / GreatCircle.earthRadius * 180 / .pi
        let points = (0..<17).map { GeoPoint(latitude: 45 + Double($0) * step, longitude: 7) }
        let (_, locations) = Locations.group(points, radius: 200, index: NeighbourIndex(points: points))
        #expect(locations == bruteForce(points, radius: 200))
        #expect(locations.count >= 5)
        for location in locations {
            let hasCentre = location.contains { centre in
                location.allSatisfy { GreatCircle.distance(points[Int(centre)], points[Int($0)]) <= 200 }
            }
            #expect(hasCentre, "\(location) has no place within 200 m of all the others")
        }
    }

    @Test("places at identical coordinates share a location, with a radius too") func identicalWithRadius() {
        var generator = SplitMix64(seed: 11)
        let spots = (0..<30).map { _ in
            GeoPoint(
                latitude: 51.5 + Double.random(in: 0...0.01, using: &generator),
                longitude: -0.1 + Double.random(in: 0...0.01, using: &generator))
        }
        let points = (0..<120).map { _ in spots[Int.random(in: 0..<30, using: &generator)] }
        let (locationOfItem, _) = Locations.group(points, radius: 150, index: NeighbourIndex(points: points))
        for a in points.indices {
            for b in points.indices where points[a] == points[b] { #expect(locationOfItem[a] == locationOfItem[b]) }
        }
    }

    @Test("a coordinate of -0 is read as 0, so the two spellings are one place")
    func negativeZero() {
        let point = ItemBuilder.point(-0.0, 12.5)
        #expect(point.latitude.bitPattern == (0.0).bitPattern)
        #expect(ItemBuilder.point(-0.0, -0.0) == ItemBuilder.point(0.0, 0.0))
    }

    @Test(
        "nearest lists leave out the places of the item's own location, then take the next nearest",
        arguments: [0.0, 60.0])
    func neighboursOutside(radius: Double) {
        var generator = SplitMix64(seed: 23)
        // Forty spots a few hundred metres apart, most with several places, some at one coordinate.
        let spots = (0..<40).map { _ in
            GeoPoint(
                latitude: 41.88 + Double.random(in: 0...0.02, using: &generator),
                longitude: -87.63 + Double.random(in: 0...0.02, using: &generator))
        }
        var points: [GeoPoint] = []
        for spot in spots {
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let nudge = Double(Int.random(in: 0...1, using: &generator)) * 0.0002
                points.append(GeoPoint(latitude: spot.latitude + nudge, longitude: spot.longitude))
            }
        }
        let index = NeighbourIndex(points: points)
        let (locationOfItem, locations) = Locations.group(points, radius: radius, index: index)
        #expect(locations.count > 5)
        let k = 6
        let rows = Locations.neighboursOutside(locations, points: points, k: k, index: index)
        #expect(Set(rows.keys) == Set(locations.joined()))
        for (item, row) in rows {
            // Brute force: every item outside the location, by distance, then index.
            let location = locationOfItem[Int(item)]
            let expected = points.indices
                .filter { locationOfItem[$0] < 0 || locationOfItem[$0] != location }
                .map { ($0, GreatCircle.distance(points[Int(item)], points[$0])) }
                .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
                .prefix(k)
            #expect(row.map { Int($0.index) } == expected.map(\.0), "item \(item)")
            #expect(row.allSatisfy { $0.distance > 0 || points[Int($0.index)] != points[Int(item)] })
        }
    }
}
