import Foundation
import MapsiteGeo

/// Turns records into items by a dataset's field mapping, validating coordinates.
/// Ids, slugs and their uniqueness are settled afterwards by `DatasetLoader`, which sees all items.
struct ItemBuilder {
    let config: DatasetConfig
    let file: String
    /// The kept and derived fields, worked out once for all records.
    private let fieldValues: FieldValues
    /// The fields read as numbers, which must read by `WrittenNumber`'s rule.
    let numberCheck: NumberCheck
    /// The fields shown as `hours`, whose values may not be longer than `WeeklyHours.longest`.
    private let hoursFields: [(position: Int, name: String)]
    /// From `crs` to WGS 84, for the `x` and `y` fields; nil when they are longitude and latitude.
    let transform: CoordinateTransform?

    init(config: DatasetConfig, file: String, transform: CoordinateTransform? = nil) {
        self.config = config
        self.file = file
        self.transform = transform
        fieldValues = FieldValues(config: config)
        numberCheck = NumberCheck(config: config)
        hoursFields = HoursCheck.fields(config)
    }

    func item(from record: Record) throws -> Item {
        let point = try coordinates(of: record)
        let title = render(config.itemTitle, record)
        var id = ""
        if let idField = config.idField {
            id = record.value(idField)?.trimmingWhitespace() ?? ""
            guard !id.isEmpty else { throw error(record, field: idField, expected: "a unique id", found: "") }
        }
        let slugSource = config.slug.map { render($0, record) } ?? title
        let values = fieldValues.values(of: record)
        // With skip_invalid the place is kept and the value left out of the aggregates, with a
        // warning (`NumberCheck.warnings`).
        if !config.skipInvalid, let (field, value) = numberCheck.firstProblem(in: values) {
            throw error(record, field: field.name, expected: WrittenNumber.expected(symbol: field.symbol), found: value)
        }
        if !config.skipInvalid, let field = hoursFields.first(where: { HoursCheck.isTooLong(values[$0.position]) }) {
            let value = values[field.position]
            throw error(record, field: field.name, expected: HoursCheck.tooLong(value), found: String(value.prefix(60)))
        }
        var item = Item(
            id: id,
            slug: slugSource,
            title: title.isEmpty ? (id.isEmpty ? "Untitled" : id) : title,
            point: point,
            values: values,
            image: nonEmpty(config.image.flatMap(record.value)),
            thumbnail: nonEmpty(config.thumbnail.flatMap(record.value)),
            description: nonEmpty(config.itemDescription.flatMap(record.value)),
            origin: record.line.map { "line \($0)" } ?? record.location ?? "",
            geometry: record.shape,
            sourceProperties: record.properties
        )
        item.sourceRow = record.sourceRow ?? -1
        return item
    }

    /// `template.render`, with a template that is a single field (the usual case) trimmed
    /// without Foundation when it can be.
    private func render(_ template: FieldTemplate, _ record: Record) -> String {
        if template.parts.count == 1, case .field(let name) = template.parts[0] {
            return (record.value(name) ?? "").trimmingWhitespace()
        }
        return template.render(record.value)
    }

    private func coordinates(of record: Record) throws -> GeoPoint {
        if let field = config.coordinates {
            guard let text = record.value(field) else { throw missing(record, field) }
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let lat = DecimalText.double(String(parts[0]).trimmingWhitespace()),
                let lon = DecimalText.double(String(parts[1]).trimmingWhitespace())
            else {
                throw error(record, field: field, expected: "\"latitude,longitude\"", found: text)
            }
            return Self.point(
                try check(lat, in: -90...90, record, field, found: text),
                try check(lon, in: -180...180, record, field, found: text))
        }
        if let xField = config.x, let yField = config.y {
            return try projected(record, xField, yField)
        }
        if let latField = config.latitude, let lonField = config.longitude {
            let lat = try number(record, latField, in: -90...90)
            let lon = try number(record, lonField, in: -180...180)
            return Self.point(lat, lon)
        }
        if let shape = record.shape {
            // Checked in range by `GeoJSONShapeReader`; the representative point lies within.
            let point = shape.representativePoint
            return Self.point(point.latitude, point.longitude)
        }
        if let geometry = record.geometry {
            return Self.point(
                try check(geometry.latitude, in: -90...90, record, "geometry latitude"),
                try check(geometry.longitude, in: -180...180, record, "geometry longitude"))
        }
        throw InputError(
            file: file, line: record.line, location: record.location,
            expected: "coordinates: set latitude and longitude, or coordinates, for dataset \"\(config.name)\"")
    }

    private func number(_ record: Record, _ field: String, in range: ClosedRange<Double>? = nil) throws -> Double {
        guard let text = record.value(field) else { throw missing(record, field) }
        guard let read = DecimalText.double(text.trimmingWhitespace()), read.isFinite,
            let value = range.map({ CoordinateLimits.clamped(read, to: $0) }) ?? read
        else {
            throw error(
                record, field: field, expected: range.map { "a number in \(Self.format($0))" } ?? "a number",
                found: text)
        }
        return value
    }

    /// The point of the `x` and `y` fields, reprojected from `crs`; without one, they are a
    /// longitude and a latitude.
    private func projected(_ record: Record, _ xField: String, _ yField: String) throws -> GeoPoint {
        let x = try number(record, xField)
        let y = try number(record, yField)
        guard let transform else {
            guard let (longitude, latitude) = CoordinateTransform.clampedLonLat(x, y) else {
                throw error(
                    record, field: "\(xField)\" and \"\(yField)",
                    expected: "a longitude in -180…180 and a latitude in -90…90, as there is no crs "
                        + "(set crs: to the coordinate system of projected coordinates, such as EPSG:2272)",
                    found: "\(x), \(y)")
            }
            return Self.point(latitude, longitude)
        }
        guard let (longitude, latitude) = transform.lonLat(x: x, y: y) else {
            throw error(
                record, field: "\(xField)\" and \"\(yField)",
                expected: "coordinates that reproject from \(transform.source.name) to WGS 84 longitude and latitude",
                found: "\(x), \(y)")
        }
        return Self.point(latitude, longitude)
    }

    /// `value` in `range`, clamped to it within `CoordinateLimits.tolerance`.
    /// - Parameter found: the text as written in the source, when there is one.
    private func check(
        _ value: Double, in range: ClosedRange<Double>, _ record: Record, _ field: String, found: String? = nil
    ) throws -> Double {
        guard let clamped = CoordinateLimits.clamped(value, to: range) else {
            throw error(record, field: field, expected: "a number in \(Self.format(range))", found: found ?? "\(value)")
        }
        return clamped
    }

    /// A field with no value: not there at all, or there and empty (`NULL`, `null`).
    private func missing(_ record: Record, _ field: String) -> InputError {
        let empty = record.emptyValue(field)
        return InputError(
            file: file, line: record.line, location: record.location, field: "\(record.fieldKind) \"\(field)\"",
            expected: empty == nil ? "a value (no such \(record.fieldKind))" : "a value", found: empty)
    }

    private func error(_ record: Record, field: String, expected: String, found: String) -> InputError {
        let name = field.hasPrefix("geometry") ? field : "\(record.fieldKind) \"\(field)\""
        return InputError(
            file: file, line: record.line, location: record.location, field: name, expected: expected, found: found)
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingWhitespaceAndNewlines(), !text.isEmpty else { return nil }
        return text
    }

    static func format(_ range: ClosedRange<Double>) -> String {
        "\(Int(range.lowerBound))…\(Int(range.upperBound))"
    }
}

extension ItemBuilder {
    /// A point with `-0` read as `0`, so that places at the same spot have the same coordinates to
    /// the bit, which is how the neighbour index and `Locations` tell them apart.
    static func point(_ latitude: Double, _ longitude: Double) -> GeoPoint {
        GeoPoint(latitude: latitude + 0.0, longitude: longitude + 0.0)
    }
}
