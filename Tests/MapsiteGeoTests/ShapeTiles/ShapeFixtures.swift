import Foundation
import MapsiteGeo

/// Random lines and polygons for the shape tile tests: concave polygons, some with a hole, some in
/// two parts, and wandering lines, from a few metres to a few kilometres across, crowded around a
/// city so that tiles split deep.
enum ShapeFixtures {
    static func shapes(_ count: Int, seed: UInt64, centre: GeoPoint = GeoPoint(latitude: 39.95, longitude: -75.16))
        -> [Geometry]
    {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let spread = index % 7 == 0 ? 0.3 : 0.03
            let here = GeoPoint(
                latitude: centre.latitude + Double.random(in: -spread...spread, using: &random),
                longitude: centre.longitude + Double.random(in: -spread...spread, using: &random))
            let size = pow(10, Double.random(in: -3.7...(-1.3), using: &random))  // degrees: ~20 m to 5 km
            switch index % 4 {
            case 0:
                return .lineString(walk(from: here, steps: Int.random(in: 2...60, using: &random), size, &random))
            case 1:
                return .multiPolygon(
                    MultiPolygon(polygons: [
                        star(here, size, hole: false, &random),
                        star(
                            GeoPoint(latitude: here.latitude + 3 * size, longitude: here.longitude), size / 2,
                            hole: false, &random),
                    ]))
            default:
                return .polygon(star(here, size, hole: index % 4 == 2, &random))
            }
        }
    }

    /// A star-shaped ring of 5 to 40 vertices, closed, with radii between half and all of `size`,
    /// and a hole of a fifth of it when asked.
    static func star(_ centre: GeoPoint, _ size: Double, hole: Bool, _ random: inout SplitMix64) -> Polygon {
        func ring(_ radius: ClosedRange<Double>, _ count: Int, _ random: inout SplitMix64) -> [GeoPoint] {
            let points = (0..<count).map { step in
                let angle = Double(step) * 2 * .pi / Double(count)
                let length = Double.random(in: radius, using: &random)
                return GeoPoint(
                    latitude: centre.latitude + length * sin(angle), longitude: centre.longitude + length * cos(angle))
            }
            return points + [points[0]]
        }
        let outer = ring((size / 2)...size, Int.random(in: 5...40, using: &random), &random)
        return Polygon(outer: outer, holes: hole ? [ring((size / 8)...(size / 5), 6, &random).reversed()] : [])
    }

    /// A line of `steps` points, each a random step of up to `size` from the last.
    static func walk(from start: GeoPoint, steps: Int, _ size: Double, _ random: inout SplitMix64) -> [GeoPoint] {
        var points = [start]
        for _ in 1..<steps {
            let last = points[points.count - 1]
            points.append(
                GeoPoint(
                    latitude: last.latitude + Double.random(in: -size...size, using: &random) / 3,
                    longitude: last.longitude + Double.random(in: -size...size, using: &random) / 3))
        }
        return points
    }
}
