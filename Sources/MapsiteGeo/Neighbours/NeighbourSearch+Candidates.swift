import Foundation

/// The bounded max-heap, the spill list of near-ties and the final ranking by haversine.
extension NeighbourSearch {
    /// Takes a site the caller found within `pruneBound`: into the heap if it beats the current
    /// k-th, else onto the spill list in case it ties with the final k-th.
    @inline(__always)
    mutating func offer(slot: Int, squaredChord: Double) {
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

    /// Adds `entry` to the max-heap (root: the farthest kept site).
    mutating func push(_ entry: HeapEntry) {
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

    /// Removes and returns the farthest kept site.
    mutating func pop() -> HeapEntry {
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

    /// Keeps a site that is not among the k nearest by chord but might tie with the k-th.
    mutating func appendSpill(_ entry: HeapEntry) {
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
    mutating func gather(slot: Int) {
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

    /// Sorts the candidates by (haversine distance, index): insertion sort for the usual handful.
    mutating func sortCandidates() {
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

    /// Doubles a scratch buffer, keeping its first `count` elements.
    static func grow<Element>(_ buffer: inout UnsafeMutablePointer<Element>, count: Int, capacity: inout Int) {
        capacity *= 2
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        larger.moveInitialize(from: buffer, count: count)
        buffer.deallocate()
        buffer = larger
    }
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
