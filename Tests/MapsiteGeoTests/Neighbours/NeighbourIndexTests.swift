import Testing

@testable import MapsiteGeo

@Suite("NeighbourIndex")
struct NeighbourIndexTests {
    /// Checks every row of `allNearest(k:)` against the brute-force search, field by field, for each k.
    private func expectAllNearestExact(
        _ points: [GeoPoint], k ks: Int..., sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let index = NeighbourIndex(points: points)
        let expected = BruteForce.allNearest(points, k: ks.max()!)
        for k in ks {
            let table = index.allNearest(k: k)
            #expect(table.count == points.count, sourceLocation: sourceLocation)
            var mismatches = 0
            for (row, neighbours) in table.enumerated() where Array(neighbours) != Array(expected[row].prefix(k)) {
                mismatches += 1
                if mismatches <= 3 {
                    Issue.record(
                        "k = \(k), row \(row): got \(Array(neighbours)), expected \(expected[row].prefix(k))",
                        sourceLocation: sourceLocation)
                }
            }
            #expect(mismatches == 0, "k = \(k)", sourceLocation: sourceLocation)
        }
    }

    @Test("allNearest equals brute force on points spread over the globe")
    func globalPoints() {
        expectAllNearestExact(PointFixtures.global(1500, seed: 1), k: 8)
    }

    @Test("allNearest equals brute force on clustered points with repeated coordinates")
    func clusteredPoints() {
        expectAllNearestExact(PointFixtures.clustered(2000, seed: 2), k: 11)
    }

    @Test("allNearest equals brute force across the antimeridian")
    func antimeridian() {
        let east = PointFixtures.box(300, latitude: -1...1, longitude: 179.9...180, seed: 3)
        let west = PointFixtures.box(300, latitude: -1...1, longitude: -180 ... -179.9, seed: 4)
        let points = zip(east, west).flatMap { [$0, $1] }
        expectAllNearestExact(points, k: 8)
        // The nearest neighbour of a point just east of the line is often just west of it.
        let table = NeighbourIndex(points: points).allNearest(k: 1)
        let crossings = table.indices.filter {
            (points[$0].longitude > 0) != (points[Int(table[$0].first!.index)].longitude > 0)
        }
        #expect(crossings.count > 10)
    }

    @Test("allNearest equals brute force near both poles, including the poles themselves")
    func poles() {
        var points = PointFixtures.box(300, latitude: 89.9...90, longitude: -180...180, seed: 5)
        points += PointFixtures.box(300, latitude: -90 ... -89.9, longitude: -180...180, seed: 6)
        points += [-180, -90, 0, 45, 90, 180].flatMap {
            [GeoPoint(latitude: 90, longitude: $0), GeoPoint(latitude: -90, longitude: $0)]
        }
        expectAllNearestExact(points, k: 8)
    }

    @Test("allNearest handles many duplicate coordinates, ties broken by index")
    func duplicates() {
        let distinct = PointFixtures.box(25, latitude: 51.4...51.6, longitude: -0.2...0.0, seed: 7)
        var random = SplitMix64(seed: 8)
        let points = (0..<600).map { _ in distinct[Int.random(in: 0..<distinct.count, using: &random)] }
        expectAllNearestExact(points, k: 5, 40)
        let first = NeighbourIndex(points: points).allNearest(k: 5)[0]
        #expect(first.allSatisfy { $0.distance == 0 && points[Int($0.index)] == points[0] })
    }

    @Test("allNearest returns n - 1 neighbours when k is at least n - 1")
    func smallSets() {
        let points = PointFixtures.global(7, seed: 9)
        expectAllNearestExact(points, k: 6)
        let table = NeighbourIndex(points: points).allNearest(k: 50)
        #expect(table.stride == 6)
        #expect(table.rows == BruteForce.allNearest(points, k: 6))
        #expect(NeighbourIndex(points: points).allNearest(k: 0).allSatisfy { $0.isEmpty })
        #expect(NeighbourIndex(points: [points[0]]).allNearest(k: 3).rows == [[]])
        #expect(NeighbourIndex(points: []).allNearest(k: 3).isEmpty)
        #expect(NeighbourIndex(points: []).nearest(to: points[0], k: 3).isEmpty)
    }

    /// A lattice makes many distances equal in theory but not in floating point; chord and
    /// haversine round them differently, so this is where a chord-only ranking goes wrong.
    @Test("near-ties rank by haversine distance then index, not by chord length")
    func nearTies() {
        var points: [GeoPoint] = []
        for row in 0..<40 {
            for column in 0..<40 {
                points.append(GeoPoint(latitude: 51 + Double(row) * 0.0007, longitude: -1 + Double(column) * 0.0011))
            }
        }
        var random = SplitMix64(seed: 10)
        points.shuffle(using: &random)
        // Small k cuts through rings of equidistant lattice points, where which points make the
        // cut is decided by rounding alone.
        expectAllNearestExact(points, k: 1, 2, 3, 4, 8)

        // Prove the fixture has teeth: for some queries the k nearest by chord (ties by index)
        // are not the k nearest by haversine, so a chord-only search would return wrong points.
        let vectors = points.map(\.unitVector)
        var differentSets = 0
        for query in points.indices.prefix(400) {
            let others = points.indices.filter { $0 != query }
            let byChord = others.map { (squaredChord(vectors[query], vectors[$0]), $0) }.sorted { $0 < $1 }
            let byHaversine = others.map { (GreatCircle.distance(points[query], points[$0]), $0) }.sorted { $0 < $1 }
            for k in [1, 2, 3, 4, 8] where Set(byChord.prefix(k).map(\.1)) != Set(byHaversine.prefix(k).map(\.1)) {
                differentSets += 1
            }
        }
        #expect(differentSets > 0)
    }

    @Test("nearest(to:k:excluding:) equals brute force for arbitrary query points")
    func singleQueries() {
        let points = PointFixtures.clustered(1500, seed: 11)
        let index = NeighbourIndex(points: points)
        let queries = PointFixtures.box(200, latitude: 49...59, longitude: -9...3, seed: 12)
        for query in queries {
            #expect(index.nearest(to: query, k: 7) == BruteForce.nearest(to: query, in: points, k: 7))
        }
        for item in stride(from: 0, to: points.count, by: 37) {
            #expect(
                index.nearest(to: points[item], k: 5, excluding: item)
                    == BruteForce.nearest(to: points[item], in: points, k: 5, excluding: item))
        }
        #expect(index.nearest(to: queries[0], k: 5000).count == points.count)
        #expect(index.nearest(to: points[0], k: 5000, excluding: 0).count == points.count - 1)
        #expect(index.nearest(to: points[0], k: 5000, excluding: -1).count == points.count)
    }

    @Test("cross-set queries: the 3 nearest boxes to each photo")
    func crossSet() {
        let boxes = PointFixtures.clustered(800, seed: 13)
        let photos = PointFixtures.clustered(1200, seed: 14) + PointFixtures.global(100, seed: 15)
        let table = NeighbourIndex(points: boxes).nearest(to: photos, k: 3)
        #expect(table.stride == 3)
        #expect(table.rows == photos.map { BruteForce.nearest(to: $0, in: boxes, k: 3) })
        let tiny = NeighbourIndex(points: Array(boxes.prefix(2))).nearest(to: photos, k: 3)
        #expect(tiny.stride == 2)
        #expect(tiny[5] == BruteForce.nearest(to: photos[5], in: Array(boxes.prefix(2)), k: 3)[...])
    }

    @Test("cached trigonometry reproduces GreatCircle bit for bit")
    func trigPoint() {
        let points =
            PointFixtures.global(400, seed: 16)
            + PointFixtures.box(50, latitude: 89...90, longitude: -180...180, seed: 17)
        for a in points.indices {
            let b = (a * 7919 + 13) % points.count
            let (pa, pb) = (TrigPoint(points[a]), TrigPoint(points[b]))
            #expect(pa.distance(to: pb) == GreatCircle.distance(points[a], points[b]))
            #expect(pa.bearing(to: pb) == GreatCircle.bearing(from: points[a], to: points[b]))
            #expect(GreatCircle.distance(points[a], points[a]) == 0)
            #expect(GreatCircle.bearing(from: points[a], to: points[a]) == 0)
        }
    }

    private func squaredChord(_ a: (x: Double, y: Double, z: Double), _ b: (x: Double, y: Double, z: Double)) -> Double
    {
        let (dx, dy, dz) = (a.x - b.x, a.y - b.y, a.z - b.z)
        return dx * dx + dy * dy + dz * dz
    }
}
