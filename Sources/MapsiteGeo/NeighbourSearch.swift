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

    private let tree: SiteTree.View
    /// How many points the search must find: k, plus one when a query excludes itself.
    let needed: Int

    private let heap: UnsafeMutablePointer<HeapEntry>
    private var heapCount = 0
    private var heapPoints = 0
    private var spill: UnsafeMutablePointer<HeapEntry>
    private var spillCount = 0
    private var spillCapacity = 64
    private var candidates: UnsafeMutablePointer<Candidate>
    private var candidateCount = 0
    private var candidateCapacity = 64
    /// Far children still to visit; the tree is at most 32 levels deep, each level adds at most one.
    private let stack: UnsafeMutablePointer<StackEntry>
    private var vector = (x: 0.0, y: 0.0, z: 0.0)
    private var query: TrigPoint
    /// The query's own slot when it is an indexed site, whose distance is exactly zero.
    private var querySlot = -1
    /// The squared chord beyond which nothing can enter the result: (k-th chord + tolerance)².
    private var pruneBound = Double.infinity

    init(tree: SiteTree.View, needed: Int) {
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
            while hi - lo > SiteTree.bucketSize {
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

    @inline(__always)
    private mutating func offer(slot: Int, squaredChord: Double) {
        if heapPoints >= needed && squaredChord >= heap[0].key {
            appendSpill(HeapEntry(key: squaredChord, slot: Int32(slot), count: 0))
            return
        }
        let count = tree.memberStart[slot + 1] - tree.memberStart[slot]
        push(HeapEntry(key: squaredChord, slot: Int32(slot), count: count))
        heapPoints += Int(count)
        while heapPoints - Int(heap[0].count) >= needed {
            let evicted = pop()
            heapPoints -= Int(evicted.count)
            appendSpill(evicted)
        }
        if heapPoints >= needed {
            let reach = heap[0].key.squareRoot() + Self.tieTolerance
            pruneBound = reach * reach
        }
    }

    private mutating func push(_ entry: HeapEntry) {
        var child = heapCount
        heapCount += 1
        while child > 0 {
            let parent = (child - 1) >> 1
            guard heap[parent].key < entry.key else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = entry
    }

    private mutating func pop() -> HeapEntry {
        let top = heap[0]
        heapCount -= 1
        let last = heap[heapCount]
        var parent = 0
        while true {
            var child = 2 * parent + 1
            guard child < heapCount else { break }
            if child + 1 < heapCount && heap[child + 1].key > heap[child].key { child += 1 }
            guard heap[child].key > last.key else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = last
        return top
    }

    private mutating func appendSpill(_ entry: HeapEntry) {
        if spillCount == spillCapacity {
            // Drop entries the shrinking bound has since ruled out before growing the buffer.
            var kept = 0
            for index in 0..<spillCount where spill[index].key <= pruneBound {
                spill[kept] = spill[index]
                kept += 1
            }
            spillCount = kept
            if spillCount * 2 > spillCapacity {
                Self.grow(&spill, count: spillCount, capacity: &spillCapacity)
            }
        }
        spill[spillCount] = entry
        spillCount += 1
    }

    /// Adds up to `needed` points of the site at `slot`, with their exact haversine distance.
    private mutating func gather(slot: Int) {
        // A point's haversine distance to itself is exactly 0, so the shortcut changes nothing.
        let distance = slot == querySlot ? 0 : query.distance(to: tree.trig[slot])
        let members = tree.members(of: slot)
        for member in members.prefix(needed) {
            if candidateCount == candidateCapacity {
                Self.grow(&candidates, count: candidateCount, capacity: &candidateCapacity)
            }
            candidates[candidateCount] = Candidate(distance: distance, point: member, slot: Int32(slot))
            candidateCount += 1
        }
    }

    private mutating func sortCandidates() {
        if candidateCount <= 32 {
            for index in 1..<max(1, candidateCount) {
                let candidate = candidates[index]
                var hole = index
                while hole > 0 && candidate.precedes(candidates[hole - 1]) {
                    candidates[hole] = candidates[hole - 1]
                    hole -= 1
                }
                candidates[hole] = candidate
            }
        } else {
            var buffer = UnsafeMutableBufferPointer(start: candidates, count: candidateCount)
            buffer.sort { $0.precedes($1) }
        }
    }

    private static func grow<Element>(_ buffer: inout UnsafeMutablePointer<Element>, count: Int, capacity: inout Int) {
        capacity *= 2
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        larger.moveInitialize(from: buffer, count: count)
        buffer.deallocate()
        buffer = larger
    }
}

/// A far child waiting to be visited: its slots, squared distance and per-dimension offsets.
struct StackEntry {
    var lo: Int32
    var hi: Int32
    var reach: Double
    var offsets: (Double, Double, Double)
}

/// A site in the heap or spill list, keyed by squared chord length.
struct HeapEntry {
    var key: Double
    var slot: Int32
    var count: Int32
}

/// A point that may be among the nearest, with its exact haversine distance.
struct Candidate {
    var distance: Double
    var point: Int32
    var slot: Int32

    /// Ordering by (distance, index): the order a brute-force haversine sort produces.
    @inline(__always)
    func precedes(_ other: Candidate) -> Bool {
        distance < other.distance || (distance == other.distance && point < other.point)
    }
}
