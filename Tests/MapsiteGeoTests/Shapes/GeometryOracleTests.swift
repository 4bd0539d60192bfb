import Foundation
import MapsiteGeo
import Testing

/// Random lines and concave polygons with holes, from a few metres to a few hundred kilometres
/// across, measured by mapsite and by pyproj and shapely (`GeometryOracle`).
@Suite("Geometry against pyproj and shapely")
struct GeometryOracleTests {
    /// A random walk of 2 to 20 vertices with steps of up to `step` degrees.
    static func walk(step: Double, using random: inout SplitMix64) -> [GeoPoint] {
        var point = GeoPoint(
            latitude: Double.random(in: -70...70, using: &random),
            longitude: Double.random(in: -170...170, using: &random))
        var points = [point]
        for _ in 0..<Int.random(in: 1...19, using: &random) {
            point = GeoPoint(
                latitude: point.latitude + Double.random(in: -step...step, using: &random),
                longitude: point.longitude + Double.random(in: -step...step, using: &random))
            points.append(point)
        }
        return points
    }

    /// A concave star polygon of `size` degrees' radius, with none, one or three holes.
    static func polygon(size: Double, using random: inout SplitMix64) -> Polygon {
        let centre = GeoPoint(
            latitude: Double.random(in: -70...70, using: &random),
            longitude: Double.random(in: -170...170, using: &random))
        let holes = Int.random(in: 0...2, using: &random)
        var star = PolygonFixtures.star(
            centre: centre, count: Int.random(in: 5...40, using: &random), radius: size * 0.3...size, hole: holes == 1,
            using: &random)
        if holes == 2 {
            // Three small clockwise squares around the centre, apart from each other and inside
            // the star's smallest radius.
            for turn in 0..<3 {
                let angle = Double(turn) * 2 * .pi / 3 + 0.3
                let x = centre.longitude + 0.15 * size * cos(angle)
                let y = centre.latitude + 0.15 * size * sin(angle)
                let half = 0.04 * size
                star.rings.append(
                    [
                        (x - half, y - half), (x - half, y + half), (x + half, y + half), (x + half, y - half),
                        (x - half, y - half),
                    ]
                    .map { GeoPoint(latitude: $0.1, longitude: $0.0) })
            }
        }
        return star
    }

    @Test("lengths, midpoints, areas, perimeters and points inside agree with the oracle")
    func agreement() throws {
        var random = SplitMix64(seed: 21)
        let sizes = [0.0005, 0.005, 0.05, 0.5, 2.0]
        var lines: [[GeoPoint]] = []
        var polygons: [Polygon] = []
        for size in sizes {
            for _ in 0..<40 {
                lines.append(Self.walk(step: size, using: &random))
                polygons.append(Self.polygon(size: size, using: &random))
            }
        }
        polygons += [PolygonFixtures.comb, PolygonFixtures.withHoles]
        let midpoints = lines.map { Geometry.lineString($0).representativePoint }
        let points = polygons.map { Geometry.polygon($0).representativePoint }
        let oracle = try GeometryOracle.answer(lines: lines, midpoints: midpoints, polygons: polygons, points: points)
        try #require(oracle.lengths.count == lines.count && oracle.areas.count == polygons.count)

        var worst = (length: 0.0, along: 0.0, area: 0.0, perimeter: 0.0)
        for (index, line) in lines.enumerated() {
            let length = try #require(Geometry.lineString(line).length)
            let lengthError = abs(length - oracle.lengths[index]) / oracle.lengths[index]
            let alongError = abs(oracle.along[index] - oracle.lengths[index] / 2) / oracle.lengths[index]
            #expect(lengthError < 1e-6, "line \(index): \(length) m, pyproj \(oracle.lengths[index]) m")
            #expect(
                alongError < 1e-3, "line \(index): midpoint \(oracle.along[index]) m along \(oracle.lengths[index]) m")
            worst.length = max(worst.length, lengthError)
            worst.along = max(worst.along, alongError)
        }
        for (index, polygon) in polygons.enumerated() {
            let shape = Geometry.polygon(polygon)
            let area = try #require(shape.area)
            let perimeter = try #require(shape.perimeter)
            let areaError = abs(area - oracle.areas[index]) / oracle.areas[index]
            let perimeterError = abs(perimeter - oracle.perimeters[index]) / oracle.perimeters[index]
            #expect(areaError < 1e-4, "polygon \(index): \(area) m², pyproj \(oracle.areas[index]) m²")
            #expect(perimeterError < 1e-6, "polygon \(index): \(perimeter) m, pyproj \(oracle.perimeters[index]) m")
            #expect(oracle.contains[index], "polygon \(index): \(points[index]) is not inside")
            #expect(polygon.contains(points[index]))
            worst.area = max(worst.area, areaError)
            worst.perimeter = max(worst.perimeter, perimeterError)
        }
        print(
            "Geometry oracle, worst relative differences: length \(worst.length), midpoint \(worst.along), "
                + "area \(worst.area), perimeter \(worst.perimeter)")
    }
}
