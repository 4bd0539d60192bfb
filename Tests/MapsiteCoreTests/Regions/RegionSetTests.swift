import Foundation
import MapsiteGeo
import Testing

@testable import MapsiteCore

private func square(_ x: Double, _ y: Double, size: Double = 1) -> String { RegionFiles.square(x, y, size: size) }
private func feature(_ name: String?, _ rings: String..., id: String? = nil) -> String {
    RegionFiles.feature(name, rings: rings, id: id)
}

@Suite("RegionSet")
struct RegionSetTests {
    @Test("Polygon and MultiPolygon features, in file order, with names, ids and unique slugs")
    func loads() throws {
        let multi = #"""
            {"type": "Feature", "id": 7, "properties": {"name": "Islands"}, "geometry": {"type": "MultiPolygon",
             "coordinates": [[\#(square(10, 10))], [\#(square(12, 10))]]}}
            """#
        let set = try RegionFiles.load(
            RegionFiles.collection([
                feature("Café Row", square(0, 0, size: 4), square(1, 1), id: "a"), multi,
                feature("Cafe row", square(5, 0)),
                feature("!!!", square(7, 0)),
            ]))
        #expect(set.file == "content/regions.geojson")
        #expect(set.regions.map(\.name) == ["Café Row", "Islands", "Cafe row", "!!!"])
        #expect(set.regions.map(\.slug) == ["cafe-row", "islands", "cafe-row-2", "region-4"])
        #expect(set.regions.map(\.id) == ["a", "7", nil, nil])
        #expect(set.regions[0].origin == "feature 1 (id a)")
        #expect(set.regions[0].shape.polygons[0].rings.count == 2)
        #expect(set.regions[1].shape.polygons.count == 2)
        // In the hole of the first region, in each island, outside everything.
        #expect(set.region(containing: GeoPoint(latitude: 1.5, longitude: 1.5)) == nil)
        #expect(set.region(containing: GeoPoint(latitude: 0.5, longitude: 0.5))?.name == "Café Row")
        #expect(set.region(containing: GeoPoint(latitude: 10.5, longitude: 12.5))?.slug == "islands")
        #expect(set.region(containing: GeoPoint(latitude: 10.5, longitude: 11.5)) == nil)
    }

    @Test("a point on a shared border, or where regions overlap, goes to the region first in the file")
    func firstInFileWins() throws {
        let set = try RegionFiles.load(
            RegionFiles.collection([
                feature("West", square(0, 0, size: 2)), feature("East", square(2, 0, size: 2)),
                feature("Overlap", square(1, 0, size: 2)),
            ]))
        #expect(set.region(containing: GeoPoint(latitude: 1, longitude: 2))?.name == "West")
        #expect(set.region(containing: GeoPoint(latitude: 1, longitude: 1.5))?.name == "West")
        #expect(set.region(containing: GeoPoint(latitude: 1, longitude: 2.5))?.name == "East")
        #expect(set.region(containing: GeoPoint(latitude: 0, longitude: 0))?.name == "West")
    }

    @Test("whole-number coordinates, zeros and ones included, and a third coordinate")
    func numbers() throws {
        let ring = "[[0, 0, 12], [1, 0, 12], [1, 1, 12], [0, 1, 12], [0, 0, 12]]"
        let set = try RegionFiles.load(RegionFiles.collection([feature("Unit", ring)]))
        #expect(set.regions[0].shape.polygons[0].outer.count == 5)
        #expect(set.region(containing: GeoPoint(latitude: 0.5, longitude: 0.5))?.name == "Unit")
    }

    @Test("the name property may be a dotted path")
    func dottedName() throws {
        var config = RegionFiles.config
        config.nameProperty = "label.en"
        let text = RegionFiles.collection([
            #"{"type": "Feature", "properties": {"label": {"en": "Old Town"}}, "geometry": {"type": "Polygon", "coordinates": [\#(square(0, 0))]}}"#
        ])
        #expect(try RegionFiles.load(text, config: config).regions[0].name == "Old Town")
    }
}

@Suite("RegionSet: errors")
struct RegionSetErrorTests {
    private let valid = feature("Fine", square(0, 0))

    @Test("a missing file") func missingFile() throws {
        let error = #expect(throws: InputErrors.self) {
            try RegionSet.load(RegionFiles.config, contentDirectory: "/nonexistent", displayDirectory: "content")
        }
        #expect(
            error?.errors.map(\.description) == [
                #"content/regions.geojson: expected a readable GeoJSON file of regions, found "no such file""#
            ])
    }

    @Test("not JSON") func notJSON() {
        #expect(
            RegionFiles.errors("{\"type\": ") == [
                #"content/regions.geojson:1:10: expected a value, found "the end of the file""#
            ])
    }

    @Test("not a FeatureCollection") func notCollection() {
        #expect(
            RegionFiles.errors(#"[{"type": "Feature"}]"#) == [
                #"content/regions.geojson: expected a GeoJSON FeatureCollection with a "features" list of regions, found "a list""#
            ])
        #expect(
            RegionFiles.errors(RegionFiles.collection([])) == [
                #"content/regions.geojson: expected a GeoJSON FeatureCollection with a "features" list of regions, found "no features""#
            ])
    }

    @Test("a feature that is not an object") func notAFeature() {
        #expect(
            RegionFiles.errors(RegionFiles.collection([valid, "12"])) == [
                #"content/regions.geojson: feature 2: expected a Feature object, found "12""#
            ])
    }

    @Test("a geometry that is not a polygon") func notAPolygon() {
        let point =
            #"{"type": "Feature", "id": 12, "properties": {"name": "Spot"}, "geometry": {"type": "Point", "coordinates": [1, 2]}}"#
        let none = #"{"type": "Feature", "properties": {"name": "Nowhere"}, "geometry": null}"#
        #expect(
            RegionFiles.errors(RegionFiles.collection([valid, valid, point, none])) == [
                #"content/regions.geojson: feature 3 (id 12): geometry: expected a Polygon or MultiPolygon, found "Point""#,
                #"content/regions.geojson: feature 4: geometry: expected a Polygon or MultiPolygon, found "no geometry""#,
            ])
    }

    @Test("a ring of fewer than 4 positions") func shortRing() {
        let triangle = "[[0, 0], [1, 0], [0, 0]]"
        #expect(
            RegionFiles.errors(
                RegionFiles.collection([valid, feature("Thin", square(5, 5, size: 4), triangle, id: "t")]))
                == [
                    #"content/regions.geojson: feature 2 (id t): geometry, ring 2: expected a ring of at least 4 positions, the last repeating the first, found "3 positions""#
                ])
    }

    @Test("a ring that is not closed is reported, not closed silently") func unclosedRing() {
        let open = "[[0, 0], [1, 0], [1, 1], [0, 1]]"
        #expect(
            RegionFiles.errors(RegionFiles.collection([feature("Open", open, id: "o")])) == [
                #"content/regions.geojson: feature 1 (id o): geometry, ring 1: expected a closed ring: the last position equal to the first, found "first [0, 0], last [0, 1]""#
            ])
    }

    @Test("coordinates out of range, or not numbers") func coordinates() {
        let far = "[[0, 0], [200, 0], [1, 1], [0, 0]]"
        let text = #"[[0, 0], ["1", 0], [1, 1], [0, 0]]"#
        #expect(
            RegionFiles.errors(RegionFiles.collection([feature("Far", far), feature("Text", text)])) == [
                #"content/regions.geojson: feature 1: geometry, ring 1, position 2: expected [longitude, latitude] within -180…180 and -90…90, found "[200, 0]""#,
                #"content/regions.geojson: feature 2: geometry, ring 1, position 2: expected a position [longitude, latitude] of two numbers, found "a list""#,
            ])
    }

    @Test("a MultiPolygon's errors name the polygon") func multiPolygon() {
        let multi = #"""
            {"type": "Feature", "properties": {"name": "Split"}, "geometry": {"type": "MultiPolygon",
             "coordinates": [[\#(square(0, 0))], [[[0, 0], [1, 0], [1, 1], [0, 0.5]]]]}}
            """#
        #expect(
            RegionFiles.errors(RegionFiles.collection([multi])) == [
                #"content/regions.geojson: feature 1: geometry, polygon 2, ring 1: expected a closed ring: the last position equal to the first, found "first [0, 0], last [0, 0.5]""#
            ])
    }

    @Test("a missing or empty name") func missingName() {
        #expect(
            RegionFiles.errors(
                RegionFiles.collection([feature(nil, square(0, 0), id: "n1"), feature(" ", square(1, 1))]))
                == [
                    #"content/regions.geojson: feature 1 (id n1): property "name": expected the region's name, found "nothing""#,
                    #"content/regions.geojson: feature 2: property "name": expected the region's name, found " ""#,
                ])
    }

    @Test("a name property the features do not have: their properties and the closest one")
    func misspeltName() {
        let typo = #"""
            {"type": "Feature", "properties": {"nmae": "Bronx", "boro_code": 2},
             "geometry": {"type": "Polygon", "coordinates": [\#(square(0, 0))]}}
            """#
        #expect(
            RegionFiles.errors(RegionFiles.collection([typo])) == [
                #"content/regions.geojson: feature 1: property "name": expected the region's name (regions.name in site.yml; its properties: boro_code, nmae; did you mean "nmae"?), found "nothing""#
            ])
    }
}

@Suite("RegionSet: numbers")
struct RegionNumberTests {
    @Test("random 17-digit vertices are read exactly as Double(text) reads them, so a place on one is in")
    func exactVertices() throws {
        var generator = SystemRandomNumberGenerator()
        let longitudes = randomDecimals(2_000, in: -180...180, using: &generator)
        let latitudes = randomDecimals(2_000, in: -90...90, using: &generator)
        let positions = zip(longitudes, latitudes).map { "[\($0), \($1)]" }
        let ring = "[" + (positions + [positions[0]]).joined(separator: ", ") + "]"
        let set = try RegionFiles.load(RegionFiles.collection([RegionFiles.feature("Star", rings: [ring])]))
        let vertices = try #require(set.regions.first?.shape.polygons.first?.rings.first)
        #expect(vertices.dropLast().map(\.longitude) == longitudes.map { Double($0)! })
        #expect(vertices.dropLast().map(\.latitude) == latitudes.map { Double($0)! })
    }
}
