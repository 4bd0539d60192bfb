import Foundation

/// A k-d tree over the distinct positions ("sites") of a point set, as unit vectors in flat arrays.
///
/// The tree is implicit: a node is a range `lo..<hi` of slots. A range of at most `bucketSize`
/// slots is a leaf bucket; any other splits at `mid = (lo + hi) / 2` on `splitDimensions[mid]`,
/// with every slot in `lo..<mid` at or below `coordinates[3 * mid + dimension]` and every slot in
/// `mid..<hi` at or above it. Sites are numbered by slot, so each site's data sits next to its
/// spatial neighbours' in memory.
struct SiteTree: Sendable {
    /// The largest leaf bucket; small buckets prune well, larger ones recurse less.
    static let bucketSize = 8

    /// Unit vectors, three doubles per slot.
    let coordinates: [Double]
    /// The split dimension (0, 1 or 2) of the internal node whose median is this slot.
    let splitDimensions: [UInt8]
    /// The exact trigonometry of each site, for haversine distances and bearings.
    let trig: [TrigPoint]
    /// `members[memberStart[s] ..< memberStart[s + 1]]` are the point indices at site `s`, ascending.
    let memberStart: [Int32]
    let members: [Int32]

    var siteCount: Int { trig.count }
    var pointCount: Int { members.count }

    /// Builds the tree with median splits on each node's widest dimension.
    /// - Complexity: O(n log n) for n points.
    init(points: [GeoPoint]) {
        precondition(points.count < Int(Int32.max), "NeighbourIndex holds at most 2^31 - 1 points")
        let groups = points.withUnsafeBufferPointer { CoordinateGroups(points: $0) }
        let siteCount = groups.firstPoint.count
        var entries = groups.firstPoint.enumerated().map { site, point in
            let vector = points[Int(point)].unitVector
            return TreeEntry(x: vector.x, y: vector.y, z: vector.z, site: Int32(site))
        }
        var splitDimensions = [UInt8](repeating: 0, count: siteCount)
        entries.withUnsafeMutableBufferPointer { entries in
            splitDimensions.withUnsafeMutableBufferPointer { dimensions in
                Self.split(entries, dimensions, lo: 0, hi: siteCount)
            }
        }

        var slotOfSite = [Int32](repeating: 0, count: siteCount)
        var coordinates = [Double]()
        coordinates.reserveCapacity(3 * siteCount)
        for (slot, entry) in entries.enumerated() {
            slotOfSite[Int(entry.site)] = Int32(slot)
            coordinates += [entry.x, entry.y, entry.z]
        }
        let trig = entries.map { TrigPoint(points[Int(groups.firstPoint[Int($0.site)])]) }

        var memberStart = [Int32](repeating: 0, count: siteCount + 1)
        for group in groups.groupOfPoint { memberStart[Int(slotOfSite[Int(group)]) + 1] += 1 }
        for slot in 0..<siteCount { memberStart[slot + 1] += memberStart[slot] }
        var fill = memberStart
        var members = [Int32](repeating: 0, count: points.count)
        for (point, group) in groups.groupOfPoint.enumerated() {
            let slot = Int(slotOfSite[Int(group)])
            members[Int(fill[slot])] = Int32(point)
            fill[slot] += 1
        }

        self.coordinates = coordinates
        self.splitDimensions = splitDimensions
        self.trig = trig
        self.memberStart = memberStart
        self.members = members
    }

    private static func split(
        _ entries: UnsafeMutableBufferPointer<TreeEntry>, _ dimensions: UnsafeMutableBufferPointer<UInt8>,
        lo: Int, hi: Int
    ) {
        guard hi - lo > bucketSize else { return }
        var low = entries[lo]
        var high = low
        for index in lo + 1..<hi {
            let entry = entries[index]
            low.x = min(low.x, entry.x)
            low.y = min(low.y, entry.y)
            low.z = min(low.z, entry.z)
            high.x = max(high.x, entry.x)
            high.y = max(high.y, entry.y)
            high.z = max(high.z, entry.z)
        }
        let spreads = (high.x - low.x, high.y - low.y, high.z - low.z)
        let dimension = spreads.0 >= spreads.1 ? (spreads.0 >= spreads.2 ? 0 : 2) : (spreads.1 >= spreads.2 ? 1 : 2)
        let mid = (lo + hi) >> 1
        select(entries, lo: lo, hi: hi, nth: mid, dimension: dimension)
        dimensions[mid] = UInt8(dimension)
        split(entries, dimensions, lo: lo, hi: mid)
        split(entries, dimensions, lo: mid, hi: hi)
    }

    /// Rearranges `lo..<hi` so `nth` holds the value it would hold if sorted, with nothing larger
    /// before it and nothing smaller after it (Hoare's FIND, as `std::nth_element`).
    /// - Complexity: O(hi - lo) expected.
    private static func select(
        _ entries: UnsafeMutableBufferPointer<TreeEntry>, lo: Int, hi: Int, nth: Int, dimension: Int
    ) {
        var left = lo
        var right = hi - 1
        while left < right {
            let middle = (left + right) >> 1
            if entries[middle][dimension] < entries[left][dimension] { entries.swapAt(middle, left) }
            if entries[right][dimension] < entries[left][dimension] { entries.swapAt(right, left) }
            if entries[right][dimension] < entries[middle][dimension] { entries.swapAt(right, middle) }
            let pivot = entries[middle][dimension]
            var i = left
            var j = right
            while i <= j {
                while entries[i][dimension] < pivot { i += 1 }
                while entries[j][dimension] > pivot { j -= 1 }
                if i <= j {
                    entries.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if nth <= j {
                right = j
            } else if nth >= i {
                left = i
            } else {
                break
            }
        }
    }
}

/// A site's unit vector while the tree is being built.
private struct TreeEntry {
    var x: Double
    var y: Double
    var z: Double
    var site: Int32

    @inline(__always)
    subscript(dimension: Int) -> Double {
        dimension == 0 ? x : (dimension == 1 ? y : z)
    }
}
