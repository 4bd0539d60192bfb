import Foundation

/// Points grouped by bit-identical coordinates, so duplicates are stored and searched once.
///
/// Grouping keeps the neighbour search fast on datasets where thousands of items share one
/// position (a museum, a default location): the tree holds each position once, and all the
/// items there share one query.
struct CoordinateGroups {
    /// For each group, the first (lowest) point index with its coordinates.
    var firstPoint: [Int32]
    /// For each point, the group holding it.
    var groupOfPoint: [Int32]

    /// Groups `points` with an open-addressing hash table keyed on the coordinates' bit patterns.
    /// - Complexity: O(n) expected.
    init(points: UnsafeBufferPointer<GeoPoint>) {
        var capacity = 16
        while capacity < points.count * 2 { capacity <<= 1 }
        let mask = capacity - 1
        var slots = [Int32](repeating: -1, count: capacity)
        var firstPoint: [Int32] = []
        var groupOfPoint = [Int32](repeating: 0, count: points.count)
        slots.withUnsafeMutableBufferPointer { slots in
            for (index, point) in points.enumerated() {
                let latitudeBits = point.latitude.bitPattern
                let longitudeBits = point.longitude.bitPattern
                var slot = Int(truncatingIfNeeded: Self.hash(latitudeBits, longitudeBits)) & mask
                while true {
                    let group = slots[slot]
                    if group < 0 {
                        slots[slot] = Int32(firstPoint.count)
                        groupOfPoint[index] = Int32(firstPoint.count)
                        firstPoint.append(Int32(index))
                        break
                    }
                    let other = points[Int(firstPoint[Int(group)])]
                    if other.latitude.bitPattern == latitudeBits && other.longitude.bitPattern == longitudeBits {
                        groupOfPoint[index] = group
                        break
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
        self.firstPoint = firstPoint
        self.groupOfPoint = groupOfPoint
    }

    /// SplitMix64's finaliser over both coordinates; good enough to spread grid-like inputs.
    @inline(__always)
    private static func hash(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var z = a &* 0x9E37_79B9_7F4A_7C15 ^ (b &+ 0x632B_E59B_D9B4_E019)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
