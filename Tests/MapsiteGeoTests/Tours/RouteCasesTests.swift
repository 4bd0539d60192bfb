import Foundation
import Testing

@testable import MapsiteGeo

/// The cases the build's solver (`TourPlanner`) and the browser's (`templates/assets/core/route.js`,
/// for a visitor's favourites) must agree on: open paths through point sets, from any place to any
/// other, each with the length the planner proves shortest and whether it proves it. The test
/// writes them to `Tests/Fixtures/browser/route/cases.json` and fails when the file differs
/// (`MAPSITE_RECORD=1` records it again); `Tests/Node/route.test.mjs` runs the browser's solver on
/// each and expects the same length, to `CycleBound.tolerance`, and the same answer on the proof.
@Suite("Route cases shared with the browser")
struct RouteCasesTests {
    static var recording: Bool { ProcessInfo.processInfo.environment["MAPSITE_RECORD"] == "1" }
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/browser/route/cases.json").standardized

    /// Coordinates to the micro-degree, as written to the file, so both solvers plan the same points.
    private static func rounded(_ points: [GeoPoint]) -> [GeoPoint] {
        points.map {
            GeoPoint(latitude: ($0.latitude * 1e6).rounded() / 1e6, longitude: ($0.longitude * 1e6).rounded() / 1e6)
        }
    }

    /// The delivery stops of the example site (`content/data/stops.geojson`), a real 30-stop set.
    private static func exampleStops() throws -> [GeoPoint] {
        let url = file.appendingPathComponent("../../../../../content/data/stops.geojson").standardized
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let features = json?["features"] as? [[String: Any]] ?? []
        return features.compactMap { feature in
            let geometry = feature["geometry"] as? [String: Any]
            guard let position = geometry?["coordinates"] as? [Double], position.count >= 2 else { return nil }
            return GeoPoint(latitude: position[1], longitude: position[0])
        }
    }

    /// A seeded shuffle, so that collinear places are not given in their order along the line.
    private static func shuffled(_ points: [GeoPoint], seed: UInt64) -> [GeoPoint] {
        var random = SplitMix64(seed: seed)
        return points.shuffled(using: &random)
    }

    static func cases() throws -> [(name: String, points: [GeoPoint])] {
        let spot = GeoPoint(latitude: 51.5, longitude: -0.12)
        let nearby = GeoPoint(latitude: 51.51, longitude: -0.12)
        let line: [GeoPoint] = (0..<10).map { GeoPoint(latitude: 51.5 + Double($0) * 0.001, longitude: -0.13) }
        let meridian: [GeoPoint] = (0..<15).map { GeoPoint(latitude: 51 + Double($0) * 0.01, longitude: -0.12) }
        let equator: [GeoPoint] = (0..<25).map { GeoPoint(latitude: 0, longitude: Double($0) * 0.001) }
        let across: [GeoPoint] = (0..<20).map {
            GeoPoint(latitude: Double($0 % 5) * 0.01, longitude: $0 < 10 ? 179.99 : -179.99)
        }
        let pole: [GeoPoint] = (0..<12).map {
            GeoPoint(latitude: 89.99 - Double($0 % 3) * 0.005, longitude: Double($0) * 30 - 180)
        }
        let grid: [GeoPoint] = (0..<36).map {
            GeoPoint(latitude: 48.85 + Double($0 / 6) * 0.002, longitude: 2.35 + Double($0 % 6) * 0.003)
        }
        func box(_ count: Int, seed: UInt64) -> [GeoPoint] {
            PointFixtures.box(count, latitude: 40.7...40.8, longitude: -74.02...(-73.93), seed: seed)
        }
        var list: [(name: String, points: [GeoPoint])] = []
        list.append(("two places", [spot, GeoPoint(latitude: 51.51, longitude: -0.13)]))
        list.append(("three places", [spot, nearby, GeoPoint(latitude: 51.505, longitude: -0.14)]))
        list.append(
            (
                "two across the antimeridian",
                [GeoPoint(latitude: 0, longitude: 179.9), GeoPoint(latitude: 0, longitude: -179.9)]
            ))
        list.append(("twelve places at one spot", Array(repeating: spot, count: 12)))
        list.append(("twenty places at two spots", (0..<20).map { $0 % 2 == 0 ? spot : nearby }))
        list.append(("thirty places, twenty of them at two spots", (0..<20).map { $0 % 2 == 1 ? spot : nearby } + line))
        list.append(("fifteen collinear along a meridian, shuffled", shuffled(meridian, seed: 3)))
        list.append(("twenty-five evenly spaced on the equator, shuffled", shuffled(equator, seed: 4)))
        list.append(("twenty across the antimeridian", across))
        list.append(("twelve around the north pole", pole))
        list.append(("a six by six grid", grid))
        list.append(("13 in a box", box(13, seed: 1)))
        list.append(("20 in a box", box(20, seed: 2)))
        list.append(("30 in a box", box(30, seed: 9)))
        list.append(("40 in a box", box(40, seed: 4)))
        list.append(("17 clustered", PointFixtures.clustered(17, seed: 5)))
        list.append(("24 clustered", PointFixtures.clustered(24, seed: 9)))
        list.append(("35 clustered", PointFixtures.clustered(35, seed: 13)))
        list.append(("10 over the globe", PointFixtures.global(10, seed: 6)))
        list.append(("18 over the globe", PointFixtures.global(18, seed: 7)))
        list.append(("the example's 30 delivery stops", try exampleStops()))
        return list.map { ($0.name, rounded($0.points)) }
    }

    /// The file's text: one case a line, coordinates as planned, lengths to the millimetre.
    static func text(_ cases: [(name: String, points: [GeoPoint])], _ tours: [Tour]) -> String {
        let lines = zip(cases, tours).map { item, tour in
            let coordinates = item.points.map { "[\($0.latitude),\($0.longitude)]" }.joined(separator: ",")
            return "    {\"name\": \"\(item.name)\", \"proven\": \(tour.isExact), \"length\": "
                + String(format: "%.3f", tour.length) + ", \"points\": [\(coordinates)]}"
        }
        return """
            {
              "tolerance": \(CycleBound.tolerance),
              "cases": [
            \(lines.joined(separator: ",\n"))
              ]
            }

            """
    }

    @Test("every case is proven shortest, and the lengths are the recorded ones")
    func recorded() throws {
        let cases = try Self.cases()
        let tours = cases.map { TourPlanner.plan($0.points) }
        for (item, tour) in zip(cases, tours) {
            #expect(tour.isExact, "\(item.name)")
            #expect(tour.order.sorted() == Array(item.points.indices), "\(item.name): every place once")
        }
        let made = Self.text(cases, tours)
        if Self.recording {
            try FileManager.default.createDirectory(
                at: Self.file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try made.write(to: Self.file, atomically: true, encoding: .utf8)
            Issue.record("Recorded \(Self.file.path): review it with git diff, then run without MAPSITE_RECORD=1.")
            return
        }
        let recorded = try? String(contentsOf: Self.file, encoding: .utf8)
        #expect(
            recorded == made,
            "\(Self.file.path) differs from what the planner finds now: if intended, record it again with MAPSITE_RECORD=1 and review the diff"
        )
    }
}
