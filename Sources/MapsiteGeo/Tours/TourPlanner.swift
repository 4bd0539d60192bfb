/// Puts places in the order that makes the way through them shortest: a travelling salesman
/// tour, open (from a start to wherever it ends) or a loop back to the start.
///
/// Every variant is solved as the shortest cycle through a matrix of great-circle distances. An
/// open tour gets one extra node, the "outside", from which every place is a free step (or, when
/// the start is fixed, only the start is free and every other place costs the same large amount):
/// the shortest cycle through it, cut at the outside, is the shortest open tour.
///
/// Up to `exactLimit` stops the cycle is exact (Held–Karp dynamic programming over subsets).
/// Beyond, iterated local search finds a short cycle (`CycleSearch.shortestFound`), and up to
/// `proofLimit` stops branch and bound on Held–Karp 1-tree bounds (`CycleBound`) proves it
/// shortest, or finds a shorter one, unless its budget of 1-trees runs out first. A tour that is
/// not proven still carries a lower bound on every order's length, so a page can say how far
/// from shortest it can be.
public enum TourPlanner {
    /// The most stops a tour is planned exactly for by dynamic programming.
    public static let exactLimit = 16
    /// The most stops branch and bound tries to prove a tour shortest for.
    public static let proofLimit = 100

    /// How many 1-trees branch and bound may make for `nodes` nodes: under two seconds' work.
    static func proofBudget(nodes: Int) -> Int { 400_000_000 / (nodes * nodes) }

    /// The shortest way through `points`.
    /// - Parameters:
    ///   - start: the position of the first stop, or nil to let the planner choose it.
    ///   - loop: whether the tour ends back at its start.
    ///   - exactLimit: the most stops to solve by dynamic programming; `proofLimit`: the most to
    ///     prove by branch and bound (tests lower them to check the other methods).
    /// - Complexity: O(2ⁿ·n²) time and O(2ⁿ·n) memory up to `exactLimit` stops; beyond,
    ///   O(n² log n) to find each stop's nearest, then O(n·k) per improving pass of the local
    ///   search, then O(n²) per 1-tree of the bound, at most `proofBudget` of them.
    public static func plan(
        _ points: [GeoPoint], start: Int? = nil, loop: Bool = false, exactLimit: Int = exactLimit,
        proofLimit: Int = proofLimit
    ) -> Tour {
        precondition(start.map { points.indices.contains($0) } ?? true, "start is not one of the points")
        let n = points.count
        guard n > 1 else { return Tour(order: Array(points.indices), legs: [], isExact: true) }
        // Places at the same spot are visited one after another: a tour through one of each spot
        // is as short as the shortest through all (a step between two at one spot costs nothing,
        // and leaving one out never makes a way longer). Ties between them would only slow the
        // proof down.
        let groups = points.withUnsafeBufferPointer(CoordinateGroups.init)
        if groups.firstPoint.count < n {
            var spots = [[Int]](repeating: [], count: groups.firstPoint.count)
            for (position, group) in groups.groupOfPoint.enumerated() { spots[Int(group)].append(position) }
            let startSpot = start.flatMap { start in spots.firstIndex { $0.contains(start) } }
            let planned = plan(
                spots.map { points[$0[0]] }, start: startSpot, loop: loop, exactLimit: exactLimit,
                proofLimit: proofLimit)
            let order = planned.order.flatMap { spot -> [Int] in
                guard spot == startSpot, let start else { return spots[spot] }
                return [start] + spots[spot].filter { $0 != start }
            }
            return Tour(
                order: order, legs: legs(of: order, points: points, loop: loop), isExact: planned.isExact,
                bound: planned.bound)
        }
        // The cycle's nodes: the places, then the outside for an open tour.
        let m = loop ? n : n + 1
        var weights = [Double](repeating: 0, count: m * m)
        for a in 0..<n {
            for b in (a + 1)..<n {
                let d = GreatCircle.distance(points[a], points[b])
                weights[a * m + b] = d
                weights[b * m + a] = d
            }
        }
        // Longer than any tour, so the shortest cycle steps from the outside to the start; every
        // cycle that does has exactly one such step, which the bound leaves out.
        let far = !loop && start != nil ? 4e7 * Double(n) : 0
        if !loop, let start {
            for place in 0..<n where place != start {
                weights[place * m + n] = far
                weights[n * m + place] = far
            }
        }
        let anchor = loop ? (start ?? 0) : n
        let cycle = CycleSearch(weights: weights, count: m, anchor: anchor)
        if n <= exactLimit {
            return tour(from: cycle.shortestExactly(), points: points, start: start, loop: loop, isExact: true)
        }
        // Beyond the proof limit, no branching: the whole problem's bound alone (or the proof, if
        // its 1-tree is already a cycle).
        let proof = CycleBound(search: cycle).prove(
            cycle.shortestFound(), budget: n <= proofLimit ? proofBudget(nodes: m) : 0)
        return tour(
            from: proof.cycle, points: points, start: start, loop: loop, isExact: proof.isProven,
            bound: proof.bound - far)
    }

    /// The great-circle length of each leg of `order`, and back to its first stop for a loop.
    private static func legs(of order: [Int], points: [GeoPoint], loop: Bool) -> [Double] {
        var legs = zip(order, order.dropFirst()).map { GreatCircle.distance(points[$0], points[$1]) }
        if loop, let last = order.last { legs.append(GreatCircle.distance(points[last], points[order[0]])) }
        return legs
    }

    /// Cuts the cycle (which begins at its anchor) into the tour, in the direction that begins at
    /// `start`, or else in the direction whose first stop comes first in the input; a loop, which
    /// begins at its start either way, in the direction whose second stop comes first.
    private static func tour(
        from cycle: [Int], points: [GeoPoint], start: Int?, loop: Bool, isExact: Bool, bound: Double? = nil
    ) -> Tour {
        var order = loop ? cycle : Array(cycle.dropFirst())
        let reversed = loop ? [order[0]] + order.dropFirst().reversed() : order.reversed()
        if loop {
            // Begins at its anchor, the start, either way round: the way whose second stop comes
            // first in the input, so that the same cycle always reads the same.
            if order.count > 2, reversed[1] < order[1] { order = reversed }
        } else if let start {
            if order.first != start { order = reversed }
        } else if let first = reversed.first, let current = order.first, first < current {
            order = reversed
        }
        let legs = legs(of: order, points: points, loop: loop)
        let length = legs.reduce(0, +)
        // A proven tour's bound is its length; any other's is at most its length and at least 0.
        return Tour(
            order: order, legs: legs, isExact: isExact,
            bound: isExact ? length : min(length, max(0, bound ?? length)))
    }
}
