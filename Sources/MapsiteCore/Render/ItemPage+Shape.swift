import Foundation
import MapsiteGeo

/// What a place's page adds for a place that is a line, a polygon or several points: its
/// measures as fields, its shape in the page's data and its JSON-LD. Places that are points
/// (no `Item.geometry`) get none of it, so their pages stay as they were.
extension ItemPage {
    /// The length of a line, or the area and perimeter of a polygon, as fields of the page.
    static func measureFields(_ item: Item) -> [(label: String, value: String, link: String?)] {
        guard let geometry = item.geometry else { return [] }
        var fields: [(label: String, value: String, link: String?)] = []
        if let length = geometry.length { fields.append(("Length", MeasureText.length(length), nil)) }
        if let area = geometry.area { fields.append(("Area", MeasureText.area(area), nil)) }
        if let perimeter = geometry.perimeter { fields.append(("Perimeter", MeasureText.length(perimeter), nil)) }
        return fields
    }

    /// Appends `,"geometry":<GeoJSON>,"bounds":[[south,west],[north,east]]` to the page's item
    /// data (bounds as Leaflet takes them: for a shape across the antimeridian, east is past 180,
    /// as in `[[-17,179.5],[-16,180.5]]`); nothing for a point. The geometry is the one the page's
    /// map draws (`drawn`).
    static func appendShapeData(_ item: Item, to bytes: inout [UInt8]) {
        guard let geometry = item.geometry, var bounds = geometry.geographicBounds else { return }
        if bounds.minLongitude > bounds.maxLongitude { bounds.maxLongitude += 360 }
        bytes += #","geometry":"#.utf8
        GeoJSONGeometry.append(drawn(geometry).rewound, to: &bytes)
        bytes += #","bounds":[["#.utf8
        JSONWriter.appendNumber(bounds.minLatitude, decimals: 7, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        JSONWriter.appendNumber(bounds.minLongitude, decimals: 7, to: &bytes)
        bytes += "],[".utf8
        JSONWriter.appendNumber(bounds.maxLatitude, decimals: 7, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        JSONWriter.appendNumber(bounds.maxLongitude, decimals: 7, to: &bytes)
        bytes += "]]".utf8
    }

    /// `geometry` as a map in longitude and latitude draws it: a polygon whose ring goes around a
    /// pole without reaching it becomes the cap closed along the pole and cut at ±180°
    /// (`Polygon.drawnInDegrees`), which Leaflet and the static map fill; any other shape, Natural
    /// Earth's Antarctica (drawn down to the pole) among them, is written as it is.
    static func drawn(_ geometry: Geometry) -> Geometry {
        let polygons = geometry.polygons
        guard polygons.contains(where: \.circlesPole) else { return geometry }
        return .multiPolygon(MultiPolygon(polygons: polygons.flatMap(\.drawnInDegrees)))
    }

    /// Appends `,{"@type":"GeoShape",…}` after the JSON-LD's GeoCoordinates: `line` for lines,
    /// `polygon` (each polygon's outer ring) for polygons, a list when there are several, each
    /// as space-separated `lat lon` pairs; nothing for points and multipoints, which schema.org
    /// has no shape for.
    static func appendGeoShape(_ item: Item, to bytes: inout [UInt8]) {
        guard let geometry = item.geometry else { return }
        let (key, parts): (String, [[GeoPoint]]) =
            switch geometry {
            case .lineString, .multiLineString: ("line", geometry.lines)
            case .polygon, .multiPolygon: ("polygon", geometry.polygons.map(\.outer))
            case .point, .multiPoint: ("", [])
            }
        guard !parts.isEmpty else { return }
        bytes += #",{"@type":"GeoShape","#.utf8
        JSONWriter.appendString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if parts.count > 1 { bytes.append(UInt8(ascii: "[")) }
        for (index, part) in parts.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            for (position, point) in part.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: " ")) }
                JSONWriter.appendNumber(point.latitude, decimals: 7, to: &bytes)
                bytes.append(UInt8(ascii: " "))
                JSONWriter.appendNumber(point.longitude, decimals: 7, to: &bytes)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        if parts.count > 1 { bytes.append(UInt8(ascii: "]")) }
        bytes.append(UInt8(ascii: "}"))
    }
}
