import MapsiteGeo
import Testing

@testable import MapsiteCore

/// Coordinates a rounding error past ±180 or ±90, as other tools write them (geopandas' Natural
/// Earth has Russia at longitude 180.00000000000006), load as the limit in every reader; past the
/// tolerance they are still errors.
@Suite("Coordinates at the limits")
struct CoordinateLimitsTests {
    /// Past 180 by 6e-14, as in the Natural Earth copy; past 90 by as much.
    static let overLongitude = "180.00000000000006"
    static let overLatitude = "-90.00000000000006"
    /// Past the limit by 1e-8°, ten times the tolerance.
    static let farLongitude = "180.00000001"

    @Test("CSV latitude and longitude columns: just past the limit is the limit, further is an error")
    func csvColumns() throws {
        let yaml = "source: places.csv\nlatitude: lat\nlongitude: lon\nitem_title: name"
        let csv = "name,lat,lon\nEdge,\(Self.overLatitude),\(Self.overLongitude)\nWest,0,-\(Self.overLongitude)\n"
        let items = try TestDataset.load(csv, yaml).items
        #expect(
            items.map(\.point) == [GeoPoint(latitude: -90, longitude: 180), GeoPoint(latitude: 0, longitude: -180)])
        let errors = TestDataset.errors("name,lat,lon\nFar,0,\(Self.farLongitude)\n", yaml)
        #expect(
            errors == [
                #"content/places.csv:2: column "lon": expected a number in -180…180, found "\#(Self.farLongitude)""#
            ])
    }

    @Test("a CSV coordinates column and JSON numbers: clamped the same way")
    func coordinatesAndJSON() throws {
        let csv = "name,at\nEdge,\"\(Self.overLatitude),\(Self.overLongitude)\"\n"
        let fromCSV = try TestDataset.load(csv, "source: places.csv\ncoordinates: at\nitem_title: name").items
        #expect(fromCSV.map(\.point) == [GeoPoint(latitude: -90, longitude: 180)])
        let json = #"[{"name": "Edge", "lat": 10, "lon": \#(Self.overLongitude)}]"#
        let fromJSON = try TestDataset.load(
            json, "source: places.json\nitem_title: name\nlatitude: lat\nlongitude: lon"
        )
        .items
        #expect(fromJSON.map(\.point) == [GeoPoint(latitude: 10, longitude: 180)])
    }

    @Test("GeoJSON: a point and a MultiPolygon split at 180 with a vertex past it load, clamped")
    func geoJSONShape() throws {
        let east = "[[[178, -17], [\(Self.overLongitude), -17], [\(Self.overLongitude), -16], [178, -16], [178, -17]]]"
        let west = "[[[-180, -17], [-179, -17], [-179, -16], [-180, -16], [-180, -17]]]"
        let geojson = """
            {"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"name": "Russia-like"},
             "geometry": {"type": "MultiPolygon", "coordinates": [\(east), \(west)]}},
            {"type": "Feature", "properties": {"name": "Pin"},
             "geometry": {"type": "Point", "coordinates": [-\(Self.overLongitude), \(Self.overLatitude)]}}]}
            """
        let items = try TestDataset.load(geojson, "source: shapes.geojson\nitem_title: name").items
        let shape = try #require(items.first { $0.title == "Russia-like" }?.geometry)
        #expect(Set(shape.allPoints.map(\.longitude)) == [178, 180, -180, -179])
        #expect(items.first { $0.title == "Pin" }?.point == GeoPoint(latitude: -90, longitude: -180))
        let far = geojson.replacingOccurrences(of: Self.overLongitude, with: Self.farLongitude)
        let errors = TestDataset.errors(far, "source: shapes.geojson\nitem_title: name")
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.contains("-180…180") && $0.contains(Self.farLongitude) }, "\(errors)")
    }

    @Test("through GDAL (a GeoPackage made by ogr2ogr): a vertex past 180 is 180")
    func gdal() throws {
        let feature =
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "Edge"}, "geometry": {"type": "LineString", "coordinates": [[179, 60], [\#(Self.overLongitude), 61]]}}]}"#
        let dataset = try GISFixture.load(
            files: ["edge.geojson": feature], commands: [["ogr2ogr", "-f", "GPKG", "edge.gpkg", "edge.geojson"]],
            "source: edge.gpkg\nitem_title: name")
        let points = try #require(dataset.items.first?.geometry).allPoints
        #expect(points == [GeoPoint(latitude: 60, longitude: 179), GeoPoint(latitude: 61, longitude: 180)])
    }

    @Test("a regions file: a vertex past 180 is 180, the region holds a point there; further out an error")
    func regions() throws {
        let ring = "[[178, -17], [\(Self.overLongitude), -17], [\(Self.overLongitude), -16], [178, -16], [178, -17]]"
        let text = RegionFiles.collection([RegionFiles.feature("Russia-like", rings: [ring])])
        let set = try RegionFiles.load(text)
        #expect(Set(set.regions[0].shape.polygons.flatMap(\.rings).flatMap { $0 }.map(\.longitude)) == [178, 180])
        #expect(set.region(containing: GeoPoint(latitude: -16.5, longitude: 180))?.name == "Russia-like")
        let errors = RegionFiles.errors(text.replacingOccurrences(of: Self.overLongitude, with: Self.farLongitude))
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.allSatisfy { $0.contains("-180…180") && $0.contains(Self.farLongitude) }, "\(errors)")
    }

    @Test("the tolerance is 1e-9°: clamped up to it, refused past it")
    func tolerance() {
        #expect(CoordinateLimits.longitude(180 + 0.9e-9) == 180)
        #expect(CoordinateLimits.longitude(180 + 1.1e-9) == nil)
        #expect(CoordinateLimits.latitude(-90 - 0.9e-9) == -90)
        #expect(CoordinateLimits.latitude(90.5) == nil)
        #expect(CoordinateLimits.latitude(.nan) == nil)
        #expect(CoordinateLimits.longitude(-179.5) == -179.5)
    }
}
