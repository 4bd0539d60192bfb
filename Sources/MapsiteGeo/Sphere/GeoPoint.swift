import Foundation

/// A position on the WGS 84 ellipsoid, in degrees, treated as a sphere for distances.
public struct GeoPoint: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
