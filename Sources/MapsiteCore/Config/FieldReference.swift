import Foundation

/// A field name that a setting of `site.yml` gives a dataset, and where it is written, so that a
/// name the source does not have is reported at its line rather than leaving every page without it.
public struct FieldReference: Sendable {
    /// `site.yml` as messages name it.
    public var file: String
    /// The line of the name; of the dataset's entry when the name is a default.
    public var line: Int?
    /// The setting, as messages name it: `datasets[0].group_by`.
    public var key: String
    public var name: String
    /// True when the name may also be a field the build adds (a derived field or the regions'
    /// field), not only one of the source.
    public var mayBeAdded: Bool
    /// True when the setting is not written and the name is its default (`latitude`).
    public var isDefault: Bool
}

/// The field names a dataset's settings give, in the order they are written.
///
/// Where a setting is written is not what it means: two configs are equal whatever their lines.
public struct FieldReferences: Sendable, Equatable {
    public var all: [FieldReference] = []

    public static func == (_: FieldReferences, _: FieldReferences) -> Bool { true }
}
