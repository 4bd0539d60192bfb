import MapsiteGeo
import Testing

@testable import MapsiteCore

@Suite("x and y fields in a crs, for CSV, JSON and SQLite")
struct ProjectedFieldsTests {
    /// Corners of blocks around City Hall, Philadelphia, in state plane feet (EPSG:2272).
    private let feet: [(x: Double, y: Double)] = [(2694000, 236000), (2690123.25, 234567.5), (2697000, 238900)]

    @Test("CSV x and y in EPSG:2272 land within 1 cm of pyproj") func csv() throws {
        let rows = feet.enumerated().map { "P\($0.offset),\($0.element.x),\($0.element.y)" }
        let dataset = try TestDataset.load(
            "title,x_ft,y_ft\n" + rows.joined(separator: "\n") + "\n",
            "source: places.csv\nx: x_ft\ny: y_ft\ncrs: EPSG:2272")
        let expected = try ProjOracle.lonLat(feet, crs: "EPSG:2272")
        let byTitle = Dictionary(uniqueKeysWithValues: dataset.items.map { ($0.title, $0.point) })
        for (index, point) in expected.enumerated() {
            let found = try #require(byTitle["P\(index)"])
            #expect(ProjOracle.metres(found, point) < 0.01, "P\(index): \(ProjOracle.metres(found, point)) m off")
        }
    }

    @Test("JSON x and y by dotted path, with a PROJ string") func json() throws {
        let dataset = try TestDataset.load(
            #"[{"title": "A", "at": {"e": 2694000, "n": 236000}}]"#,
            "source: places.json\nx: at.e\ny: at.n\ncrs: \"+proj=lcc +lat_0=39.3333333333333 +lon_0=-77.75 +lat_1=40.9666666666667 +lat_2=39.9333333333333 +x_0=600000 +y_0=0 +ellps=GRS80 +units=us-ft +no_defs\""
        )
        let expected = try ProjOracle.lonLat([(2694000, 236000)], crs: "EPSG:2272")[0]
        // The PROJ string leaves out NAD83's datum shift: within a metre of EPSG:2272.
        #expect(ProjOracle.metres(try #require(dataset.items.first).point, expected) < 1)
    }

    @Test("x and y without crs are longitude and latitude; out of range, the error says to set crs")
    func withoutCRS() {
        #expect(
            TestDataset.error("title,e,n\nA,2694000,236000\n", "source: p.csv\nx: e\ny: n")
                == #"content/p.csv:2: column "e" and "n": expected a longitude in -180…180 and a latitude in -90…90, as there is no crs (set crs: to the coordinate system of projected coordinates, such as EPSG:2272), found "2694000.0, 236000.0""#
        )
        // Latitude 100° in NAD83 has no place in WGS 84.
        #expect(
            TestDataset.error("title,e,n\nA,-75,100\n", "source: p.csv\nx: e\ny: n\ncrs: EPSG:4269")
                == #"content/p.csv:2: column "e" and "n": expected coordinates that reproject from EPSG:4269 to WGS 84 longitude and latitude, found "-75.0, 100.0""#
        )
    }

    @Test("the settings' mistakes are errors of site.yml") func settings() {
        let cases: [(String, String)] = [
            ("source: p.csv\nx: e", "y\": expected the field of the y coordinate, as x and y come together"),
            (
                "source: p.csv\ncrs: EPSG:2272",
                #"x": expected the x and y fields whose coordinates are in the crs "EPSG:2272""#
            ),
            ("source: p.geojson\ncrs: EPSG:2272", "crs\": expected no crs for a GeoJSON dataset"),
            ("source: p.csv\nlayer: a", "layer\": expected no layer for a csv dataset (only GDAL sources have one)"),
            ("source: p.csv\nx: e\ny: n\nlatitude: lat", "latitude\": expected either x and y, or latitude, not both"),
        ]
        for (yaml, message) in cases {
            do {
                let config = try TestDataset.config(yaml)
                Issue.record("read \(config.name), expected \(message)")
            } catch let error as InputError {
                #expect(error.description.contains(": key \"datasets[0]." + message), "\(error.description)")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }
}
