import Foundation
import MapsiteGeo

/// Scenes of shapes of hundreds to thousands of vertices, for the edge trees: each close enough
/// that its shapes overlap, hold, touch or come near one another.
enum LargeShapeFixtures {
    /// A star polygon of `count` vertices around `centre` (radius in degrees), moved in longitude
    /// after it is made so that it may straddle the antimeridian.
    static func star(
        _ centre: GeoPoint, count: Int, radius: ClosedRange<Double>, hole: Bool, using random: inout SplitMix64
    ) -> Polygon {
        let polygon = PolygonFixtures.star(
            centre: GeoPoint(latitude: centre.latitude, longitude: 0), count: count, radius: radius, hole: hole,
            using: &random)
        return Polygon(rings: polygon.rings.map { $0.map { moved($0, by: centre.longitude) } })
    }

    /// A random walk of `count` vertices from `start`, steps of up to `step` degrees.
    static func walk(from start: GeoPoint, count: Int, step: Double, using random: inout SplitMix64) -> [GeoPoint] {
        var point = start
        var points = [point]
        for _ in 1..<count {
            point = GeoPoint(
                latitude: max(-89.9, min(89.9, point.latitude + Double.random(in: -step...step, using: &random))),
                longitude: ShapeFixtures.wrap(point.longitude + Double.random(in: -step...step, using: &random)))
            points.append(point)
        }
        return points
    }

    static func moved(_ point: GeoPoint, by longitude: Double) -> GeoPoint {
        GeoPoint(latitude: point.latitude, longitude: ShapeFixtures.wrap(point.longitude + longitude))
    }

    /// A point within `reach` degrees of `centre`.
    static func near(_ centre: GeoPoint, _ reach: Double, using random: inout SplitMix64) -> GeoPoint {
        GeoPoint(
            latitude: max(-89.9, min(89.9, centre.latitude + Double.random(in: -reach...reach, using: &random))),
            longitude: ShapeFixtures.wrap(centre.longitude + Double.random(in: -reach...reach, using: &random)))
    }

    /// Stars (some with holes, two multipolygons), lines, multipoints and a few small shapes
    /// within `spread` degrees of `centre`, of about `size` degrees.
    static func scene(
        around centre: GeoPoint, size: Double, spread: Double, largest: Int, using random: inout SplitMix64
    ) -> [Geometry] {
        var shapes: [Geometry] = []
        for index in 0..<8 {
            let count = Int.random(in: 64...largest, using: &random)
            shapes.append(
                .polygon(
                    star(
                        near(centre, spread, using: &random), count: count, radius: size * 0.4...size,
                        hole: index % 3 == 0, using: &random)))
        }
        for _ in 0..<2 {
            let parts = (0..<3).map { _ in
                star(
                    near(centre, spread, using: &random), count: Int.random(in: 30...400, using: &random),
                    radius: size * 0.2...size * 0.5, hole: Bool.random(using: &random), using: &random)
            }
            shapes.append(.multiPolygon(MultiPolygon(polygons: parts)))
        }
        for _ in 0..<3 {
            shapes.append(
                .lineString(
                    walk(
                        from: near(centre, spread, using: &random), count: Int.random(in: 64...largest, using: &random),
                        step: size / 20, using: &random)))
        }
        shapes.append(
            .multiLineString(
                (0..<3).map { _ in
                    walk(from: near(centre, spread, using: &random), count: 40, step: size / 10, using: &random)
                }))
        shapes.append(.multiPoint((0..<90).map { _ in near(centre, spread, using: &random) }))
        shapes.append(.point(near(centre, spread, using: &random)))
        shapes.append(
            .polygon(
                star(
                    near(centre, spread, using: &random), count: 9, radius: size * 0.1...size * 0.3, hole: false,
                    using: &random)))
        return shapes
    }

    /// A star of `count` vertices, a polygon sharing a stretch of its ring vertex for vertex, one
    /// that holds it, one inside it, one in its hole, a line through it and one just outside.
    static func touching(at centre: GeoPoint, count: Int, using random: inout SplitMix64) -> [Geometry] {
        let base = star(centre, count: count, radius: 0.8...1, hole: true, using: &random)
        func scaled(_ ring: [GeoPoint], _ factor: Double) -> [GeoPoint] {
            ring.map {
                GeoPoint(
                    latitude: centre.latitude + ($0.latitude - centre.latitude) * factor,
                    longitude: centre.longitude + ($0.longitude - centre.longitude) * factor)
            }
        }
        let outer = base.outer
        let stretch = Array(outer[(count / 4)...(count / 2)])
        let neighbour = stretch + scaled(stretch.reversed(), 1.4) + [stretch[0]]
        return [
            .polygon(base),
            .polygon(Polygon(outer: neighbour)),
            .polygon(Polygon(outer: scaled(outer, 1.3))),
            .polygon(Polygon(outer: scaled(outer, 0.5), holes: [scaled(base.rings[1], 0.1)])),
            .polygon(Polygon(outer: scaled(base.rings[1], 0.4))),
            .lineString(
                walk(
                    from: GeoPoint(latitude: centre.latitude + 1.2, longitude: centre.longitude), count: 300,
                    step: 0.01, using: &random) + [
                        GeoPoint(latitude: centre.latitude - 1.3, longitude: centre.longitude)
                    ]),
            .lineString(scaled(outer, 1.001)),
        ]
    }
}
