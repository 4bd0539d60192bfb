import Foundation
import MapsiteGeo

/// A `Geometry` written as GeoJSON (`{"type":"LineString","coordinates":[[lon,lat],…]}`) or as
/// WKT (`LINESTRING (lon lat, …)`), coordinates to seven decimals (about a centimetre).
enum GeoJSONGeometry {
    /// Appends the geometry as a GeoJSON geometry object, rings as they are (rewind first for
    /// RFC 7946's orientation: `Geometry.rewound`).
    static func append(_ geometry: Geometry, to bytes: inout [UInt8]) {
        bytes += #"{"type":"#.utf8
        JSONWriter.appendString(geometry.typeName, to: &bytes)
        bytes += #","coordinates":"#.utf8
        func position(_ point: GeoPoint) {
            bytes.append(UInt8(ascii: "["))
            JSONWriter.appendNumber(point.longitude, decimals: 7, to: &bytes)
            bytes.append(UInt8(ascii: ","))
            JSONWriter.appendNumber(point.latitude, decimals: 7, to: &bytes)
            bytes.append(UInt8(ascii: "]"))
        }
        func list<Element>(_ elements: [Element], _ each: (Element) -> Void) {
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                each(element)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        switch geometry {
        case .point(let point): position(point)
        case .multiPoint(let points), .lineString(let points): list(points, position)
        case .multiLineString(let lines): list(lines) { list($0, position) }
        case .polygon(let polygon): list(polygon.rings) { list($0, position) }
        case .multiPolygon(let shape): list(shape.polygons) { list($0.rings) { list($0, position) } }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// The geometry as WKT: `POINT (lon lat)`, `POLYGON ((lon lat, …), (…))`.
    static func wkt(_ geometry: Geometry) -> String {
        var bytes: [UInt8] = []
        func position(_ point: GeoPoint) {
            JSONWriter.appendNumber(point.longitude, decimals: 7, to: &bytes)
            bytes.append(UInt8(ascii: " "))
            JSONWriter.appendNumber(point.latitude, decimals: 7, to: &bytes)
        }
        func list<Element>(_ elements: [Element], _ each: (Element) -> Void) {
            bytes.append(UInt8(ascii: "("))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes += ", ".utf8 }
                each(element)
            }
            bytes.append(UInt8(ascii: ")"))
        }
        bytes += (geometry.typeName.uppercased() + " ").utf8
        switch geometry {
        case .point(let point): list([point], position)
        case .multiPoint(let points): list(points) { list([$0], position) }
        case .lineString(let points): list(points, position)
        case .multiLineString(let lines): list(lines) { list($0, position) }
        case .polygon(let polygon): list(polygon.rings) { list($0, position) }
        case .multiPolygon(let shape): list(shape.polygons) { list($0.rings) { list($0, position) } }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
