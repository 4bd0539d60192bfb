import Foundation
import MapsiteGeo

/// Random points, lines and polygons scattered around one place, near enough to each other that
/// some touch, cross or hold one another.
enum ShapeFixtures {
    /// `count` shapes of about `size` degrees within `spread` degrees of `centre`: a third points
    /// or multipoints, a third lines (random walks, some multilines), a third star polygons (some
    /// with holes, some multipolygons).
    static func cluster(
        count: Int, centre: GeoPoint, size: Double, spread: Double, using random: inout SplitMix64
    ) -> [Geometry] {
        func near(_ point: GeoPoint, _ reach: Double) -> GeoPoint {
            GeoPoint(
                latitude: max(-89, min(89, point.latitude + Double.random(in: -reach...reach, using: &random))),
                longitude: wrap(point.longitude + Double.random(in: -reach...reach, using: &random)))
        }
        func walk() -> [GeoPoint] {
            var point = near(centre, spread)
            var points = [point]
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                point = near(point, size / 2)
                points.append(point)
            }
            return points
        }
        func star() -> Polygon {
            let middle = near(centre, spread)
            let polygon = PolygonFixtures.star(
                centre: GeoPoint(latitude: middle.latitude, longitude: 0),
                count: Int.random(in: 5...14, using: &random),
                radius: size * 0.3...size, hole: Bool.random(using: &random), using: &random)
            // Built around longitude 0, then moved, so that a star may straddle the antimeridian.
            return Polygon(
                rings: polygon.rings.map { ring in
                    ring.map { GeoPoint(latitude: $0.latitude, longitude: wrap($0.longitude + middle.longitude)) }
                })
        }
        return (0..<count).map { index in
            let twin = Int.random(in: 0..<4, using: &random) == 0
            switch index % 3 {
            case 0:
                return twin ? .multiPoint([near(centre, spread), near(centre, spread)]) : .point(near(centre, spread))
            case 1: return twin ? .multiLineString([walk(), walk()]) : .lineString(walk())
            default: return twin ? .multiPolygon(MultiPolygon(polygons: [star(), star()])) : .polygon(star())
            }
        }
    }

    /// `longitude` brought into -180…180.
    static func wrap(_ longitude: Double) -> Double {
        longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
    }
}
