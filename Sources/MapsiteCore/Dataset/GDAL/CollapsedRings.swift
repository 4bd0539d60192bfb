/// The rule for rings of fewer than four positions, in every format: a building cut at an
/// extract's edge (an OpenStreetMap export keeps only the nodes inside it) has a ring of two or
/// three, which encloses nothing. Such a ring is dropped: a hole from its polygon, an outer ring
/// with its polygon. The build warns once per dataset, naming the features; a feature left with
/// no polygon is an error, which says that `skip_invalid: true` builds without it.
enum CollapsedRings {
    /// Fewer positions than this: collapsed (a closed ring needs three corners and its first again).
    static let minimum = 4

    /// How many features the warning names before "… and N more".
    static let listed = 20

    /// The error of a feature whose every polygon had a collapsed outer ring.
    static func nothingLeft(at path: String, found: String) -> OGRGeometryReader.Problem {
        .init(
            field: path,
            expected:
                "a ring of at least 4 positions (rings of fewer, collapsed as where a shape is cut at an "
                + "extract's edge, are dropped, and this feature has no other polygon; skip_invalid: true "
                + "builds the site without such features, listing them)",
            found: found)
    }

    /// The one warning of a dataset whose features in `features` (their locations, in order) lost
    /// collapsed rings.
    /// - Parameter file: the file, with its layer when the features' locations leave it out.
    static func warning(file: String, features: [String]) -> String {
        let shown = features.prefix(listed).joined(separator: ", ")
        let more = features.count > listed ? ", … and \(features.count - listed) more" : ""
        let noun = features.count == 1 ? "feature" : "features"
        return
            "\(file): rings of fewer than 4 positions (collapsed, as where a shape is cut at an extract's edge) "
            + "dropped from \(features.count) \(noun): \(shown)\(more)"
    }
}
