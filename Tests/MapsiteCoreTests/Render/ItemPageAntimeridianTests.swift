import Testing

@testable import MapsiteCore

/// A place split along the antimeridian, read from GeoJSON as Natural Earth writes Fiji: its page's
/// data carries the narrow box across the line, east past 180 as Leaflet's fitBounds takes it.
@Suite("Item page bounds across the antimeridian")
struct ItemPageAntimeridianTests {
    @Test("Fiji-like MultiPolygon: bounds [[-19,177],[-15.5,182]], not the whole world")
    func fiji() throws {
        let east = "[[[177, -19], [180, -19], [180, -16], [177, -16], [177, -19]]]"
        let west = "[[[-180, -17], [-178, -17], [-178, -15.5], [-180, -15.5], [-180, -17]]]"
        let geojson = """
            {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "Fiji"},
             "geometry": {"type": "MultiPolygon", "coordinates": [\(east), \(west)]}}]}
            """
        let item = try #require(TestDataset.load(geojson, "source: fiji.geojson\nitem_title: name").items.first)
        var bytes: [UInt8] = []
        ItemPage.appendShapeData(item, to: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        // Longitudes 177 to 180 and -180 to -178: the widest gap between them is 182…177 going
        // east through 0, so the box runs from 177 eastward 5° to -178, written 182.
        #expect(text.hasSuffix(#","bounds":[[-19,177],[-15.5,182]]"#), "\(text.suffix(60))")
    }
}
