import Foundation

/// One thread's k-nearest search: a bounded max-heap and scratch buffers reused across queries,
/// so the hot loop never allocates.
///
/// The tree is searched by chord distance, which is cheap, but results must rank exactly like a
/// haversine sort with ties broken by index. Chord and haversine agree on order except when two
/// distances differ by rounding error (about 1e-15 of the Earth's radius), so the search keeps
/// not just the k nearest sites by chord but every site within `tieTolerance` of the k-th. Those
/// candidates are then ranked by (haversine metres, index). Any point in the true haversine top k
/// has a chord within a few ulps of the k-th chord, far inside the tolerance, so none is missed.
struct NeighbourSearch: ~Copyable {
    /// Extra chord length, on the unit sphere, within which near-ties are re-ranked by haversine.
    /// 1e-11 is about 64 µm on the Earth: thousands of times any rounding error, yet it admits
    /// only genuine near-ties.
    static let tieTolerance = 1e-11

    let tree: KDTree.View
    /// How many points the search must find: k, plus one when a query excludes itself.
    let needed: Int

    let heap: UnsafeMutablePointer<HeapEntry>
    var heapCount = 0
    var heapPoints = 0
    var spill: UnsafeMutablePointer<HeapEntry>
    var spillCount = 0
    var spillCapacity = 64
    var candidates: UnsafeMutablePointer<Candidate>
    var candidateCount = 0
    var candidateCapacity = 64
    /// Far children still to visit; the tree is at most 32 levels deep, each level adds at most one.
    private let stack: UnsafeMutablePointer<StackEntry>
    private var vector = (x: 0.0, y: 0.0, z: 0.0)
    var query: TrigPoint
    /// The query's own slot when it is an indexed site, whose distance is exactly zero.
    var querySlot = -1
    /// The squared chord beyond which nothing can enter the result: (k-th chord + tolerance)².
    var pruneBound = Double.infinity

    init(tree: KDTree.View, needed: Int) {
        self.tree = tree
        self.needed = needed
        heap = .allocate(capacity: needed + 1)
        spill = .allocate(capacity: spillCapacity)
        candidates = .allocate(capacity: candidateCapacity)
        stack = .allocate(capacity: 64)
        query = TrigPoint(GeoPoint(latitude: 0, longitude: 0))
    }

    deinit {
        heap.deallocate()
        spill.deallocate()
        candidates.deallocate()
        stack.deallocate()
    }

    /// Finds the `needed` points nearest to `point`, sorted by (haversine distance, index).
    ///
    /// The buffer is valid until the next call. It holds fewer than `needed` entries only when the
    /// tree holds fewer points. Pass `slot` when the query is an indexed site, to skip its own trigonometry.
    /// - Complexity: O(log n + k) expected for well-spread points; sites sharing coordinates count once.
    mutating func run(
        from point: TrigPoint, at unit: (x: Double, y: Double, z: Double), slot: Int = -1
    ) -> UnsafeBufferPointer<Candidate> {
        query = point
        querySlot = slot
        vector = unit
        heapCount = 0
        heapPoints = 0
        spillCount = 0
        candidateCount = 0
        pruneBound = .infinity
        if tree.siteCount > 0 { descend() }

        for index in 0..<heapCount { gather(slot: Int(heap[index].slot)) }
        for index in 0..<spillCount where spill[index].key <= pruneBound { gather(slot: Int(spill[index].slot)) }
        sortCandidates()
        return UnsafeBufferPointer(start: candidates, count: min(needed, candidateCount))
    }

    /// Walks the tree depth-first, near child first, keeping unvisited far children on a stack.
    ///
    /// Each stack entry carries the squared distance from the query to its cell and the
    /// per-dimension offsets behind it (Arya & Mount's incremental distance), so a far child is
    /// skipped as soon as the shrinking bound rules it out.
    private mutating func descend() {
        let (x, y, z) = vector
        var depth = 1
        stack[0] = StackEntry(lo: 0, hi: Int32(tree.siteCount), reach: 0, offsets: (0, 0, 0))
        while depth > 0 {
            depth -= 1
            let entry = stack[depth]
            guard entry.reach <= pruneBound else { continue }
            var lo = Int(entry.lo)
            var hi = Int(entry.hi)
            let offsets = entry.offsets
            while hi - lo > KDTree.bucketSize {
                let mid = (lo + hi) >> 1
                let dimension = Int(tree.splitDimensions[mid])
                let split = tree.splitValues[mid]
                var far = offsets
                let difference: Double
                let previous: Double
                switch dimension {
                case 0:
                    difference = x - split
                    previous = offsets.0
                    far.0 = difference
                case 1:
                    difference = y - split
                    previous = offsets.1
                    far.1 = difference
                default:
                    difference = z - split
                    previous = offsets.2
                    far.2 = difference
                }
                let farReach = entry.reach - previous * previous + difference * difference
                if difference < 0 {
                    if farReach <= pruneBound {
                        stack[depth] = StackEntry(lo: Int32(mid), hi: Int32(hi), reach: farReach, offsets: far)
                        depth += 1
                    }
                    hi = mid
                } else {
                    if farReach <= pruneBound {
                        stack[depth] = StackEntry(lo: Int32(lo), hi: Int32(mid), reach: farReach, offsets: far)
                        depth += 1
                    }
                    lo = mid
                }
            }
            for slot in lo..<hi {
                let site = tree.coordinates + 3 * slot
                let dx = site[0] - x
                let dy = site[1] - y
                let dz = site[2] - z
                let squared = dx * dx + dy * dy + dz * dz
                if squared <= pruneBound { offer(slot: slot, squaredChord: squared) }
            }
        }
    }
}

/// A far child waiting to be visited: its slots, squared distance and per-dimension offsets.
struct StackEntry {
    var lo: Int32
    var hi: Int32
    var reach: Double
    var offsets: (Double, Double, Double)
}
