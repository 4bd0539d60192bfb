import Foundation
import MapsiteGeo

/// One region of a `RegionSet`: a neighbourhood, a district, a ward.
public struct Region: Sendable, Equatable {
    /// The name, from the property `regions.name` names.
    public var name: String
    /// A URL path segment made from the name, unique within the set.
    public var slug: String
    /// The feature's `id`, when it has one.
    public var id: String?
    public var shape: MultiPolygon
    /// Where the region came from, for messages: `feature 3 (id 12)`.
    public var origin: String

    public init(name: String, slug: String, id: String? = nil, shape: MultiPolygon, origin: String) {
        self.name = name
        self.slug = slug
        self.id = id
        self.shape = shape
        self.origin = origin
    }
}
