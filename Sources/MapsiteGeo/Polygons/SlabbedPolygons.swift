/// Polygons whose rings have their edges bucketed into horizontal slabs, so that a
/// point-in-polygon test reads only the few edges near the point's latitude instead of every edge.
///
/// The ray from a point crosses, or touches, only edges whose latitude range holds the point's
/// latitude, and every such edge is filed under the slab holding that latitude (slab numbers grow
/// monotonically with latitude, for edge ends and query points alike). So the test reads one slab
/// per ring and gives exactly `Polygon.contains`'s answer.
struct SlabbedPolygons: Sendable {
    struct Edge: Sendable {
        var x1, y1, x2, y2: Double
    }

    struct Ring: Sendable {
        var bounds: GeoBounds
        /// Slabs per degree of latitude; 0 with a single slab.
        var scale: Double
        var firstSlab: Int32
        var slabCount: Int32
    }

    /// Where each polygon's rings start in `rings`, outer ring first, with one more entry at the end.
    private var firstRing: [Int32] = [0]
    private var rings: [Ring] = []
    /// Where each slab's edges start in `edges`, with one more entry at the end.
    private var slabStart: [Int32] = [0]
    private var edges: [Edge] = []

    /// - Complexity: O(e + s) for e edges in all, s the edges filed per slab summed over slabs
    ///   (2e to 3e for polygons of a few hundred vertices, with about e/2 slabs each).
    init(polygons: [Polygon]) {
        for polygon in polygons {
            for ring in polygon.rings { append(ring) }
            firstRing.append(Int32(rings.count))
        }
        precondition(edges.count < Int(Int32.max), "too many polygon edges")
    }

    /// The arrays as buffers, so that many queries in a row pay no reference counting.
    func withView<Result>(_ body: (View) -> Result) -> Result {
        firstRing.withUnsafeBufferPointer { firstRing in
            rings.withUnsafeBufferPointer { rings in
                slabStart.withUnsafeBufferPointer { slabStart in
                    edges.withUnsafeBufferPointer { edges in
                        body(View(firstRing: firstRing, rings: rings, slabStart: slabStart, edges: edges))
                    }
                }
            }
        }
    }

    struct View {
        let firstRing: UnsafeBufferPointer<Int32>
        let rings: UnsafeBufferPointer<Ring>
        let slabStart: UnsafeBufferPointer<Int32>
        let edges: UnsafeBufferPointer<Edge>

        /// Whether the point `(x, y)` (longitude, latitude) lies inside or on the boundary of
        /// polygon `polygon`: inside the outer ring (or on any ring) and not strictly inside a hole.
        /// - Complexity: O(r + k) for r rings and the k edges in the point's slab of each ring
        ///   whose bounds hold the point.
        @inline(__always)
        func contains(x: Double, y: Double, polygon: Int) -> Bool {
            var insideOuter = false
            var insideHole = false
            let outer = Int(firstRing[polygon])
            for index in outer..<Int(firstRing[polygon + 1]) {
                let ring = rings[index]
                guard x >= ring.bounds.minLongitude, x <= ring.bounds.maxLongitude, y >= ring.bounds.minLatitude,
                    y <= ring.bounds.maxLatitude
                else { continue }
                let slab =
                    Int(ring.firstSlab) + min(Int(ring.slabCount) - 1, Int((y - ring.bounds.minLatitude) * ring.scale))
                var odd = false
                for position in Int(slabStart[slab])..<Int(slabStart[slab + 1]) {
                    let edge = edges[position]
                    switch EdgeCrossing.classify(edge.x1, edge.y1, edge.x2, edge.y2, x: x, y: y) {
                    case .boundary: return true
                    case .crossing: odd.toggle()
                    case .none: break
                    }
                }
                if odd { if index == outer { insideOuter = true } else { insideHole = true } }
            }
            return insideOuter && !insideHole
        }
    }

    private mutating func append(_ vertices: [GeoPoint]) {
        guard let bounds = GeoBounds(points: vertices), var previous = vertices.last else {
            // An empty ring holds nothing; it keeps its place so that ring 0 stays the outer one.
            let nowhere = GeoBounds(minLatitude: .infinity, minLongitude: .infinity, maxLatitude: 0, maxLongitude: 0)
            rings.append(Ring(bounds: nowhere, scale: 0, firstSlab: Int32(slabStart.count - 1), slabCount: 1))
            slabStart.append(Int32(edges.count))
            return
        }
        var ringEdges: [Edge] = []
        ringEdges.reserveCapacity(vertices.count)
        for vertex in vertices {
            // A repeated vertex makes an edge of length 0, which never decides anything: the
            // vertex still ends the edge before it.
            if vertex != previous {
                ringEdges.append(
                    Edge(x1: previous.longitude, y1: previous.latitude, x2: vertex.longitude, y2: vertex.latitude))
            }
            previous = vertex
        }
        let height = bounds.maxLatitude - bounds.minLatitude
        // About two edges per slab: fewer slabs read more edges, more slabs file long edges many times.
        let slabCount = ringEdges.count <= 8 || !(height > 0) ? 1 : min(ringEdges.count / 2, 1 << 16)
        let ring = Ring(
            bounds: bounds, scale: slabCount > 1 ? Double(slabCount) / height : 0,
            firstSlab: Int32(slabStart.count - 1), slabCount: Int32(slabCount))
        func slabs(_ edge: Edge) -> ClosedRange<Int> {
            func slab(_ y: Double) -> Int { min(slabCount - 1, Int((y - bounds.minLatitude) * ring.scale)) }
            return slab(min(edge.y1, edge.y2))...slab(max(edge.y1, edge.y2))
        }
        var next = [Int](repeating: 0, count: slabCount)
        for edge in ringEdges {
            for slab in slabs(edge) { next[slab] += 1 }
        }
        var start = edges.count
        for slab in 0..<slabCount {
            (next[slab], start) = (start, start + next[slab])
            slabStart.append(Int32(start))
        }
        edges.append(contentsOf: repeatElement(Edge(x1: 0, y1: 0, x2: 0, y2: 0), count: start - edges.count))
        for edge in ringEdges {
            for slab in slabs(edge) {
                edges[next[slab]] = edge
                next[slab] += 1
            }
        }
        rings.append(ring)
    }
}
