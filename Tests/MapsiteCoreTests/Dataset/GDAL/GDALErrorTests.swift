import MapsiteGeo
import Testing

@testable import MapsiteCore

/// Shapes written as WKT in a CSV file, turned into a GeoPackage layer `shapes` by ogr2ogr, which
/// keeps them as written: unclosed rings, empty and mixed collections included.
private func geoPackage(_ rows: [(name: String, wkt: String)], srs: String = "EPSG:4326") -> (
    files: [String: String], commands: [[String]]
) {
    let csv = "name,wkt\n" + rows.map { "\($0.name),\"\($0.wkt)\"" }.joined(separator: "\n") + "\n"
    let command = [
        "ogr2ogr", "-f", "GPKG", "shapes.gpkg", "shapes.csv", "-oo", "GEOM_POSSIBLE_NAMES=wkt", "-oo",
        "KEEP_GEOM_COLUMNS=NO", "-a_srs", srs, "-nln", "shapes",
    ]
    return (["shapes.csv": csv], [command])
}

private let yaml = "source: shapes.gpkg\nitem_title: name\nid: fid"

private func errors(
    _ rows: [(name: String, wkt: String)], srs: String = "EPSG:4326", _ yaml: String = yaml,
    sourceLocation: SourceLocation = #_sourceLocation
) -> [String] {
    let source = geoPackage(rows, srs: srs)
    return GISFixture.errors(files: source.files, commands: source.commands, yaml, sourceLocation: sourceLocation)
}

@Suite("GDALLoader: errors name the file, the layer, the feature and the field")
struct GDALErrorTests {
    private let prefix = "content/shapes.gpkg: layer \"shapes\", "

    @Test("a multi-layer source without layer, or with a wrong one: the layers listed") func layers() {
        let parks = GISFixture.featureCollection([(#"{"name": "A"}"#, #"{"type": "Point", "coordinates": [1, 2]}"#)])
        let commands = [
            ["ogr2ogr", "-f", "GPKG", "two.gpkg", "parks.geojson", "-nln", "parks"],
            ["ogr2ogr", "-update", "-f", "GPKG", "two.gpkg", "parks.geojson", "-nln", "ponds"],
        ]
        let listed = #"one of "parks" (1 features), "ponds" (1 features)"#
        #expect(
            GISFixture.errors(files: ["parks.geojson": parks], commands: commands, "source: two.gpkg")
                == [
                    #"content/two.gpkg: key "layer": expected a layer to read: \#(listed), found "2 layers and no layer key""#
                ])
        #expect(
            GISFixture.errors(files: ["parks.geojson": parks], commands: commands, "source: two.gpkg\nlayer: lakes")
                == [#"content/two.gpkg: key "layer": expected a layer of the source: \#(listed), found "lakes""#])
    }

    @Test("a where GDAL cannot read") func badWhere() {
        let found = errors([("A", "POINT (1 2)")], yaml + "\nwhere: name = = 'A'")
        #expect(found.count == 1)
        #expect(
            found.first?.hasPrefix(
                #"content/shapes.gpkg: layer "shapes": key "where": expected an attribute filter GDAL reads, such as kind = 'park' ("#
            ) == true)
        #expect(found.first?.hasSuffix(#"found "name = = 'A'""#) == true)
    }

    @Test("projected coordinates without a coordinate system: set crs") func noSystem() throws {
        let parks = GISFixture.featureCollection([
            (#"{"name": "A"}"#, #"{"type": "Point", "coordinates": [2694000, 236000]}"#)
        ])
        // A Shapefile whose .prj is gone has no system.
        let commands = [
            ["ogr2ogr", "-f", "ESRI Shapefile", "parks.shp", "parks.geojson", "-a_srs", "EPSG:2272"],
            ["rm", "parks.prj"],
        ]
        #expect(
            GISFixture.errors(
                files: ["parks.geojson": parks], commands: commands, "source: parks.shp\nitem_title: name")
                == [
                    #"content/parks.shp: layer "parks", FID 0: geometry: expected longitudes and latitudes within -180…180 and -90…90, as the source has no coordinate system (set crs: to the system of its coordinates, such as EPSG:2272), found "[2694000, 236000]""#
                ])
        // With crs, the same file loads, where pyproj puts it.
        let dataset = try GISFixture.load(
            files: ["parks.geojson": parks], commands: commands, "source: parks.shp\nitem_title: name\ncrs: EPSG:2272")
        let expected = try ProjOracle.lonLat([(2694000, 236000)], crs: "EPSG:2272")[0]
        #expect(ProjOracle.metres(try #require(dataset.items.first).point, expected) < 0.01)
    }

    @Test("a crs GDAL does not know is an error of site.yml") func badCRS() {
        #expect(throws: InputError.self) { try TestDataset.config("source: a.gpkg\ncrs: EPSG:999999") }
        do {
            _ = try TestDataset.config("source: a.gpkg\ncrs: EPSG:999999")
        } catch let error as InputError {
            #expect(
                error.description.hasPrefix(
                    "site.yml:4: key \"datasets[0].crs\": expected a coordinate system GDAL knows, such as EPSG:2272 (")
            )
            #expect(error.description.hasSuffix(#"found "EPSG:999999""#))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("positions that do not reproject") func unreprojectable() {
        // Latitude 100° in a geographic system other than WGS 84 (NAD83) has no place.
        #expect(
            errors([("Far", "POINT (-75 100)")], srs: "EPSG:4269")
                == [
                    prefix
                        + #"FID 1: geometry: expected positions that reproject from EPSG:4269 to WGS 84 longitude and latitude, found "[-75, 100]""#
                ])
    }

    @Test("GeometryCollections: of one kind read as its Multi kind, mixed ones an error") func collections() throws {
        let source = geoPackage([
            ("Two squares", "GEOMETRYCOLLECTION (POLYGON ((0 0,1 0,1 1,0 1,0 0)),POLYGON ((5 5,6 5,6 6,5 6,5 5)))"),
            ("Mixed", "GEOMETRYCOLLECTION (POINT (1 2),LINESTRING (0 0,1 1))"),
        ])
        #expect(
            GISFixture.errors(files: source.files, commands: source.commands, yaml)
                == [
                    prefix
                        + #"FID 2: geometry: expected a Point, MultiPoint, LineString, MultiLineString, Polygon or MultiPolygon (a GeometryCollection only when its members are all points, all lines or all polygons), found "a GeometryCollection of lines and points""#
                ])
        let dataset = try GISFixture.load(files: source.files, commands: source.commands, yaml + "\nskip_invalid: true")
        #expect(dataset.items.map(\.title) == ["Two squares"])
        #expect(dataset.items[0].geometry?.polygons.count == 2)
        #expect(dataset.skipped.count == 1)
    }

    @Test("empty geometries, unclosed rings, short lines, NaN: errors naming the feature and position")
    func badShapes() {
        let found = errors([
            ("Empty", "POLYGON EMPTY"),
            ("Open", "POLYGON ((0 0,1 0,1 1,0 1))"),
            ("Short", "MULTILINESTRING ((0 0,1 1),(2 2))"),
        ])
        #expect(
            found == [
                prefix + #"FID 1: geometry: expected a geometry with coordinates, found "an empty POLYGON""#,
                prefix
                    + #"FID 2: geometry.coordinates[0]: expected a closed ring: its last position the same as its first, found "[0, 0] … [0, 1]""#,
                prefix + #"FID 3: geometry.coordinates[1]: expected a list of at least 2 positions, found "[[2, 2]]""#,
            ])
        // JSON has no NaN, but GDAL's GeoJSON reader takes one, and a GeoPackage keeps it.
        let nan = GISFixture.featureCollection([
            (#"{"name": "NaN"}"#, #"{"type": "LineString", "coordinates": [[0, 0], [NaN, 1]]}"#)
        ])
        #expect(
            GISFixture.errors(
                files: ["nan.geojson": nan], commands: [["ogr2ogr", "-f", "GPKG", "nan.gpkg", "nan.geojson"]],
                "source: nan.gpkg\nitem_title: name")
                == [
                    #"content/nan.gpkg: layer "nan", FID 1: geometry.coordinates[1]: expected a position of two finite numbers, found "[nan, 1]""#
                ])
    }

    @Test("Z and M are dropped, curves made lines") func dimensions() throws {
        let source = geoPackage([
            ("ZM", "LINESTRING ZM (0 0 5 1,1 1 6 2)"),
            ("Arc", "CIRCULARSTRING (0 0,1 1,2 0)"),
        ])
        let dataset = try GISFixture.load(files: source.files, commands: source.commands, yaml)
        #expect(
            dataset.items[0].geometry
                == .lineString([GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 1, longitude: 1)]))
        // The arc through (1, 1) as many short edges, each vertex on the unit circle round (1, 0).
        let arc = try #require(dataset.items[1].geometry?.allPoints)
        #expect(arc.count > 10)
        for point in arc {
            let radius = ((point.longitude - 1) * (point.longitude - 1) + point.latitude * point.latitude).squareRoot()
            #expect(abs(radius - 1) < 1e-9)
        }
    }

    @Test("a polygon crossing itself is repaired by GEOS, with a warning naming it") func bowTie() throws {
        let source = geoPackage([("Bow tie", "POLYGON ((0 0,2 2,2 0,0 2,0 0))")])
        let dataset = try GISFixture.load(files: source.files, commands: source.commands, yaml)
        let shape = try #require(dataset.items.first?.geometry)
        #expect(shape.polygons.count == 2)
        #expect(
            dataset.warnings == [
                prefix + "FID 1: a polygon whose outline crosses itself; repaired by GEOS (MakeValid, structure) "
                    + "into 2 polygons"
            ])
        // Both triangles, each of a quarter of the 2×2 square.
        for polygon in shape.polygons {
            #expect(
                polygon.contains(GeoPoint(latitude: 1, longitude: 0.3))
                    || polygon.contains(GeoPoint(latitude: 1, longitude: 1.7)))
        }
    }
}
