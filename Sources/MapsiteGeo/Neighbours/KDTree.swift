import Dispatch
import Foundation

/// A k-d tree over the distinct positions ("sites") of a point set, as unit vectors in flat arrays.
///
/// The tree is implicit: a node is a range `lo..<hi` of slots. A range of at most `bucketSize`
/// slots is a leaf bucket; any other splits at `mid = (lo + hi) / 2` on `splitDimensions[mid]`,
/// with every slot in `lo..<mid` at or below `splitValues[mid]` and every slot in `mid..<hi` at
/// or above it. (The median itself may move when the right half is split in turn, so the value
/// is kept apart.) Internal nodes' mids are distinct, so one slot-indexed array serves them all. Sites are numbered by slot, so each site's data sits next to its
/// spatial neighbours' in memory.
struct KDTree: Sendable {
    /// The largest leaf bucket; small buckets prune well, larger ones recurse less.
    static let bucketSize = 8

    /// Unit vectors, three doubles per slot.
    let coordinates: [Double]
    /// The split dimension (0, 1 or 2) of the internal node whose median is this slot.
    let splitDimensions: [UInt8]
    /// The split value of the internal node whose median is this slot.
    let splitValues: [Double]
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
        var entries = [TreeEntry](unsafeUninitializedCapacity: siteCount) { buffer, initialized in
            let output = SharedPointer(base: buffer.baseAddress!)
            groups.firstPoint.withUnsafeBufferPointer { firstPoint in
                forEachChunkConcurrently(count: siteCount, chunkSize: 8192) { chunk in
                    for site in chunk {
                        let vector = points[Int(firstPoint[site])].unitVector
                        (output.base + site).initialize(
                            to: TreeEntry(x: vector.x, y: vector.y, z: vector.z, site: Int32(site)))
                    }
                }
            }
            initialized = siteCount
        }
        var splitDimensions = [UInt8](repeating: 0, count: siteCount)
        var splitValues = [Double](repeating: 0, count: siteCount)
        entries.withUnsafeMutableBufferPointer { entries in
            splitDimensions.withUnsafeMutableBufferPointer { dimensions in
                splitValues.withUnsafeMutableBufferPointer { values in
                    Self.split(entries, dimensions, values, lo: 0, hi: siteCount)
                }
            }
        }

        var slotOfSite = [Int32](repeating: 0, count: siteCount)
        var coordinates = [Double](repeating: 0, count: 3 * siteCount)
        for (slot, entry) in entries.enumerated() {
            slotOfSite[Int(entry.site)] = Int32(slot)
            coordinates[3 * slot] = entry.x
            coordinates[3 * slot + 1] = entry.y
            coordinates[3 * slot + 2] = entry.z
        }
        let trig = [TrigPoint](unsafeUninitializedCapacity: siteCount) { buffer, initialized in
            let output = SharedPointer(base: buffer.baseAddress!)
            entries.withUnsafeBufferPointer { entries in
                groups.firstPoint.withUnsafeBufferPointer { firstPoint in
                    forEachChunkConcurrently(count: siteCount, chunkSize: 8192) { chunk in
                        for slot in chunk {
                            (output.base + slot).initialize(
                                to: TrigPoint(points[Int(firstPoint[Int(entries[slot].site)])]))
                        }
                    }
                }
            }
            initialized = siteCount
        }

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
        self.splitValues = splitValues
        self.trig = trig
        self.memberStart = memberStart
        self.members = members
    }

    /// Splits `lo..<hi` and its descendants; the top `parallelDepth` levels split their two
    /// halves on separate threads (they touch disjoint slots).
    private static func split(
        _ entries: UnsafeMutableBufferPointer<TreeEntry>, _ dimensions: UnsafeMutableBufferPointer<UInt8>,
        _ values: UnsafeMutableBufferPointer<Double>, lo: Int, hi: Int, parallelDepth: Int = 3
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
        switch dimension {
        case 0: select(entries, lo: lo, hi: hi, nth: mid, by: XAxis.self)
        case 1: select(entries, lo: lo, hi: hi, nth: mid, by: YAxis.self)
        default: select(entries, lo: lo, hi: hi, nth: mid, by: ZAxis.self)
        }
        dimensions[mid] = UInt8(dimension)
        values[mid] = entries[mid][dimension]
        if parallelDepth > 0 && hi - lo > 50_000 {
            let shared = SharedTreeBuffers(entries: entries, dimensions: dimensions, values: values)
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                split(
                    shared.entries, shared.dimensions, shared.values, lo: half == 0 ? lo : mid,
                    hi: half == 0 ? mid : hi,
                    parallelDepth: parallelDepth - 1)
            }
        } else {
            split(entries, dimensions, values, lo: lo, hi: mid, parallelDepth: 0)
            split(entries, dimensions, values, lo: mid, hi: hi, parallelDepth: 0)
        }
    }

    /// Rearranges `lo..<hi` so `nth` holds the value it would hold if sorted, with nothing larger
    /// before it and nothing smaller after it (Hoare's FIND, as `std::nth_element`). Generic over
    /// the axis so each axis gets its own specialised loop.
    /// - Complexity: O(hi - lo) expected.
    private static func select<Axis: TreeAxis>(
        _ entries: UnsafeMutableBufferPointer<TreeEntry>, lo: Int, hi: Int, nth: Int, by _: Axis.Type
    ) {
        var left = lo
        var right = hi - 1
        while left < right {
            let middle = (left + right) >> 1
            if Axis.value(entries[middle]) < Axis.value(entries[left]) { entries.swapAt(middle, left) }
            if Axis.value(entries[right]) < Axis.value(entries[left]) { entries.swapAt(right, left) }
            if Axis.value(entries[right]) < Axis.value(entries[middle]) { entries.swapAt(right, middle) }
            let pivot = Axis.value(entries[middle])
            var i = left
            var j = right
            while i <= j {
                while Axis.value(entries[i]) < pivot { i += 1 }
                while Axis.value(entries[j]) > pivot { j -= 1 }
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

/// The build's buffers, shared by the threads splitting disjoint halves.
private struct SharedTreeBuffers: @unchecked Sendable {
    let entries: UnsafeMutableBufferPointer<TreeEntry>
    let dimensions: UnsafeMutableBufferPointer<UInt8>
    let values: UnsafeMutableBufferPointer<Double>
}

/// One coordinate of a `TreeEntry`, as a type so `select` specialises per axis.
private protocol TreeAxis {
    static func value(_ entry: TreeEntry) -> Double
}

private enum XAxis: TreeAxis {
    @inline(__always) static func value(_ entry: TreeEntry) -> Double { entry.x }
}

private enum YAxis: TreeAxis {
    @inline(__always) static func value(_ entry: TreeEntry) -> Double { entry.y }
}

private enum ZAxis: TreeAxis {
    @inline(__always) static func value(_ entry: TreeEntry) -> Double { entry.z }
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
