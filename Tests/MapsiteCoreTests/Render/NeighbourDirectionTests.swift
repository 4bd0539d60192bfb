import Foundation
import MapsiteTestSupport
import Testing

@testable import MapsiteCore

/// A neighbour 0 m away (a point inside a polygon, a shape touching another) is listed without a
/// compass direction, which would mean nothing; one farther away keeps it.
@Suite("Neighbour lists: no direction at 0 m")
struct NeighbourDirectionTests {
    @Test("a park's nearest benches: the bench inside at 0 m without a direction, the one east of it with one")
    func zeroDistanceHasNoDirection() throws {
        try withTemporaryDirectory { folder in
            let content = folder + "/content"
            try FileManager.default.createDirectory(atPath: content + "/data", withIntermediateDirectories: true)
            let parks = #"""
                {"type": "FeatureCollection", "features": [{"type": "Feature", "id": "p",
                 "geometry": {"type": "Polygon", "coordinates": [[[-75.17, 39.95], [-75.16, 39.95], [-75.16, 39.96], [-75.17, 39.96], [-75.17, 39.95]]]},
                 "properties": {"name": "Park"}}]}
                """#
            let benches = "id,name,lat,lon\nin,Bench inside,39.955,-75.165\neast,Bench east,39.955,-75.15\n"
            try parks.write(toFile: content + "/data/parks.geojson", atomically: true, encoding: .utf8)
            try benches.write(toFile: content + "/data/benches.csv", atomically: true, encoding: .utf8)
            let config = """
                title: Benches
                base_url: /
                datasets:
                  - name: parks
                    title: Parks
                    source: data/parks.geojson
                    item_title: name
                    nearest:
                      - dataset: benches
                        count: 2
                        title: Nearest benches
                  - name: benches
                    title: Benches
                    source: data/benches.csv
                    id: id
                    item_title: name
                    latitude: lat
                    longitude: lon

                """
            try config.write(toFile: content + "/site.yml", atomically: true, encoding: .utf8)
            let site = folder + "/site"
            try buildSite(content: content, into: site)
            let page = try #require(readText(site + "/parks/park/index.html"))
            #expect(page.contains(#"Bench inside</a> <span class="distance">0 m</span>"#), "\(page)")
            #expect(page.contains(#"Bench east</a> <span class="distance" title="90°">850 m E</span>"#), "\(page)")
        }
    }
}
