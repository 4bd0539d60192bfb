import MapsiteGeo

/// Items at one place: identical coordinates, or, with a radius, places around a centre place.
///
/// With a radius, every location has a centre, one of its places, and every other place in it lies
/// within the radius of that centre, so no location stretches further than twice the radius (no
/// chains of places each near the next). Places with the most others within the radius are taken
/// as centres first (ties: the first in the dataset's order), each taking the places within the
/// radius that no earlier centre took. Places at identical coordinates always share a location.
enum Locations {
    /// - Returns: for each item its location (-1 for an item alone at its place), and each
    ///   location's items ascending, the locations in the order of their first item.
    /// - Complexity: O(n) for radius 0; otherwise two neighbour queries per item at most, each
    ///   growing k until the k-th neighbour lies beyond the radius.
    static func group(_ points: [GeoPoint], radius: Double, index: NeighbourIndex) -> ([Int32], [[Int32]]) {
        var centreOf = [Int32](repeating: -1, count: points.count)
        if radius <= 0 {
            for group in index.sharedPositions where group.count > 1 {
                for member in group { centreOf[Int(member)] = group[0] }
            }
        } else {
            var counts = [Int32](repeating: 0, count: points.count)
            for position in points.indices {
                counts[position] = Int32(within(radius, of: position, points, index).count)
            }
            let order = points.indices.filter { counts[$0] > 0 }.sorted {
                counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1
            }
            for centre in order where centreOf[centre] < 0 {
                let free = within(radius, of: centre, points, index).filter { centreOf[Int($0)] < 0 }
                guard !free.isEmpty else { continue }
                centreOf[centre] = Int32(centre)
                for member in free { centreOf[Int(member)] = Int32(centre) }
            }
        }
        // A location per centre with others, in the order of its first item; its items ascending.
        var locationOfCentre = [Int32: Int32]()
        var locationOfItem = [Int32](repeating: -1, count: points.count)
        var locations: [[Int32]] = []
        for (item, centre) in centreOf.enumerated() where centre >= 0 {
            let location =
                locationOfCentre[centre]
                ?? {
                    let new = Int32(locations.count)
                    locationOfCentre[centre] = new
                    locations.append([])
                    return new
                }()
            locationOfItem[item] = location
            locations[Int(location)].append(Int32(item))
        }
        return (locationOfItem, locations)
    }

    /// The other places within `radius` metres of the place at `position`.
    private static func within(
        _ radius: Double, of position: Int, _ points: [GeoPoint], _ index: NeighbourIndex
    ) -> [Int32] {
        var k = 8
        while true {
            let found = index.nearest(to: points[position], k: k, excluding: position)
            guard found.count == k, let last = found.last, last.distance <= radius else {
                return found.filter { $0.distance <= radius }.map(\.index)
            }
            k *= 2
        }
    }
}
