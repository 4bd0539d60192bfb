import Foundation
import MapsiteTestSupport
import Testing

/// GIS sources as a user meets them (#31 points 4 and 5), each built by the `mapsite` binary from a
/// small content folder whose sources GDAL's own tools make (`ogr2ogr`, `ogrinfo` from
/// `gdal-bin`, which `make test-deps` installs) or that are written as text: OpenStreetMap
/// buildings cut at an extract's edge, files cut short or whose parts disagree, coordinate
/// systems GDAL cannot read, filters of more than one expression, damaged files.
@Suite("mapsite build: GIS sources as they come")
struct GISInputCommandTests {
    /// Runs `tool` in `directory`; its standard output and error. Fails when it is missing.
    @discardableResult
    private func run(_ tool: String, _ arguments: [String], in directory: String) throws -> (out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        try writeFiles([".out": "", ".err": ""], in: directory)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/.out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/.err"))
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        defer {
            try? FileManager.default.removeItem(atPath: directory + "/.out")
            try? FileManager.default.removeItem(atPath: directory + "/.err")
        }
        try #require(process.terminationStatus != 127, "\(tool) is missing: `make test-deps` installs gdal-bin")
        return (readText(directory + "/.out") ?? "", readText(directory + "/.err") ?? "")
    }

    /// Builds `content/` of `directory`, whose `site.yml` names one dataset of `settings`.
    private func build(_ directory: String, _ settings: String) throws -> CommandResult {
        let yaml = "title: GIS\nbase_url: https://example.org/\ndatasets:\n" + settings
        try writeFiles(["content/site.yml": yaml], in: directory)
        var result = try MapsiteBinary.run([
            "build", "--content", directory + "/content", "--output", directory + "/site",
        ])
        // Messages name the content folder as given: shown here as `content/`.
        for folder in [directory, URL(fileURLWithPath: directory).resolvingSymlinksInPath().path] {
            result.stdout = result.stdout.replacingOccurrences(of: folder + "/", with: "")
            result.stderr = result.stderr.replacingOccurrences(of: folder + "/", with: "")
        }
        return result
    }

    /// `mapsite build`'s warnings: its lines that start `warning: `.
    private func warnings(_ result: CommandResult) -> [String] {
        (result.stdout + result.stderr).split(separator: "\n").filter { $0.hasPrefix("warning: ") }.map {
            String($0.dropFirst("warning: ".count))
        }
    }

    /// The places of the GeoJSON download: title and geometry, by title.
    private func downloaded(_ directory: String, _ name: String) throws -> [String: NSDictionary] {
        let data = try #require(FileManager.default.contents(atPath: "\(directory)/site/downloads/\(name).geojson"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var places: [String: NSDictionary] = [:]
        for feature in try #require(root["features"] as? [[String: Any]]) {
            let properties = try #require(feature["properties"] as? [String: Any])
            places["\(properties["name"] ?? "")"] = try #require(feature["geometry"] as? NSDictionary)
        }
        return places
    }

    // MARK: Point 4: rings of fewer than four positions

    /// Two buildings of OpenStreetMap, whole; `osmium extract` cuts the second at the extract's
    /// edge (longitude 24.9405), as a city's extract cuts the buildings on its border.
    private let osm = """
        <?xml version='1.0' encoding='UTF-8'?>
        <osm version="0.6" generator="mapsite tests">
          <node id="1" version="1" lat="60.1700" lon="24.9350"/>
          <node id="2" version="1" lat="60.1700" lon="24.9360"/>
          <node id="3" version="1" lat="60.1705" lon="24.9360"/>
          <node id="4" version="1" lat="60.1705" lon="24.9350"/>
          <node id="11" version="1" lat="60.1710" lon="24.9400"/>
          <node id="12" version="1" lat="60.1710" lon="24.9410"/>
          <node id="13" version="1" lat="60.1715" lon="24.9410"/>
          <node id="14" version="1" lat="60.1715" lon="24.9400"/>
          <way id="100" version="1">
            <nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="1"/>
            <tag k="building" v="yes"/><tag k="name" v="Whole"/>
          </way>
          <way id="101" version="1">
            <nd ref="11"/><nd ref="12"/><nd ref="13"/><nd ref="14"/><nd ref="11"/>
            <tag k="building" v="yes"/><tag k="name" v="Cut"/>
          </way>
        </osm>

        """

    @Test(
        "an OpenStreetMap extract's building cut at its edge: an error naming it and skip_invalid; with it, the rest builds"
    )
    func clippedBuilding() throws {
        try withTemporaryDirectory { directory in
            try writeFiles(["city.osm": osm], in: directory)
            try FileManager.default.createDirectory(
                atPath: directory + "/content/data", withIntermediateDirectories: true)
            let pbf = "content/data/buildings.osm.pbf"
            try run(
                "osmium", ["extract", "-b", "24.93,60.16,24.9405,60.18", "-s", "simple", "city.osm", "-o", pbf],
                in: directory)
            // GDAL's own reading of the cut building: a ring of three positions.
            let info = try run("ogrinfo", ["-q", "-al", pbf, "multipolygons"], in: directory)
            #expect(info.out.contains("MULTIPOLYGON (((24.94 60.171,24.94 60.1715,24.94 60.171)))"), "\(info.out)")
            let settings =
                "  - name: buildings\n    source: data/buildings.osm.pbf\n    layer: multipolygons\n    item_title: name\n"
            let stopped = try build(directory, settings)
            #expect(stopped.status == 1)
            #expect(
                stopped.stderr.contains(
                    #"content/data/buildings.osm.pbf: layer "multipolygons", FID 101: geometry.coordinates[0][0]: expected a ring of at least 4 positions (rings of fewer, collapsed as where a shape is cut at an extract's edge, are dropped, and this feature has no other polygon; skip_invalid: true builds the site without such features, listing them), found "[[24.94, 60.171], [24.94, 60.1715], [24.94, 60.171]]""#
                ), "\(stopped.stderr)")
            let built = try build(directory, settings + "    skip_invalid: true\n")
            #expect(built.status == 0, "\(built.stderr)")
            // Listed as skipped, and left out of the site.
            let output = built.stdout + built.stderr
            #expect(
                output.contains(
                    "Skipped 1 invalid rows:\n  content/data/buildings.osm.pbf: layer \"multipolygons\", FID 101: "))
            #expect(try downloaded(directory, "buildings").keys.sorted() == ["Whole"])
        }
    }

    @Test("collapsed rings dropped, through GDAL and GeoJSON alike: one warning naming the features, the rest kept")
    func collapsedRings() throws {
        let geojson = """
            {"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"name": "Hole"}, "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[1, 1], [2, 1], [1, 1]]]}},
            {"type": "Feature", "properties": {"name": "Parts"}, "geometry": {"type": "MultiPolygon", "coordinates": [[[[10, 0], [11, 0], [10, 0]]], [[[20, 0], [22, 0], [22, 2], [20, 2], [20, 0]]]]}},
            {"type": "Feature", "properties": {"name": "Whole"}, "geometry": {"type": "Polygon", "coordinates": [[[30, 0], [31, 0], [31, 1], [30, 1], [30, 0]]]}}
            ]}
            """
        try withTemporaryDirectory { directory in
            try writeFiles(["shapes.geojson": geojson], in: directory)
            try FileManager.default.createDirectory(
                atPath: directory + "/content/data", withIntermediateDirectories: true)
            try run("ogr2ogr", ["-f", "GPKG", "content/data/shapes.gpkg", "shapes.geojson"], in: directory)
            // GDAL keeps the collapsed rings as written.
            let info = try run("ogrinfo", ["-q", "-al", "content/data/shapes.gpkg"], in: directory).out
            #expect(info.contains("POLYGON ((0 0,4 0,4 4,0 4,0 0),(1 1,2 1,1 1))"), "\(info)")
            #expect(info.contains("MULTIPOLYGON (((10 0,11 0,10 0)),((20 0,22 0,22 2,20 2,20 0)))"), "\(info)")
            try writeFiles(["content/data/shapes.geojson": geojson], in: directory)
            // Both in one site: the GeoPackage through GDAL, the GeoJSON through mapsite's reader.
            let result = try build(
                directory,
                "  - name: gpkg\n    source: data/shapes.gpkg\n    item_title: name\n"
                    + "  - name: json\n    source: data/shapes.geojson\n    item_title: name\n")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                warnings(result) == [
                    #"content/data/shapes.gpkg: layer "shapes": rings of fewer than 4 positions (collapsed, as where a shape is cut at an extract's edge) dropped from 2 features: FID 1, FID 2"#,
                    #"content/data/shapes.geojson: rings of fewer than 4 positions (collapsed, as where a shape is cut at an extract's edge) dropped from 2 features: feature 1, feature 2"#,
                ])
            for name in ["gpkg", "json"] {
                let places = try downloaded(directory, name)
                // What is left: the outer ring alone, the second part alone, the whole one as it was.
                #expect(
                    places["Hole"]?["coordinates"] as? [[[Double]]] == [[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]]],
                    "\(name)")
                #expect(places["Hole"]?["type"] as? String == "Polygon")
                let parts = places["Parts"]?["coordinates"] as? [[[[Double]]]]
                #expect(parts?.count == 1, "\(name)")
                #expect(Set(parts?.first?.first?.map { $0 } ?? []) == [[20, 0], [22, 0], [22, 2], [20, 2]])
                #expect(places["Whole"] != nil)
            }
        }
    }

    // MARK: Point 5: what the source declares, and what GDAL says

    @Test("a FlatGeobuf cut at a feature boundary: the count its header declares, and the count read")
    func truncatedFlatGeobuf() throws {
        try withTemporaryDirectory { directory in
            let features = (0..<100).map {
                #"{"type": "Feature", "properties": {"name": "P\#($0)"}, "geometry": {"type": "Point", "coordinates": [\#(Double($0) / 10), \#(Double($0) / 20)]}}"#
            }
            try writeFiles(
                [
                    "points.geojson": #"{"type": "FeatureCollection", "features": ["#
                        + features.joined(separator: ",\n") + "]}"
                ], in: directory)
            try run(
                "ogr2ogr", ["-f", "FlatGeobuf", "points.fgb", "points.geojson", "-lco", "SPATIAL_INDEX=NO"],
                in: directory)
            // The file: magic bytes (8), the header's size (4), the header, then each feature
            // after its size (4). Cut after the 50th.
            let bytes = [UInt8](try #require(FileManager.default.contents(atPath: directory + "/points.fgb")))
            func size(at offset: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) } }
            var end = 12 + size(at: 8)
            for _ in 0..<50 { end += 4 + size(at: end) }
            try FileManager.default.createDirectory(
                atPath: directory + "/content/data", withIntermediateDirectories: true)
            try Data(bytes[..<end]).write(to: URL(fileURLWithPath: directory + "/content/data/points.fgb"))
            // GDAL reads 50 features without a word, its header saying 100.
            let info = try run("ogrinfo", ["-so", "-al", "content/data/points.fgb"], in: directory)
            #expect(info.out.contains("Feature Count: 100") && info.err.isEmpty, "\(info)")
            let read = try run("ogrinfo", ["-q", "-al", "content/data/points.fgb"], in: directory).out
            #expect(read.components(separatedBy: "OGRFeature(points)").count - 1 == 50)
            let settings = "  - source: data/points.fgb\n    item_title: name\n"
            let result = try build(directory, settings)
            #expect(result.status == 1)
            #expect(
                result.stderr.contains(
                    #"content/data/points.fgb: layer "points": expected the 100 features the source declares (fewer are read from a file cut short, or from parts that disagree), found "50 features""#
                ), "\(result.stderr)")
        }
    }

    /// The Shapefile `content/data/<name>.shp` of `shapes` points whose `.dbf` has `records`
    /// records: both made by ogr2ogr from `points.geojson`, the `.dbf` of another.
    private func mismatchedShapefile(_ name: String, shapes: Int, records: Int, in directory: String) throws {
        let features = (0..<max(shapes, records)).map {
            #"{"type": "Feature", "properties": {"name": "P\#($0)"}, "geometry": {"type": "Point", "coordinates": [\#($0), 1]}}"#
        }
        try writeFiles(
            [
                "points.geojson": #"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ",")
                    + "]}"
            ],
            in: directory)
        try FileManager.default.createDirectory(atPath: directory + "/content/data", withIntermediateDirectories: true)
        try run(
            "ogr2ogr", ["-f", "ESRI Shapefile", "content/data/\(name).shp", "points.geojson", "-limit", "\(shapes)"],
            in: directory)
        try run(
            "ogr2ogr", ["-f", "ESRI Shapefile", "other.shp", "points.geojson", "-limit", "\(records)", "-overwrite"],
            in: directory)
        try FileManager.default.removeItem(atPath: directory + "/content/data/\(name).dbf")
        try FileManager.default.copyItem(
            atPath: directory + "/other.dbf", toPath: directory + "/content/data/\(name).dbf")
    }

    @Test("a .shp of 5 shapes with a .dbf of 3 records, and 3 with 5: an error naming the .dbf")
    func mismatchedParts() throws {
        try withTemporaryDirectory { directory in
            let cases = [("five", 5, 3), ("three", 3, 5)]
            var settings = ""
            for (name, shapes, records) in cases {
                try mismatchedShapefile(name, shapes: shapes, records: records, in: directory)
                // GDAL reads the smaller number of places, without a word.
                let read = try run("ogrinfo", ["-q", "-al", "content/data/\(name).shp"], in: directory)
                #expect(read.out.components(separatedBy: "OGRFeature(\(name))").count - 1 == 3)
                #expect(read.err.isEmpty)
                settings += "  - source: data/\(name).shp\n    item_title: name\n"
            }
            let result = try build(directory, settings)
            #expect(result.status == 1)
            for (name, shapes, records) in cases {
                #expect(
                    result.stderr.contains(
                        "content/data/\(name).dbf: expected \(shapes) records, one for each shape of "
                            + "content/data/\(name).shp (GDAL would read 3 places, dropping the rest), "
                            + "found \"\(records) records\""), "\(result.stderr)")
            }
            // skip_invalid: the places that can be read, and the same as warnings.
            let skipped = try build(
                directory, settings.replacingOccurrences(of: "name\n", with: "name\n    skip_invalid: true\n"))
            #expect(skipped.status == 0, "\(skipped.stderr)")
            for (name, shapes, _) in cases {
                #expect(
                    warnings(skipped).contains { $0.hasPrefix("content/data/\(name).dbf: expected \(shapes) records") })
                #expect(try downloaded(directory, name).count == 3)
            }
        }
    }

    @Test("a binary .prj: an error naming it, not a Shapefile without a coordinate system")
    func garbagePrj() throws {
        try withTemporaryDirectory { directory in
            try mismatchedShapefile("places", shapes: 3, records: 3, in: directory)
            var garbage = Data((0..<200).map { UInt8(($0 * 37 + 11) % 256) })
            garbage[0] = 0x7F
            try garbage.write(to: URL(fileURLWithPath: directory + "/content/data/places.prj"))
            let settings = "  - source: data/places.shp\n    item_title: name\n"
            let result = try build(directory, settings)
            #expect(result.status == 1)
            #expect(
                result.stderr.contains(
                    #"content/data/places.prj: expected the coordinate system of content/data/places.shp as WKT; or crs: in site.yml to set the system instead, found "200 bytes that are not text""#
                ), "\(result.stderr)")
            #expect(!result.stderr.contains("ERROR 1"))
        }
    }

    @Test("a GeoPackage whose srs has WKT GDAL cannot read: an error naming the file, the layer and GDAL's reasons")
    func badGeoPackageSystem() throws {
        try withTemporaryDirectory { directory in
            try writeFiles(
                [
                    "a.geojson":
                        #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "A"}, "geometry": {"type": "Point", "coordinates": [2694000, 236000]}}]}"#
                ], in: directory)
            try FileManager.default.createDirectory(
                atPath: directory + "/content/data", withIntermediateDirectories: true)
            let gpkg = "content/data/parcels.gpkg"
            try run(
                "ogr2ogr", ["-f", "GPKG", gpkg, "a.geojson", "-a_srs", "EPSG:2272", "-nln", "parcels"], in: directory)
            try run(
                "ogrinfo",
                [
                    gpkg, "-sql",
                    "UPDATE gpkg_spatial_ref_sys SET definition = 'nonsense', organization = 'local', "
                        + "organization_coordsys_id = 1 WHERE srs_id = 2272",
                ], in: directory)
            // GDAL itself: a warning, then the layer without a system.
            let info = try run("ogrinfo", ["-so", gpkg, "parcels"], in: directory)
            #expect(info.err.contains("Unable to parse srs_id '2272' well-known text 'nonsense'"), "\(info.err)")
            let result = try build(directory, "  - source: data/parcels.gpkg\n    item_title: name\n")
            #expect(result.status == 1)
            #expect(
                result.stderr.contains(
                    #"content/data/parcels.gpkg: layer "parcels": expected a layer GDAL reads (GDAL: "#),
                "\(result.stderr)")
            #expect(result.stderr.contains("Unable to parse srs_id '2272' well-known text 'nonsense')"))
            #expect(!result.stderr.contains("ERROR 1"))
        }
    }

    @Test("where: of two statements refused naming the key; a where matching nothing warns")
    func filters() throws {
        try withTemporaryDirectory { directory in
            try writeFiles(
                [
                    "a.geojson":
                        #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "A", "kind": "park"}, "geometry": {"type": "Point", "coordinates": [1, 2]}}]}"#
                ], in: directory)
            try FileManager.default.createDirectory(
                atPath: directory + "/content/data", withIntermediateDirectories: true)
            try run("ogr2ogr", ["-f", "GPKG", "content/data/parks.gpkg", "a.geojson", "-nln", "parks"], in: directory)
            let settings = "  - source: data/parks.gpkg\n    item_title: name\n"
            let two = try build(directory, settings + "    where: \"1=1; DROP TABLE data\"\n")
            #expect(two.status == 1)
            #expect(
                two.stderr.contains(
                    #"content/site.yml:6: key "datasets[0].where": expected one expression, such as kind = 'park' (GDAL would drop the text after a ; without a word), found "1=1; DROP TABLE data""#
                ), "\(two.stderr)")
            let comment = try build(directory, settings + "    where: \"kind = 'park' -- and more\"\n")
            #expect(comment.status == 1)
            #expect(comment.stderr.contains("GDAL would drop the text after --, which starts a comment"))
            // A ; inside quotes is text; a where matching nothing warns. Both in one site.
            let none = try build(
                directory,
                "  - name: quoted\n    source: data/parks.gpkg\n    where: \"kind = 'a;b' OR 1=1\"\n"
                    + "  - name: none\n    source: data/parks.gpkg\n    where: \"kind = 'pond'\"\n")
            #expect(none.status == 0, "\(none.stderr)")
            #expect(try downloaded(directory, "quoted").count == 1)
            #expect(
                warnings(none) == [
                    #"content/data/parks.gpkg: layer "parks": no feature matches where "kind = 'pond'" (of its 1): the dataset has no places"#
                ])
        }
    }

    @Test("a .vrt naming a layer its source lacks: an error naming the layer")
    func vrtMissingLayer() throws {
        try withTemporaryDirectory { directory in
            let vrt = """
                <OGRVRTDataSource>
                  <OGRVRTLayer name="parks">
                    <SrcDataSource relativeToVRT="1">parks.geojson</SrcDataSource>
                    <SrcLayer>ponds</SrcLayer>
                  </OGRVRTLayer>
                </OGRVRTDataSource>
                """
            try writeFiles(
                [
                    "content/data/parks.vrt": vrt,
                    "content/data/parks.geojson":
                        #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "A"}, "geometry": {"type": "Point", "coordinates": [1, 2]}}]}"#,
                ], in: directory)
            let result = try build(directory, "  - source: data/parks.vrt\n    format: gdal\n    item_title: name\n")
            #expect(result.status == 1)
            #expect(
                result.stderr.contains(
                    #"content/data/parks.vrt: layer "parks": expected a layer GDAL reads (GDAL: Failed to find layer 'ponds' on datasource 'content/data/parks.geojson'.), found "a layer GDAL cannot read""#
                ), "\(result.stderr)")
        }
    }

    @Test("a KML cut short: GDAL's whole reason, with its line and offset, as ogrinfo gives it")
    func brokenKML() throws {
        try withTemporaryDirectory { directory in
            let placemarks = (0..<100).map {
                "<Placemark><name>P\($0)</name><Point><coordinates>\($0),1</coordinates></Point></Placemark>"
            }
            let kml =
                #"<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>"#
                + placemarks.joined(separator: "\n") + "</Document></kml>\n"
            try writeFiles(["content/data/walk.kml": String(kml.prefix(4300))], in: directory)
            let oracle = try run("ogrinfo", ["-so", "content/data/walk.kml"], in: directory).err
            // `ERROR 4: ERROR parsing kml content/data/walk.kml :unclosed token on line 47 at offset 6`
            let reason = try #require(
                oracle.split(separator: "\n").first { $0.contains("ERROR parsing kml") }.map {
                    String($0.drop(while: { $0 != ":" }).dropFirst(2))
                })
            #expect(reason.contains(" on line ") && reason.contains(" at offset "), "\(oracle)")
            let result = try build(directory, "  - source: data/walk.kml\n    item_title: name\n")
            #expect(result.status == 1)
            #expect(
                result.stderr.contains(
                    "content/data/walk.kml: expected a vector data source GDAL reads, such as a Shapefile, GeoPackage, "
                        + "KML or GPX file (GDAL: \(reason)), found \"a file GDAL cannot open\""), "\(result.stderr)")
        }
    }

    @Test(
        "a FlatGeobuf with a broken header, and a GeoPackage geometry blob: GDAL's reason, not 'no layer' or 'no geometry'"
    )
    func damaged() throws {
        try withTemporaryDirectory { directory in
            let features = (1...3).map {
                #"{"type": "Feature", "properties": {"name": "P\#($0)"}, "geometry": {"type": "Point", "coordinates": [\#($0), 1]}}"#
            }
            try writeFiles(
                ["a.geojson": #"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ",") + "]}"],
                in: directory)
            try FileManager.default.createDirectory(
                atPath: directory + "/content/data", withIntermediateDirectories: true)
            try run("ogr2ogr", ["-f", "FlatGeobuf", "a.fgb", "a.geojson"], in: directory)
            var fgb = [UInt8](try #require(FileManager.default.contents(atPath: directory + "/a.fgb")))
            // The header's size, past any GDAL reads.
            for index in 8..<12 { fgb[index] = 0xFF }
            try Data(fgb).write(to: URL(fileURLWithPath: directory + "/content/data/broken.fgb"))
            let fgbResult = try build(directory, "  - source: data/broken.fgb\n    item_title: name\n")
            #expect(fgbResult.status == 1)
            #expect(!fgbResult.stderr.contains("it has none"))
            #expect(
                fgbResult.stderr.contains(
                    #"content/data/broken.fgb: expected a vector data source GDAL reads whole (GDAL: "#),
                "\(fgbResult.stderr)")

            let gpkg = "content/data/blobs.gpkg"
            try run("ogr2ogr", ["-f", "GPKG", gpkg, "a.geojson", "-nln", "blobs"], in: directory)
            try run(
                "ogrinfo", [gpkg, "-sql", "UPDATE blobs SET geom = X'4750000100000000DEADBEEF' WHERE fid = 2"],
                in: directory)
            let info = try run("ogrinfo", ["-q", "-al", gpkg], in: directory)
            #expect(info.err.contains("Unable to read geometry"), "\(info.err)")
            let blobResult = try build(directory, "  - source: data/blobs.gpkg\n    item_title: name\n")
            #expect(blobResult.status == 1)
            #expect(
                blobResult.stderr.contains(
                    #"content/data/blobs.gpkg: layer "blobs", FID 2: geometry: expected a geometry GDAL reads (GDAL: Unable to read geometry), found "one GDAL cannot read""#
                ), "\(blobResult.stderr)")
        }
    }

    @Test("an absolute source: read where it is")
    func absoluteSource() throws {
        try withTemporaryDirectory { directory in
            try writeFiles(
                [
                    "elsewhere/a.geojson":
                        #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "A"}, "geometry": {"type": "Point", "coordinates": [1, 2]}}]}"#
                ], in: directory)
            try run("ogr2ogr", ["-f", "GPKG", "elsewhere/parks.gpkg", "elsewhere/a.geojson"], in: directory)
            let absolute = URL(fileURLWithPath: directory).standardizedFileURL.path
            let result = try build(
                directory,
                "  - name: parks\n    source: \(absolute)/elsewhere/parks.gpkg\n    item_title: name\n"
                    + "  - name: spots\n    source: \(absolute)/elsewhere/a.geojson\n    item_title: name\n")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try downloaded(directory, "parks").keys.sorted() == ["A"])
            #expect(try downloaded(directory, "spots").keys.sorted() == ["A"])
        }
    }
}
