import MapsiteGeo
import Testing

@testable import MapsiteCore

/// Two parks in Pennsylvania South state plane feet (EPSG:2272), near City Hall, Philadelphia.
private let parks = GISFixture.featureCollection([
    (
        #"{"name": "Park A", "acres": 6.5, "visits": 1200, "opened": "1682-10-27", "open": true, "seen": "2024-05-01T14:30:00Z"}"#,
        #"{"type": "Polygon", "coordinates": [[[2694000, 236000], [2694500, 236000], [2694500, 236400], [2694000, 236400], [2694000, 236000]]]}"#
    ),
    (
        #"{"name": "Park B", "acres": 2, "visits": null, "opened": null, "open": false, "seen": null}"#,
        #"{"type": "Polygon", "coordinates": [[[2690000, 234000], [2690300, 234000], [2690300, 234300], [2690000, 234000]]]}"#
    ),
])

/// The parks' vertices in feet, in the order the tests read them.
private let parkFeet: [[(x: Double, y: Double)]] = [
    [(2694000, 236000), (2694500, 236000), (2694500, 236400), (2694000, 236400), (2694000, 236000)],
    [(2690000, 234000), (2690300, 234000), (2690300, 234300), (2690000, 234000)],
]

/// Checks that every vertex of `items`' shapes lies within 1 cm of where pyproj puts a vertex of
/// `feet`, and each of those has one there (a Shapefile turns rings round, so not in order).
private func expectReprojected(_ items: [Item], _ feet: [[(x: Double, y: Double)]], crs: String) throws {
    #expect(items.count == feet.count)
    for (item, vertices) in zip(items, feet) {
        let expected = try ProjOracle.lonLat(vertices, crs: crs)
        let found = try #require(item.geometry).allPoints
        #expect(found.count == expected.count)
        for (one, other) in [(found, expected), (expected, found)] {
            for point in one {
                let nearest = other.map { ProjOracle.metres(point, $0) }.min() ?? .infinity
                #expect(nearest < 0.01, "\(item.title): \(point) is \(nearest) m from the nearest")
            }
        }
    }
}

@Suite("GDALLoader: every format GDAL reads, reprojected to WGS 84")
struct GDALFormatTests {
    @Test("a Shapefile with a .prj in EPSG:2272: fields typed, shapes within 1 cm of pyproj") func shapefile() throws {
        let dataset = try GISFixture.load(
            files: ["parks.geojson": parks],
            commands: [["ogr2ogr", "-f", "ESRI Shapefile", "parks.shp", "parks.geojson", "-a_srs", "EPSG:2272"]],
            "source: parks.shp\nitem_title: name\nid: fid\nfields: [acres, visits, opened, open]")
        #expect(dataset.items.map(\.title) == ["Park A", "Park B"])
        #expect(dataset.items.map(\.id) == ["0", "1"])
        #expect(dataset.items[0].values == ["6.5", "1200", "1682-10-27", "1"])
        #expect(dataset.items[1].values == ["2", "", "", "0"])
        try expectReprojected(dataset.items, parkFeet, crs: "EPSG:2272")
        // The representative point lies inside the reprojected square.
        let square = try #require(dataset.items[0].geometry?.polygons.first)
        #expect(square.contains(dataset.items[0].point))
    }

    @Test("a GeoPackage: booleans, dates and date-times typed; layer and where pick the features")
    func geoPackage() throws {
        let yaml = "source: parks.gpkg\nlayer: parks\nitem_title: name\nfields: [acres, visits, opened, open, seen]"
        let commands = [
            ["ogr2ogr", "-f", "GPKG", "parks.gpkg", "parks.geojson", "-a_srs", "EPSG:2272", "-nln", "parks"],
            ["ogr2ogr", "-update", "-f", "GPKG", "parks.gpkg", "parks.geojson", "-a_srs", "EPSG:2272", "-nln", "more"],
        ]
        let dataset = try GISFixture.load(files: ["parks.geojson": parks], commands: commands, yaml)
        #expect(dataset.items.map(\.title) == ["Park A", "Park B"])
        #expect(dataset.items[0].values == ["6.5", "1200", "1682-10-27", "true", "2024-05-01T14:30:00Z"])
        #expect(dataset.items[1].values == ["2", "", "", "false", ""])
        try expectReprojected(dataset.items, parkFeet, crs: "EPSG:2272")
        let filtered = try GISFixture.load(
            files: ["parks.geojson": parks], commands: commands, yaml + "\nwhere: visits > 100 AND open")
        #expect(filtered.items.map(\.title) == ["Park A"])
    }

    @Test("KML, in WGS 84: points and lines, Name read as name") func kml() throws {
        let places = GISFixture.featureCollection([
            (#"{"name": "City Hall"}"#, #"{"type": "Point", "coordinates": [-75.1635, 39.9524]}"#),
            (#"{"name": "Walk"}"#, #"{"type": "LineString", "coordinates": [[-75.16, 39.95], [-75.15, 39.96]]}"#),
        ])
        let dataset = try GISFixture.load(
            files: ["places.geojson": places], commands: [["ogr2ogr", "-f", "KML", "places.kml", "places.geojson"]],
            "source: places.kml\nitem_title: name\nid: fid")
        #expect(dataset.items.map(\.title) == ["City Hall", "Walk"])
        #expect(dataset.items[0].point == GeoPoint(latitude: 39.9524, longitude: -75.1635))
        #expect(dataset.items[0].geometry == nil)
        #expect(
            dataset.items[1].geometry
                == .lineString([
                    GeoPoint(latitude: 39.95, longitude: -75.16), GeoPoint(latitude: 39.96, longitude: -75.15),
                ]))
    }

    @Test("GPX: waypoints as points, routes as lines, tracks as multilines") func gpx() throws {
        let files = ["walk.gpx": walkGPX]
        func load(_ layer: String) throws -> Dataset {
            try GISFixture.load(
                files: files, commands: [], "source: walk.gpx\nlayer: \(layer)\nitem_title: name\nid: fid")
        }
        let waypoints = try load("waypoints")
        #expect(waypoints.items.map(\.title) == ["Battery Park", "Wall Street"])
        #expect(
            waypoints.items.map(\.point) == [
                GeoPoint(latitude: 40.7033, longitude: -74.017), GeoPoint(latitude: 40.7064, longitude: -74.0094),
            ])
        let route = try #require(try load("routes").items.first)
        #expect(route.title == "To the ferry")
        #expect(route.geometry?.typeName == "LineString")
        #expect(route.geometry?.allPoints.count == 3)
        let track = try #require(try load("tracks").items.first)
        #expect(track.title == "Morning walk")
        #expect(track.geometry?.lines.map(\.count) == [3, 2])
        #expect(try load("track_points").items.count == 5)
    }

    @Test("FlatGeobuf in Web Mercator: lines within 1 cm of pyproj") func flatGeobuf() throws {
        let metres: [[(x: Double, y: Double)]] = [
            [(-8_367_000, 4_858_000), (-8_366_500, 4_858_600), (-8_366_000, 4_858_700)],
            [(-8_240_000, 4_970_000), (-8_239_000, 4_971_000)],
        ]
        let features = metres.enumerated().map { index, line in
            (
                #"{"name": "Line \#(index + 1)"}"#,
                #"{"type": "LineString", "coordinates": ["# + line.map { "[\($0.x), \($0.y)]" }.joined(separator: ", ")
                    + "]}"
            )
        }
        let dataset = try GISFixture.load(
            files: ["lines.geojson": GISFixture.featureCollection(features)],
            commands: [["ogr2ogr", "-f", "FlatGeobuf", "lines.fgb", "lines.geojson", "-a_srs", "EPSG:3857"]],
            "source: lines.fgb\nitem_title: name\nid: name")
        #expect(dataset.items.map(\.title) == ["Line 1", "Line 2"])
        try expectReprojected(dataset.items, metres, crs: "EPSG:3857")
    }

    @Test(
        "OpenStreetMap XML and PBF: tagged nodes, ways as lines, closed buildings as multipolygons",
        arguments: ["hall.osm", "hall.osm.pbf"])
    func osm(source: String) throws {
        // The PBF file is the XML one converted by Debian's osmium-tool.
        let convert = source == "hall.osm" ? [] : [["osmium", "cat", "hall.osm", "--output", source]]
        func load(_ layer: String) throws -> Dataset {
            try GISFixture.load(
                files: ["hall.osm": hallOSM], commands: convert,
                "source: \(source)\nlayer: \(layer)\nitem_title: name\nid: fid")
        }
        let points = try load("points")
        #expect(points.items.map(\.title) == ["City Hall"])
        // PBF keeps degrees as whole multiples of 1e-7.
        #expect(abs(points.items[0].point.latitude - 39.9524) < 1e-9)
        #expect(abs(points.items[0].point.longitude - -75.1635) < 1e-9)
        let lines = try load("lines")
        #expect(lines.items.map(\.title) == ["Path"])
        #expect(lines.items[0].geometry?.allPoints.count == 3)
        let buildings = try load("multipolygons")
        #expect(buildings.items.map(\.title) == ["Hall"])
        #expect(buildings.items[0].geometry?.typeName == "MultiPolygon")
    }

    @Test("format: gdal reads a GeoJSON file with an old crs member, reprojected") func geoJSONWithCRS() throws {
        let named = parks.replacingOccurrences(
            of: #"{"type": "FeatureCollection", "#,
            with: #"{"type": "FeatureCollection", "crs": {"type": "name", "properties": {"name": "EPSG:2272"}}, "#)
        let dataset = try GISFixture.load(
            files: ["parks.geojson": named], commands: [], "source: parks.geojson\nformat: gdal\nitem_title: name")
        #expect(dataset.items.map(\.title).sorted() == ["Park A", "Park B"])
        try expectReprojected(dataset.items.sorted { $0.title < $1.title }, parkFeet, crs: "EPSG:2272")
    }

    @Test("a Shapefile in a .zip is read inside the archive") func zippedShapefile() throws {
        let dataset = try GISFixture.load(
            files: ["parks.geojson": parks],
            commands: [
                ["ogr2ogr", "-f", "ESRI Shapefile", "parks.shp", "parks.geojson", "-a_srs", "EPSG:2272"],
                ["python3", "-m", "zipfile", "-c", "parks.zip", "parks.shp", "parks.shx", "parks.dbf", "parks.prj"],
                ["rm", "parks.shp", "parks.shx", "parks.dbf", "parks.prj"],
            ],
            "source: parks.zip\nitem_title: name\nid: fid")
        #expect(dataset.items.map(\.title) == ["Park A", "Park B"])
        try expectReprojected(dataset.items, parkFeet, crs: "EPSG:2272")
    }
}

/// Two waypoints, a route of three points and a track of two segments in Lower Manhattan.
let walkGPX = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="mapsite tests" xmlns="http://www.topografix.com/GPX/1/1">
      <wpt lat="40.7033" lon="-74.0170"><ele>3</ele><name>Battery Park</name></wpt>
      <wpt lat="40.7064" lon="-74.0094"><name>Wall Street</name></wpt>
      <rte><name>To the ferry</name>
        <rtept lat="40.7064" lon="-74.0094"/><rtept lat="40.7040" lon="-74.0120"/><rtept lat="40.7013" lon="-74.0132"/>
      </rte>
      <trk><name>Morning walk</name>
        <trkseg>
          <trkpt lat="40.7033" lon="-74.0170"><ele>3</ele><time>2024-05-01T09:00:00Z</time></trkpt>
          <trkpt lat="40.7045" lon="-74.0140"><ele>4</ele><time>2024-05-01T09:05:00Z</time></trkpt>
          <trkpt lat="40.7064" lon="-74.0094"><ele>5</ele><time>2024-05-01T09:12:00Z</time></trkpt>
        </trkseg>
        <trkseg>
          <trkpt lat="40.7070" lon="-74.0110"/><trkpt lat="40.7080" lon="-74.0100"/>
        </trkseg>
      </trk>
    </gpx>
    """

/// City Hall as a tagged node, a footway and a closed building way.
let hallOSM = """
    <?xml version="1.0" encoding="UTF-8"?>
    <osm version="0.6" generator="mapsite tests">
      <node id="1" lat="39.9524" lon="-75.1635" version="1"><tag k="amenity" v="townhall"/><tag k="name" v="City Hall"/></node>
      <node id="2" lat="39.9500" lon="-75.1600" version="1"/>
      <node id="3" lat="39.9510" lon="-75.1600" version="1"/>
      <node id="4" lat="39.9510" lon="-75.1590" version="1"/>
      <node id="5" lat="39.9500" lon="-75.1590" version="1"/>
      <way id="10" version="1"><nd ref="2"/><nd ref="3"/><nd ref="4"/><tag k="highway" v="footway"/><tag k="name" v="Path"/></way>
      <way id="11" version="1"><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="5"/><nd ref="2"/><tag k="building" v="yes"/><tag k="name" v="Hall"/></way>
    </osm>
    """
