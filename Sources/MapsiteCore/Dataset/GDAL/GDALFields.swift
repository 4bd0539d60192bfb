import CGDAL
import Foundation

/// The attribute fields of a layer, read from each feature as text by type: integers and reals
/// as numbers (`12`, `1.5`, as the SQLite loader writes them), dates and times in ISO 8601
/// (`2024-05-01`, `2024-05-01T14:30:00Z`), booleans as `true` or `false`, lists joined by `, `.
struct GDALFields {
    /// The fields' names, in the layer's order.
    let names: [String]
    private let types: [OGRFieldType]
    private let subtypes: [OGRFieldSubType]

    init(layer: OGRLayerH) {
        let definition = OGR_L_GetLayerDefn(layer)
        let fields = (0..<OGR_FD_GetFieldCount(definition)).map { OGR_FD_GetFieldDefn(definition, $0) }
        names = fields.map { String(cString: OGR_Fld_GetNameRef($0)) }
        types = fields.map { OGR_Fld_GetType($0) }
        subtypes = fields.map { OGR_Fld_GetSubType($0) }
    }

    /// A field whose text is not valid UTF-8 or holds a NUL.
    struct BadText: Error {
        var field: String
        var problem: TextCheck.Problem
    }

    /// Every field's value in `feature`; nil for a field that is unset or null.
    func values(of feature: OGRFeatureH) throws(BadText) -> [String?] {
        var values: [String?] = []
        values.reserveCapacity(names.count)
        for index in names.indices {
            let field = Int32(index)
            guard OGR_F_IsFieldSetAndNotNull(feature, field) != 0 else {
                values.append(nil)
                continue
            }
            switch types[index] {
            case OFTInteger where subtypes[index] == OFSTBoolean:
                values.append(OGR_F_GetFieldAsInteger(feature, field) != 0 ? "true" : "false")
            case OFTInteger, OFTInteger64:
                values.append(String(OGR_F_GetFieldAsInteger64(feature, field)))
            case OFTReal:
                values.append(Self.number(OGR_F_GetFieldAsDouble(feature, field)))
            case OFTDate, OFTTime, OFTDateTime:
                values.append(Self.date(feature, field, type: types[index]))
            default:
                // Text, lists (which GDAL writes as `(2:a,b)`; read as text) and binary (hexadecimal).
                values.append(try text(feature, index))
            }
        }
        return values
    }

    /// `values` (of `values(of:)`) typed for the downloads: integers and reals as JSON numbers (a
    /// real as the shortest text that reads back as the same double: a Shapefile's
    /// `636471539.774` stays so), booleans as `true`/`false`, lists of numbers as lists, unset
    /// and null as null, everything else as text.
    func json(_ values: [String?]) -> [JSONValue] {
        values.indices.map { index in
            guard let text = values[index] else { return .null }
            switch types[index] {
            case OFTInteger where subtypes[index] == OFSTBoolean: return .bool(text == "true")
            case OFTInteger, OFTInteger64, OFTReal:
                // A real that is not finite (NaN, infinite) has no JSON number: written as text.
                return SourceProperties.isJSONNumber(text.utf8) ? .number(text) : .string(text)
            case OFTIntegerList, OFTInteger64List, OFTRealList:
                let parts = text.isEmpty ? [] : text.components(separatedBy: ", ")
                guard parts.allSatisfy({ SourceProperties.isJSONNumber($0.utf8) }) else { return .string(text) }
                return .array(parts.map { .number($0) })
            default: return .string(text)
            }
        }
    }

    private func text(_ feature: OGRFeatureH, _ index: Int) throws(BadText) -> String {
        let field = Int32(index)
        switch types[index] {
        case OFTIntegerList, OFTInteger64List:
            var count: Int32 = 0
            let list = OGR_F_GetFieldAsInteger64List(feature, field, &count)
            return (0..<Int(count)).map { String(list![$0]) }.joined(separator: ", ")
        case OFTRealList:
            var count: Int32 = 0
            let list = OGR_F_GetFieldAsDoubleList(feature, field, &count)
            return (0..<Int(count)).map { Self.number(list![$0]) }.joined(separator: ", ")
        case OFTStringList:
            guard let list = OGR_F_GetFieldAsStringList(feature, field) else { return "" }
            var parts: [String] = []
            var position = 0
            while let item = list[position] {
                parts.append(try checked(item, index))
                position += 1
            }
            return parts.joined(separator: ", ")
        default:
            return try checked(OGR_F_GetFieldAsString(feature, field), index)
        }
    }

    private func checked(_ text: UnsafePointer<CChar>?, _ index: Int) throws(BadText) -> String {
        guard let text else { return "" }
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
        if let problem = TextCheck.firstProblem(in: bytes) { throw BadText(field: names[index], problem: problem) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A real as the SQLite loader writes it: a whole number without `.0`.
    static func number(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? "\(value)"
    }

    /// `2024-05-01`, `14:30:00`, `2024-05-01T14:30:00.250+01:00`.
    private static func date(_ feature: OGRFeatureH, _ field: Int32, type: OGRFieldType) -> String? {
        var (year, month, day, hour, minute, zone): (Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0)
        var second: Float = 0
        guard OGR_F_GetFieldAsDateTimeEx(feature, field, &year, &month, &day, &hour, &minute, &second, &zone) != 0
        else { return nil }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let dayText = "\(String(format: "%04d", year))-\(two(month))-\(two(day))"
        let whole = Int32(second)
        let fraction = Int((Double(second) - Double(whole)) * 1000 + 0.5)
        var time = "\(two(hour)):\(two(minute)):\(two(whole))" + (fraction > 0 ? String(format: ".%03d", fraction) : "")
        // GDAL's zone flag: 0 unknown, 1 local time, 100 UTC, 100 ± n a UTC offset of n quarter hours.
        if zone == 100 {
            time += "Z"
        } else if zone > 1 {
            let minutes = abs(Int(zone) - 100) * 15
            time += (zone > 100 ? "+" : "-") + two(Int32(minutes / 60)) + ":" + two(Int32(minutes % 60))
        }
        switch type {
        case OFTDate: return dayText
        case OFTTime: return time
        default: return dayText + "T" + time
        }
    }
}
