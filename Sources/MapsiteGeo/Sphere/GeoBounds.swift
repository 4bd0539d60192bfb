import Foundation

/// A latitude/longitude rectangle in degrees, inclusive on every side.
///
/// Longitudes never wrap: `minLongitude <= maxLongitude` always holds for bounds built from points,
/// because tiles and clusters never cross the antimeridian.
public struct GeoBounds: Sendable, Hashable {
    public var minLatitude: Double
    public var minLongitude: Double
    public var maxLatitude: Double
    public var maxLongitude: Double

    public init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }

    /// The degenerate rectangle holding exactly one point.
    public init(point: GeoPoint) {
        self.init(
            minLatitude: point.latitude, minLongitude: point.longitude,
            maxLatitude: point.latitude, maxLongitude: point.longitude)
    }

    /// The smallest rectangle holding every point, or `nil` when there are none.
    public init?(points: some Sequence<GeoPoint>) {
        var iterator = points.makeIterator()
        guard let first = iterator.next() else { return nil }
        var bounds = GeoBounds(point: first)
        while let point = iterator.next() { bounds.extend(with: point) }
        self = bounds
    }

    /// Whether `point` lies inside or on the edge of the rectangle.
    public func contains(_ point: GeoPoint) -> Bool {
        point.latitude >= minLatitude && point.latitude <= maxLatitude
            && point.longitude >= minLongitude && point.longitude <= maxLongitude
    }

    /// Whether `other` lies entirely inside this rectangle.
    public func contains(_ other: GeoBounds) -> Bool {
        other.minLatitude >= minLatitude && other.maxLatitude <= maxLatitude
            && other.minLongitude >= minLongitude && other.maxLongitude <= maxLongitude
    }

    /// Grows the rectangle to hold `point`.
    public mutating func extend(with point: GeoPoint) {
        minLatitude = min(minLatitude, point.latitude)
        maxLatitude = max(maxLatitude, point.latitude)
        minLongitude = min(minLongitude, point.longitude)
        maxLongitude = max(maxLongitude, point.longitude)
    }

    /// Grows the rectangle to hold `other`.
    public mutating func extend(with other: GeoBounds) {
        minLatitude = min(minLatitude, other.minLatitude)
        maxLatitude = max(maxLatitude, other.maxLatitude)
        minLongitude = min(minLongitude, other.minLongitude)
        maxLongitude = max(maxLongitude, other.maxLongitude)
    }
}

extension GeoBounds {
    /// This rectangle grown to hold `other`.
    func extended(with other: GeoBounds) -> GeoBounds {
        var result = self
        result.extend(with: other)
        return result
    }
}
