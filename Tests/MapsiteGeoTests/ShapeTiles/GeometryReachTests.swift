import Foundation
import Testing

@testable import MapsiteGeo

@Suite("Geometry.reach")
struct GeometryReachTests {
    /// Points of the shape, found by brute force: along every edge read straight in degrees and
    /// read as a great-circle arc, and, for polygons, all over the box of its vertices.
    private func samples(_ geometry: Geometry, _ random: inout SplitMix64) -> [GeoPoint] {
        var points: [GeoPoint] = []
        let lines = geometry.lines + geometry.polygons.flatMap(\.rings) + [geometry.allPoints]
        for line in lines {
            for (a, b) in zip(line, line.dropFirst()) {
                for step in 0...20 {
                    let t = Double(step) / 20
                    points.append(
                        GeoPoint(
                            latitude: a.latitude + t * (b.latitude - a.latitude),
                            longitude: a.longitude + t * (b.longitude - a.longitude)))
                    points.append(slerp(a, b, t))
                }
            }
        }
        if !geometry.polygons.isEmpty, let box = geometry.bounds {
            for _ in 0..<200 {
                points.append(
                    GeoPoint(
                        latitude: Double.random(in: box.minLatitude...box.maxLatitude, using: &random),
                        longitude: Double.random(in: box.minLongitude...box.maxLongitude, using: &random)))
            }
        }
        return points
    }

    private func slerp(_ a: GeoPoint, _ b: GeoPoint, _ t: Double) -> GeoPoint {
        func vector(_ p: GeoPoint) -> SIMD3<Double> {
            let lat = p.latitude * .pi / 180
            let lon = p.longitude * .pi / 180
            return SIMD3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
        }
        let u = vector(a)
        let v = vector(b)
        let angle = acos(max(-1, min(1, (u * v).sum())))
        guard angle > 1e-12 else { return a }
        let w = (sin((1 - t) * angle) * u + sin(t * angle) * v) / sin(angle)
        return GeoPoint(
            latitude: atan2(w.z, (w.x * w.x + w.y * w.y).squareRoot()) * 180 / .pi,
            longitude: atan2(w.y, w.x) * 180 / .pi)
    }

    @Test("no point of a shape is farther from its representative point than its reach")
    func reachBoundsEveryPoint() {
        var random = SplitMix64(seed: 17)
        var shapes = ShapeFixtures.shapes(120, seed: 19)
        // Large, polar and antimeridian-straddling shapes too.
        // Longitudes past ±180° wrap round, so some edges cross the antimeridian.
        func wrapped(_ points: [GeoPoint]) -> [GeoPoint] {
            points.map { GeoPoint(latitude: $0.latitude, longitude: remainder($0.longitude, 360)) }
        }
        for centre in [
            GeoPoint(latitude: 70, longitude: 20), GeoPoint(latitude: -70, longitude: -100),
            GeoPoint(latitude: 0, longitude: 179.5), GeoPoint(latitude: 45, longitude: 0),
        ] {
            for size in [0.5, 5, 15] {
                let star = ShapeFixtures.star(centre, size, hole: false, &random)
                shapes.append(.polygon(Polygon(outer: wrapped(star.outer))))
                shapes.append(.lineString(wrapped(ShapeFixtures.walk(from: centre, steps: 12, size, &random))))
            }
        }
        var tight = 0
        for (index, shape) in shapes.enumerated() {
            let point = shape.representativePoint
            let reach = shape.reach(from: point)
            let farthest = samples(shape, &random).map { GreatCircle.distance(point, $0) }.max()!
            #expect(farthest <= reach * (1 + 1e-9) + 1e-6, "shape \(index): \(farthest) m beyond a reach of \(reach) m")
            if farthest > 0.5 * reach { tight += 1 }
        }
        // The bound is not merely huge: for most shapes the farthest point is over half of it.
        #expect(tight > shapes.count * 3 / 4, "\(tight) of \(shapes.count)")
    }
}
