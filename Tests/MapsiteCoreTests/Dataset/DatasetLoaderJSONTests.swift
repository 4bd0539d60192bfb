import Foundation
import Testing

@testable import MapsiteCore

private let photos = """
    source: photos.json
    id: id
    item_title: title
    latitude: location.lat
    longitude: location.lon
    fields: [date, tags, open, credit.name]
    """

@Suite("DatasetLoader: JSON")
struct DatasetLoaderJSONTests {
    @Test("nested values by dotted path") func nested() throws {
        let dataset = try TestDataset.load(
            #"[{"id": 1, "title": "A", "location": {"lat": 40.7, "lon": -74.0}, "credit": {"name": "Abbott"}}]"#,
            photos)
        let item = try #require(dataset.items.first)
        #expect(item.point.latitude == 40.7)
        #expect(item.point.longitude == -74)
        #expect(item.values == ["", "", "", "Abbott"])
    }

    @Test("a key holding a dot wins over the path") func dottedKey() throws {
        let dataset = try TestDataset.load(
            #"[{"id": 1, "title": "A", "location.lat": 1, "location": {"lat": 2, "lon": 3}}]"#, photos)
        #expect(dataset.items.first?.point.latitude == 1)
    }

    @Test("numbers written as text are read") func numbersAsText() throws {
        let dataset = try TestDataset.load(
            #"[{"id": "a", "title": "A", "location": {"lat": "40.7", "lon": " -74 "}}]"#, photos)
        #expect(dataset.items.first?.point.latitude == 40.7)
    }

    @Test("values of every JSON type as text") func valueTypes() throws {
        let dataset = try TestDataset.load(
            #"[{"id": 12, "title": "A", "location": {"lat": 1, "lon": 2}, "date": 1.5, "tags": ["x", 2, null], "open": true}]"#,
            photos)
        let item = try #require(dataset.items.first)
        #expect(item.id == "12")
        #expect(item.values == ["1.5", "x, 2", "true", ""])
    }

    @Test("large integer ids keep every digit") func largeIDs() throws {
        let dataset = try TestDataset.load(
            #"[{"id": 12345678901234567, "title": "A", "location": {"lat": 1, "lon": 2}}]"#, photos)
        #expect(dataset.items.first?.id == "12345678901234567")
    }

    @Test("false and zero are different values") func falseAndZero() throws {
        let dataset = try TestDataset.load(
            #"[{"id": 0, "title": "A", "location": {"lat": 0, "lon": 0}, "open": false}]"#, photos)
        #expect(dataset.items.first?.id == "0")
        #expect(dataset.items.first?.values[2] == "false")
    }

    @Test("latitude out of range names the object and the key") func latitudeOutOfRange() {
        #expect(
            TestDataset.error(
                #"[{"id": 1, "title": "A", "location": {"lat": 1, "lon": 2}}, {"id": 2, "location": {"lat": 95, "lon": 2}}]"#,
                photos)
                == #"content/photos.json: object 2: key "location.lat": expected a number in -90…90, found "95""#)
    }

    @Test("latitude that is not a number") func latitudeNotANumber() {
        #expect(
            TestDataset.error(#"[{"id": 1, "location": {"lat": "north", "lon": 2}}]"#, photos)
                == #"content/photos.json: object 1: key "location.lat": expected a number in -90…90, found "north""#)
    }

    @Test("missing nested key") func missingKey() {
        #expect(
            TestDataset.error(#"[{"id": 1, "location": {"lon": 2}}]"#, photos)
                == #"content/photos.json: object 1: key "location.lat": expected a value (no such key)"#)
    }

    @Test("null is a missing value, named as null, not as a missing key") func nullValue() {
        #expect(
            TestDataset.error(#"[{"id": 1, "location": {"lat": null, "lon": 2}}]"#, photos)
                == #"content/photos.json: object 1: key "location.lat": expected a value, found "null""#)
    }

    @Test("missing id") func missingID() {
        #expect(
            TestDataset.error(#"[{"title": "A", "location": {"lat": 1, "lon": 2}}]"#, photos)
                == #"content/photos.json: object 1: key "id": expected a unique id, found """#)
    }

    @Test("duplicate ids") func duplicateIDs() {
        #expect(
            TestDataset.error(
                #"[{"id": 1, "location": {"lat": 1, "lon": 2}}, {"id": "1", "location": {"lat": 1, "lon": 2}}]"#,
                photos)
                == #"content/photos.json: object 2: field "id": expected a unique id (already used at object 1), found "1""#
        )
    }

    @Test("not an array") func notAnArray() {
        #expect(
            TestDataset.error(#"{"id": 1}"#, photos)
                == #"content/photos.json: expected a JSON array of objects, found "an object""#)
    }

    @Test("an element that is not an object") func notAnObject() {
        #expect(
            TestDataset.error(#"[{"id": 1, "location": {"lat": 1, "lon": 2}}, 7]"#, photos)
                == #"content/photos.json: object 2: expected a JSON object, found "7""#)
    }

    @Test("skip_invalid skips an element that is not an object") func skipNotAnObject() throws {
        let dataset = try TestDataset.load(
            #"[[1], {"id": 1, "location": {"lat": 1, "lon": 2}}]"#, photos + "\nskip_invalid: true")
        #expect(dataset.items.map(\.id) == ["1"])
        #expect(
            dataset.skipped.map(\.description) == [
                #"content/photos.json: object 1: expected a JSON object, found "a list""#
            ])
    }

    @Test("invalid JSON names the line and column") func invalidJSON() throws {
        #expect(
            TestDataset.error("[{\"id\": 1,\n  ]", photos)
                == #"content/photos.json:2:3: expected a key in quotes, found "]""#)
        #expect(
            TestDataset.error("[{\"id\": 1,\n  \"title\": \"A", photos)
                == #"content/photos.json:2:12: expected a closing quote for the string opened here, found ""A""#)
    }

    @Test("skip_invalid keeps every valid object") func skipInvalid() throws {
        let dataset = try TestDataset.load(
            #"[{"id": 1, "location": {"lat": 1, "lon": 2}}, {"id": 2, "location": {"lat": 99, "lon": 2}}, {"id": 3, "location": {"lat": 3, "lon": 2}}]"#,
            photos + "\nskip_invalid: true")
        #expect(dataset.items.map(\.id) == ["1", "3"])
        #expect(
            dataset.skipped.map(\.description) == [
                #"content/photos.json: object 2: key "location.lat": expected a number in -90…90, found "99""#
            ])
    }
}

private let spots = """
    source: spots.geojson
    item_title: name
    fields: [colour, address.city]
    """

/// A FeatureCollection of `features`, each written as JSON.
private func collection(_ features: String...) -> String {
    #"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ", ") + "]}"
}

private func point(_ lon: Double, _ lat: Double, name: String = "Spot") -> String {
    #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [\#(lon), \#(lat)]}, "properties": {"name": "\#(name)", "colour": "red"}}"#
}

@Suite("DatasetLoader: GeoJSON")
struct DatasetLoaderGeoJSONTests {
    @Test("Point features become items, coordinates in [longitude, latitude] order") func points() throws {
        let dataset = try TestDataset.load(collection(point(-87.62, 41.88)), spots)
        let item = try #require(dataset.items.first)
        #expect(item.point.latitude == 41.88)
        #expect(item.point.longitude == -87.62)
        #expect(item.title == "Spot")
        #expect(item.values == ["red", ""])
        #expect(item.origin == "feature 1")
    }

    @Test("nested properties by dotted path") func nestedProperties() throws {
        let dataset = try TestDataset.load(
            collection(
                #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]}, "properties": {"address": {"city": "Chicago"}}}"#
            ), spots)
        #expect(dataset.items.first?.values == ["", "Chicago"])
    }

    @Test("a third coordinate (altitude) is ignored") func altitude() throws {
        let dataset = try TestDataset.load(
            collection(#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2, 300]}}"#), spots)
        #expect(dataset.items.first?.point.latitude == 2)
    }

    @Test("a feature without properties") func noProperties() throws {
        let dataset = try TestDataset.load(
            collection(#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]}}"#), spots)
        #expect(dataset.items.first?.title == "Untitled")
    }

    @Test("a GeometryCollection names the feature") func geometryCollection() {
        #expect(
            TestDataset.error(
                collection(
                    point(1, 2),
                    #"{"type": "Feature", "geometry": {"type": "GeometryCollection", "geometries": []}}"#),
                spots)
                == #"content/spots.geojson: feature 2: geometry: expected a Point, MultiPoint, LineString, MultiLineString, Polygon or MultiPolygon (a GeometryCollection is not read: split it into features), found "a GeometryCollection""#
        )
    }

    @Test("a Polygon without rings names the feature's id and the coordinates") func polygonWithID() {
        #expect(
            TestDataset.error(
                collection(#"{"type": "Feature", "id": "road-7", "geometry": {"type": "Polygon", "coordinates": []}}"#),
                spots)
                == #"content/spots.geojson: feature 1 (id road-7): geometry.coordinates: expected a non-empty list of rings, found "an empty list""#
        )
    }

    @Test("a feature without geometry") func noGeometry() {
        #expect(
            TestDataset.error(collection(#"{"type": "Feature", "geometry": null, "properties": {}}"#), spots)
                == #"content/spots.geojson: feature 1: geometry: expected a geometry, found "no geometry""#)
    }

    @Test("a Point without two numbers") func badCoordinates() {
        #expect(
            TestDataset.error(
                collection(#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": ["1", "2"]}}"#), spots)
                == #"content/spots.geojson: feature 1: geometry: expected coordinates [longitude, latitude] of two numbers, found "["1", "2"]""#
        )
    }

    @Test("an element that is not a Feature") func notAFeature() {
        #expect(
            TestDataset.error(collection("42"), spots)
                == #"content/spots.geojson: feature 1: expected a Feature object, found "42""#)
    }

    @Test("latitude out of range") func latitudeOutOfRange() {
        #expect(
            TestDataset.error(collection(point(1, 95)), spots)
                == #"content/spots.geojson: feature 1: geometry latitude: expected a number in -90…90, found "95.0""#)
    }

    @Test("longitude out of range") func longitudeOutOfRange() {
        #expect(
            TestDataset.error(collection(point(-180.5, 1)), spots)
                == #"content/spots.geojson: feature 1: geometry longitude: expected a number in -180…180, found "-180.5""#
        )
    }

    @Test("not a FeatureCollection") func notACollection() {
        #expect(
            TestDataset.error(#"{"type": "Feature"}"#, spots)
                == #"content/spots.geojson: expected a GeoJSON FeatureCollection with a "features" list, found "an object""#
        )
    }

    @Test("skip_invalid keeps every valid feature and reports the rest") func skipInvalid() throws {
        let data = collection(
            point(1, 2, name: "A"),
            #"{"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[1, 2]]}}"#,
            point(3, 4, name: "B"), point(5, 95, name: "C"))
        let dataset = try TestDataset.load(data, spots + "\nskip_invalid: true")
        #expect(dataset.items.map(\.title).sorted() == ["A", "B"])
        #expect(
            dataset.skipped.map(\.description) == [
                #"content/spots.geojson: feature 2: geometry.coordinates: expected a list of at least 2 positions, found "[[1, 2]]""#,
                #"content/spots.geojson: feature 4: geometry latitude: expected a number in -90…90, found "95.0""#,
            ])
    }
}

@Suite("DatasetLoader: JSON numbers as written")
struct DatasetLoaderJSONNumberTests {
    @Test("random 17-digit GeoJSON coordinates are read exactly as Double(text) reads them, as CSV does")
    func exactCoordinates() throws {
        var generator = SystemRandomNumberGenerator()
        let longitudes = randomDecimals(5_000, in: -180...180, using: &generator)
        let latitudes = randomDecimals(5_000, in: -90...90, using: &generator)
        let features = zip(longitudes, latitudes).enumerated().map { index, pair in
            #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [\#(pair.0), \#(pair.1)]}, "properties": {"name": "P\#(index)"}}"#
        }
        let dataset = try TestDataset.load(
            #"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ",") + "]}", spots)
        let points = dataset.items.sorted { Int($0.title.dropFirst())! < Int($1.title.dropFirst())! }.map(\.point)
        #expect(points.map(\.longitude) == longitudes.map { Double($0)! + 0 })
        #expect(points.map(\.latitude) == latitudes.map { Double($0)! + 0 })
    }

    @Test("field values keep every digit as written, in the items and so in the pages and downloads")
    func valuesAsWritten() throws {
        var generator = SystemRandomNumberGenerator()
        let written =
            ["0.30000000000000004", "12345678901234567", "1.50", "-0", "1e3", "2.5E-7"]
            + randomDecimals(200, in: -1000...1000, using: &generator)
        let objects = written.enumerated().map { index, text in
            #"{"id": \#(index), "title": "T", "location": {"lat": 1, "lon": 2}, "date": \#(text)}"#
        }
        let dataset = try TestDataset.load("[" + objects.joined(separator: ",") + "]", photos)
        let values = dataset.items.sorted { Int($0.id)! < Int($1.id)! }.map { $0.values[0] }
        #expect(values == written)
    }

    @Test("a coordinate no Double holds names the feature and the numbers as written") func hugeCoordinate() {
        #expect(
            TestDataset.error(
                #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "x", "geometry": {"type": "Point", "coordinates": [1e400, 5]}}]}"#,
                spots)
                == #"content/spots.geojson: feature 1 (id x): geometry: expected coordinates [longitude, latitude] within -180…180 and -90…90, found "[1e400, 5]""#
        )
    }

    @Test("truncated GeoJSON names the line and column where it ends") func truncated() {
        #expect(
            TestDataset.error("{\"type\": \"FeatureCollection\",\n \"features\": [{\"type\": \"Feat", spots)
                == #"content/spots.geojson:2:24: expected a closing quote for the string opened here, found ""Feat""#)
    }
}
