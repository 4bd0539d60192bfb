import Foundation
import MapsiteGeo

/// A `Geometry` written as GeoJSON (`{"type":"LineString","coordinates":[[lon,lat],…]}`) or as
/// WKT (`LINESTRING (lon lat, …)`), coordinates to seven decimals (about a centimetre), or, for
/// downloads, at full precision (the shortest text that reads back as the same double).
enum GeoJSONGeometry {
    /// Appends a coordinate: to seven decimals, or at full precision.
    static func appendCoordinate(_ value: Double, fullPrecision: Bool, to bytes: inout [UInt8]) {
        if fullPrecision && value == value.rounded() && abs(value) < 1e15 {
            bytes += String(Int(value)).utf8
        } else if fullPrecision && value.isFinite {
            // Swift's shortest round-trip text, which is also valid JSON and WKT (`1e-05`).
            bytes += value.description.utf8
        } else {
            JSONWriter.appendNumber(value, decimals: 7, to: &bytes)
        }
    }

    /// Appends the geometry as a GeoJSON geometry object, rings as they are (rewind first for
    /// RFC 7946's orientation: `Geometry.rewound`).
    static func append(_ geometry: Geometry, fullPrecision: Bool = false, to bytes: inout [UInt8]) {
        bytes += #"{"type":"#.utf8
        JSONWriter.appendString(geometry.typeName, to: &bytes)
        bytes += #","coordinates":"#.utf8
        func position(_ point: GeoPoint) {
            bytes.append(UInt8(ascii: "["))
            appendCoordinate(point.longitude, fullPrecision: fullPrecision, to: &bytes)
            bytes.append(UInt8(ascii: ","))
            appendCoordinate(point.latitude, fullPrecision: fullPrecision, to: &bytes)
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
    static func wkt(_ geometry: Geometry, fullPrecision: Bool = false) -> String {
        var bytes: [UInt8] = []
        func position(_ point: GeoPoint) {
            appendCoordinate(point.longitude, fullPrecision: fullPrecision, to: &bytes)
            bytes.append(UInt8(ascii: " "))
            appendCoordinate(point.latitude, fullPrecision: fullPrecision, to: &bytes)
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
