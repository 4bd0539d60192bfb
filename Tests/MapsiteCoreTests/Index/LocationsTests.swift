import MapsiteGeo
import Testing

@testable import MapsiteCore

/// Locations checked against a brute-force answer: every pair of points within the radius (or
/// identical, for radius 0) joined, transitively.
private func bruteForce(_ points: [GeoPoint], radius: Double) -> [[Int32]] {
    var group = Array(0..<points.count)
    func root(_ x: Int) -> Int { group[x] == x ? x : root(group[x]) }
    for a in points.indices {
        for b in points.indices where b > a {
            let together =
                radius <= 0 ? points[a] == points[b] : GreatCircle.distance(points[a], points[b]) <= radius
            if together {
                let (ra, rb) = (root(a), root(b))
                if ra != rb { group[max(ra, rb)] = min(ra, rb) }
            }
        }
    }
    var members: [Int: [Int32]] = [:]
    for index in points.indices { members[root(index), default: []].append(Int32(index)) }
    return members.keys.sorted().compactMap { members[$0]!.count > 1 ? members[$0] : nil }
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

    @Test("with a radius, places within it join, one after another", arguments: [0.0, 15.0, 120.0])
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

    @Test("a coordinate of -0 is read as 0, so the two spellings are one place")
    func negativeZero() {
        let point = ItemBuilder.point(-0.0, 12.5)
        #expect(point.latitude.bitPattern == (0.0).bitPattern)
        #expect(ItemBuilder.point(-0.0, -0.0) == ItemBuilder.point(0.0, 0.0))
    }
}
