import Testing

@testable import MapsiteGeo

/// The narrowest arc of longitude holding points and arcs, checked against a brute force that
/// tries each arc's west as the western edge and reaches every arc eastward from it.
@Suite("LongitudeArc.narrowest")
struct LongitudeArcTests {
    /// The degrees eastward from `west` to `longitude`, in 0..<360.
    private static func eastward(_ west: Double, _ longitude: Double) -> Double {
        let d = (longitude - west).truncatingRemainder(dividingBy: 360)
        return d < 0 ? d + 360 : d
    }

    /// The narrowest width from any arc's west eastward over every arc; 359 or more is the whole circle.
    private static func bruteForce(_ arcs: [LongitudeArc]) -> Double {
        arcs.map { start in arcs.map { eastward(start.west, $0.west) + $0.width }.max()! }.min()!
    }

    /// Whether `arc` lies within `outer`, a rounding aside.
    private static func holds(_ outer: LongitudeArc, _ arc: LongitudeArc) -> Bool {
        if outer.width >= 360 { return true }
        var start = eastward(outer.west, arc.west)
        if start > 360 - 1e-9 { start = 0 }
        return start + arc.width <= outer.width + 1e-9
    }

    private static func check(_ arcs: [LongitudeArc], sourceLocation: SourceLocation = #_sourceLocation) {
        let arc = LongitudeArc.narrowest(arcs)
        let oracle = bruteForce(arcs)
        #expect(arc.west >= -180 && arc.west <= 180 && arc.east >= arc.west, "\(arc)", sourceLocation: sourceLocation)
        if oracle >= LongitudeArc.nearlyWhole {
            #expect(arc == .wholeCircle, "\(arcs) → \(arc)", sourceLocation: sourceLocation)
        } else {
            #expect(
                abs(arc.width - oracle) < 1e-9, "\(arcs) → \(arc), oracle \(oracle)", sourceLocation: sourceLocation)
        }
        for inner in arcs { #expect(holds(arc, inner), "\(inner) outside \(arc)", sourceLocation: sourceLocation) }
    }

    private static func point(_ longitude: Double) -> LongitudeArc { LongitudeArc(west: longitude, east: longitude) }

    @Test("Pacific islands on both sides of 180: 178°E to 179°W is 3° across the line, east past 180")
    func pacific() {
        let arc = LongitudeArc.narrowest([178, 179.3, -179.9, -178.8, 180, -180].map(Self.point))
        #expect(arc == LongitudeArc(west: 178, east: -178.8 + 360))
        Self.check([178, 179.3, -179.9, -178.8].map(Self.point))
    }

    @Test("within half a turn without crossing: the plain least and greatest longitude")
    func plain() {
        #expect(LongitudeArc.narrowest([-10, 40, 170, 5].map(Self.point)) == LongitudeArc(west: -10, east: 170))
        #expect(LongitudeArc.narrowest([-170, 10].map(Self.point)) == LongitudeArc(west: -170, east: 10))
        #expect(LongitudeArc.narrowest([]) == .wholeCircle)
        #expect(LongitudeArc.narrowest([Self.point(180)]).width == 0)
    }

    @Test("a shape's arc across the line (RFC 7946's west > east) with points beside it")
    func shapes() {
        let fiji = LongitudeArc(GeoBounds(minLatitude: -19, minLongitude: 177, maxLatitude: -15.5, maxLongitude: -178))
        #expect(fiji == LongitudeArc(west: 177, east: 182))
        #expect(
            LongitudeArc.narrowest([fiji, Self.point(-175.2), Self.point(176)]) == LongitudeArc(west: 176, east: 184.8))
        // An arc past 180 that runs round into the first west's stretch shortens the gap there.
        Self.check([Self.point(-170), Self.point(0), LongitudeArc(west: 170, east: 200)])
        // A polygon around a pole spans every longitude.
        #expect(LongitudeArc.narrowest([.wholeCircle, Self.point(3)]) == .wholeCircle)
    }

    @Test("random points and arcs, many on ±180 and on one another, against the brute force")
    func random() {
        var generator = SplitMix64(seed: 32)
        for round in 0..<600 {
            let count = 1 + Int(generator.next() % 12)
            // Half the rounds around the antimeridian, half anywhere; on a half-degree grid for ties.
            let spread = round % 2 == 0 ? 20.0 : 360.0
            let arcs = (0..<count).map { _ -> LongitudeArc in
                let step = Double(generator.next() % UInt64(spread * 2 + 1)) / 2
                var west = (round % 2 == 0 ? 170 + step : -180 + step)
                if west > 180 { west -= 360 }
                let width = generator.next() % 3 == 0 ? Double(generator.next() % 80) / 2 : 0
                return LongitudeArc(west: west, east: west + width)
            }
            Self.check(arcs)
        }
    }

    @Test("many points, gathered in buckets first: the same arc as sweeping them all")
    func gathered() {
        var generator = SplitMix64(seed: 4)
        // Across the world (widest stretch some 0.2°, wider than a bucket's 0.02°), and islands both sides of 180.
        let world = (0..<20_000).map { _ in Self.point(Double.random(in: -180..<180, using: &generator)) }
        let islands = (0..<20_000).map { index -> LongitudeArc in
            let centre = [178.4, -179.9, -175.2, -171.7][index % 4]
            let longitude = centre + Double.random(in: -0.3...0.3, using: &generator)
            return Self.point(longitude > 180 ? longitude - 360 : longitude)
        }
        let shape = LongitudeArc(west: 177, east: 182)
        for arcs in [world, islands, islands + [shape], world.prefix(17_000) + [shape]] {
            #expect(arcs.count > LongitudeArc.bucketCount)
            #expect(LongitudeArc.gathered(arcs).count < arcs.count)
            #expect(LongitudeArc.swept(LongitudeArc.gathered(arcs)) == LongitudeArc.swept(arcs))
        }
        // Points all round the world: the whole circle, centred on Greenwich.
        #expect(LongitudeArc.narrowest(world) == .wholeCircle)
        #expect(LongitudeArc.narrowest(islands).west > 178 && LongitudeArc.narrowest(islands).east < 188.7)
    }
}
