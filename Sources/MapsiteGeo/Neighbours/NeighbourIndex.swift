import Dispatch
import Foundation

/// Exact k-nearest-neighbour queries over a fixed set of points, by great-circle distance.
///
/// The index is a k-d tree over unit vectors (see `KDTree`): chord length grows with
/// great-circle distance, so the antimeridian and the poles need no special cases. Points with
/// bit-identical coordinates are stored once. Results are exactly what a brute-force search
/// would return: sorted by `GreatCircle.distance` in metres, ties broken by lower index (callers
/// sort items by id first, so this is "ties broken by id").
///
/// ```swift
/// let index = NeighbourIndex(points: items.map(\.position))
/// let table = index.allNearest(k: 8)      // table[i] = the 8 items nearest item i
/// let boxes = NeighbourIndex(points: postboxes.map(\.position))
/// let nearestBoxes = boxes.nearest(to: photos.map(\.position), k: 3)
/// ```
public struct NeighbourIndex: Sendable {
    private let tree: KDTree

    /// The number of indexed points.
    public var count: Int { tree.pointCount }

    /// The groups of two or more points with bit-identical coordinates, each in ascending order,
    /// groups by their first point. The tree holds each position once, so this costs no search.
    public var sharedPositions: [[Int32]] {
        var groups: [[Int32]] = []
        for site in 0..<tree.siteCount {
            let start = Int(tree.memberStart[site])
            let end = Int(tree.memberStart[site + 1])
            if end - start > 1 { groups.append(Array(tree.members[start..<end])) }
        }
        return groups.sorted { $0[0] < $1[0] }
    }

    /// Builds the index. Coordinates must be finite, in degrees.
    /// - Complexity: O(n log n).
    public init(points: [GeoPoint]) {
        precondition(
            points.allSatisfy { $0.latitude.isFinite && $0.longitude.isFinite },
            "NeighbourIndex needs finite coordinates")
        tree = KDTree(points: points)
    }

    /// The `k` indexed points nearest to `point`, nearest first, ties broken by lower index.
    ///
    /// - Parameters:
    ///   - excluding: an index to leave out, usually the query item itself.
    /// - Returns: `min(k, count)` neighbours, one fewer when `excluding` is a valid index.
    /// - Complexity: O(log n + k) expected for spread-out points.
    public func nearest(to point: GeoPoint, k: Int, excluding: Int? = nil) -> [Neighbour] {
        precondition(k >= 0, "k must not be negative")
        let excluded = excluding.flatMap { (0..<count).contains($0) ? Int32($0) : nil }
        let wanted = min(k, count - (excluded == nil ? 0 : 1))
        guard wanted > 0 else { return [] }
        return tree.withView { tree in
            var search = NeighbourSearch(tree: tree, needed: wanted + (excluded == nil ? 0 : 1))
            let query = TrigPoint(point)
            var result: [Neighbour] = []
            result.reserveCapacity(wanted)
            for candidate in search.run(from: query, at: point.unitVector) where candidate.point != excluded {
                guard result.count < wanted else { break }
                let bearing = query.bearing(to: tree.trig[Int(candidate.slot)])
                result.append(Neighbour(index: candidate.point, distance: candidate.distance, bearing: bearing))
            }
            return result
        }
    }

    /// The `k` indexed points nearest to each of `points`, in parallel: row `i` answers `points[i]`.
    ///
    /// This is the cross-set query, e.g. the three nearest postboxes to every photo: index the
    /// postboxes and pass the photos' positions.
    /// - Returns: a table whose `stride` is `min(k, count)`.
    /// - Complexity: O(m (log n + k)) expected for m queries, spread over all cores.
    public func nearest(to points: [GeoPoint], k: Int) -> NeighbourTable {
        precondition(k >= 0, "k must not be negative")
        let stride = min(k, count)
        guard stride > 0 else { return NeighbourTable(stride: 0, rowCount: points.count, neighbours: []) }
        let neighbours = [Neighbour](unsafeUninitializedCapacity: points.count * stride) { buffer, initialized in
            let output = SharedPointer(base: buffer.baseAddress!)
            points.withUnsafeBufferPointer { queries in
                tree.withView { tree in
                    forEachChunkConcurrently(count: queries.count, chunkSize: 256) { chunk in
                        var search = NeighbourSearch(tree: tree, needed: stride)
                        for row in chunk {
                            let query = TrigPoint(queries[row])
                            let found = search.run(from: query, at: queries[row].unitVector)
                            for (column, candidate) in found.enumerated() {
                                let bearing = query.bearing(to: tree.trig[Int(candidate.slot)])
                                (output.base + row * stride + column).initialize(
                                    to: Neighbour(
                                        index: candidate.point, distance: candidate.distance, bearing: bearing))
                            }
                        }
                    }
                }
            }
            initialized = points.count * stride
        }
        return NeighbourTable(stride: stride, rowCount: points.count, neighbours: neighbours)
    }

    /// The `k` nearest other points for every indexed point, in parallel: row `i` answers point `i`.
    ///
    /// Each distinct position is searched once for `k + 1` points, and every point there takes that
    /// list minus itself, so duplicates cost nothing extra. Sites are visited in tree order, which
    /// keeps consecutive queries close together in memory.
    /// - Returns: a table whose `stride` is `min(k, count - 1)`.
    /// - Complexity: O(n (log n + k)) expected, spread over all cores.
    public func allNearest(k: Int) -> NeighbourTable {
        precondition(k >= 0, "k must not be negative")
        let stride = max(0, min(k, count - 1))
        guard stride > 0 else { return NeighbourTable(stride: 0, rowCount: count, neighbours: []) }
        let neighbours = [Neighbour](unsafeUninitializedCapacity: count * stride) { buffer, initialized in
            let output = SharedPointer(base: buffer.baseAddress!)
            tree.withView { tree in
                forEachChunkConcurrently(count: tree.siteCount, chunkSize: 512) { slots in
                    var search = NeighbourSearch(tree: tree, needed: stride + 1)
                    let bearings = UnsafeMutablePointer<Double>.allocate(capacity: stride + 1)
                    defer { bearings.deallocate() }
                    for slot in slots {
                        let site = tree.trig[slot]
                        let vector = tree.coordinates + 3 * slot
                        let found = search.run(from: site, at: (vector[0], vector[1], vector[2]), slot: slot)
                        for (column, candidate) in found.enumerated() {
                            // Bearing from a point to itself is exactly 0 (atan2(0, 0)); skip its trigonometry.
                            let target = Int(candidate.slot)
                            bearings[column] = target == slot ? 0 : site.bearing(to: tree.trig[target])
                        }
                        for member in tree.members(of: slot) {
                            let row = output.base + Int(member) * stride
                            var written = 0
                            for (column, candidate) in found.enumerated() where candidate.point != member {
                                guard written < stride else { break }
                                (row + written).initialize(
                                    to: Neighbour(
                                        index: candidate.point, distance: candidate.distance, bearing: bearings[column])
                                )
                                written += 1
                            }
                        }
                    }
                }
            }
            initialized = count * stride
        }
        return NeighbourTable(stride: stride, rowCount: count, neighbours: neighbours)
    }
}
