import MapsiteGeo

extension Locations {
    /// The nearest places of each item that shares a location, leaving out the location's own
    /// places: a page lists those once, under "Also at this place", never again as neighbours
    /// "0 m" away. Items alone at their place keep the rows of `allNearest`.
    ///
    /// - Returns: for each item of a location, its `k` nearest items outside the location
    ///   (fewer when the dataset has fewer), nearest first, ties by index.
    /// - Complexity: one query of `k + m` neighbours per distinct position of a location of `m`
    ///   items; places at identical coordinates share their query.
    static func neighboursOutside(
        _ locations: [[Int32]], points: [GeoPoint], k: Int, index: NeighbourIndex
    ) -> [Int32: [Neighbour]] {
        var rows: [Int32: [Neighbour]] = [:]
        guard k > 0 else { return rows }
        for members in locations {
            let inside = Set(members)
            var byPosition: [GeoPoint: [Neighbour]] = [:]
            for member in members {
                let point = points[Int(member)]
                if let row = byPosition[point] {
                    rows[member] = row
                    continue
                }
                let row = Array(
                    index.nearest(to: point, k: k + members.count).lazy.filter { !inside.contains($0.index) }.prefix(k))
                byPosition[point] = row
                rows[member] = row
            }
        }
        return rows
    }
}
