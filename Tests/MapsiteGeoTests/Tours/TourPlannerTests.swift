import Foundation
import Testing

@testable import MapsiteGeo

/// The length of visiting `points` in `order` (and back to the first, for a loop), leg by leg
/// with the haversine formula.
private func length(_ order: [Int], _ points: [GeoPoint], loop: Bool) -> Double {
    var total = zip(order, order.dropFirst()).reduce(0) { $0 + GreatCircle.distance(points[$1.0], points[$1.1]) }
    if loop, let last = order.last, order.count > 1 { total += GreatCircle.distance(points[last], points[order[0]]) }
    return total
}

/// The oracle: the shortest length over every order of the points (with `start` first, if any).
private func bruteForce(_ points: [GeoPoint], start: Int?, loop: Bool) -> Double {
    var best = Double.infinity
    func extend(_ order: inout [Int], _ left: inout Set<Int>) {
        if left.isEmpty {
            best = min(best, length(order, points, loop: loop))
            return
        }
        for next in left.sorted() {
            order.append(next)
            left.remove(next)
            extend(&order, &left)
            left.insert(next)
            order.removeLast()
        }
    }
    let firsts = start.map { [$0] } ?? (loop ? [0] : Array(points.indices))
    for first in firsts {
        var order = [first]
        var left = Set(points.indices).subtracting([first])
        extend(&order, &left)
    }
    return best
}

/// The variants of a tour: open or a loop, with the start chosen or given.
private let variants: [(start: Int?, loop: Bool)] = [(nil, false), (2, false), (nil, true), (3, true)]

@Suite("TourPlanner")
struct TourPlannerTests {
    @Test("exact tours are as short as the shortest of every order", arguments: 0..<variants.count)
    func exactEqualsBruteForce(variant: Int) {
        let (start, loop) = variants[variant]
        for seed in UInt64(1)...6 {
            let points = PointFixtures.box(8, latitude: 41.8...41.95, longitude: -87.75...(-87.6), seed: seed)
            let tour = TourPlanner.plan(points, start: start, loop: loop)
            #expect(tour.isExact)
            #expect(tour.order.sorted() == Array(points.indices), "every stop once")
            if let start { #expect(tour.order.first == start) }
            // Of the two ways round, always the same one.
            if loop {
                #expect(tour.order[1] < tour.order[tour.order.count - 1])
            } else if start == nil {
                #expect(tour.order[0] < tour.order[tour.order.count - 1])
            }
            #expect(abs(tour.length - length(tour.order, points, loop: loop)) < 1e-6, "legs add up")
            #expect(tour.legs.count == (loop ? points.count : points.count - 1))
            let best = bruteForce(points, start: start, loop: loop)
            #expect(
                abs(tour.length - best) < 1e-6, "seed \(seed): \(tour.length) m, the shortest is \(best) m" as Comment)
        }
    }

    @Test(
        "without branching, the exact tour's length or within 1% on 12 stops, and a bound below it",
        arguments: 0..<variants.count)
    func localSearchAgainstExact(variant: Int) {
        let (start, loop) = variants[variant]
        var equal = 0
        for seed in UInt64(1)...10 {
            let points = PointFixtures.clustered(12, seed: seed * 7)
            let exact = TourPlanner.plan(points, start: start, loop: loop)
            let found = TourPlanner.plan(points, start: start, loop: loop, exactLimit: 0, proofLimit: 0)
            // Proven only when the whole problem's cheapest 1-tree is a tour, which is the shortest.
            if found.isExact { #expect(abs(found.length - exact.length) <= CycleBound.tolerance, "seed \(seed)") }
            #expect(found.bound <= exact.length + 1e-6, "a lower bound, seed \(seed)")
            #expect(found.bound >= exact.length * 0.9, "seed \(seed): bound \(found.bound) m, exact \(exact.length) m")
            #expect(found.order.sorted() == Array(points.indices))
            if let start { #expect(found.order.first == start) }
            #expect(found.length <= exact.length * 1.01, "seed \(seed): \(found.length) m, exact \(exact.length) m")
            if abs(found.length - exact.length) < 1e-6 { equal += 1 }
        }
        #expect(equal >= 8, "matched the exact length on \(equal) of 10")
    }

    @Test("without branching, a tour beyond the exact limit is 2-opt optimal: no reversal of a stretch shortens it")
    func localOptimum() {
        let points = PointFixtures.box(30, latitude: 40.7...40.8, longitude: -74.02...(-73.93), seed: 5)
        for (start, loop) in variants {
            let tour = TourPlanner.plan(points, start: start, loop: loop, proofLimit: 0)
            #expect(tour.order.sorted() == Array(points.indices))
            let order = tour.order
            let first = start == nil || loop ? 0 : 1
            for i in first..<order.count {
                for j in (i + 1)..<order.count {
                    var other = order
                    other[i...j].reverse()
                    if loop && i == 0 { continue }
                    #expect(length(other, points, loop: loop) >= tour.length - 1e-6, "reversing \(i)...\(j) is shorter")
                }
            }
        }
    }

    @Test("branch and bound proves the same length as dynamic programming, on 16 stops", arguments: 0..<variants.count)
    func branchAndBoundAgainstExact(variant: Int) {
        let (start, loop) = variants[variant]
        for seed in UInt64(1)...4 {
            let points = PointFixtures.clustered(16, seed: seed * 11)
            let exact = TourPlanner.plan(points, start: start, loop: loop)
            let proven = TourPlanner.plan(points, start: start, loop: loop, exactLimit: 0)
            #expect(exact.isExact && proven.isExact, "seed \(seed): proven within the budget")
            #expect(proven.order.sorted() == Array(points.indices))
            if let start { #expect(proven.order.first == start) }
            #expect(abs(proven.length - length(proven.order, points, loop: loop)) < 1e-6, "legs add up")
            #expect(
                abs(proven.length - exact.length) <= CycleBound.tolerance,
                "seed \(seed): \(proven.length) m, exact \(exact.length) m")
            #expect(proven.bound == proven.length)
        }
    }

    @Test("a proof that runs out of budget keeps the best tour and a bound below every order")
    func budgetRunsOut() {
        let points = PointFixtures.box(30, latitude: 40.7...40.8, longitude: -74.02...(-73.93), seed: 9)
        let weights = points.flatMap { a in points.map { GreatCircle.distance(a, $0) } }
        let search = CycleSearch(weights: weights, count: points.count, anchor: 0)
        let found = search.shortestFound()
        let full = CycleBound(search: search).prove(found, budget: 10_000_000)
        #expect(full.isProven)
        #expect(full.bound == search.length(full.cycle))
        #expect(search.length(full.cycle) <= search.length(found) + 1e-9)
        // The root's ascent alone does not close the gap on these points, so a budget of one
        // 1-tree for the branches stops the search with branches left.
        let cut = CycleBound(search: search).prove(found, budget: 1)
        #expect(!cut.isProven)
        #expect(search.length(cut.cycle) <= search.length(found) + 1e-9)
        #expect(cut.bound <= search.length(full.cycle) + 1e-6, "below the shortest cycle")
        #expect(cut.bound > 0.9 * search.length(full.cycle))
        let rootOnly = CycleBound(search: search).prove(found, budget: 0)
        #expect(!rootOnly.isProven)
        #expect(rootOnly.bound <= search.length(full.cycle) + 1e-6)
        #expect(cut.bound >= rootOnly.bound - 1e-6, "branching never lowers the root's bound")
    }

    @Test("small and degenerate inputs: none, one, two, all at one spot, across the antimeridian")
    func smallInputs() {
        #expect(TourPlanner.plan([]).order == [])
        let one = [GeoPoint(latitude: 10, longitude: 20)]
        #expect(TourPlanner.plan(one, loop: true) == Tour(order: [0], legs: [], isExact: true))
        let two = [GeoPoint(latitude: 0, longitude: 179.9), GeoPoint(latitude: 0, longitude: -179.9)]
        let across = TourPlanner.plan(two, start: 1)
        #expect(across.order == [1, 0])
        #expect(abs(across.length - GreatCircle.distance(two[0], two[1])) < 1e-9)
        #expect(across.length < 30_000, "the short way across the antimeridian")
        let same = Array(repeating: GeoPoint(latitude: 51.5, longitude: -0.12), count: 5)
        let still = TourPlanner.plan(same, loop: true)
        #expect(still.order.sorted() == [0, 1, 2, 3, 4])
        #expect(still.length == 0)
    }

    @Test("beyond the exact limit: all at one spot, two spots, and across the antimeridian, proven")
    func degenerateBeyondExact() {
        let spot = GeoPoint(latitude: 51.5, longitude: -0.12)
        let still = TourPlanner.plan(Array(repeating: spot, count: 20), loop: true)
        #expect(still.isExact && still.length == 0 && still.order.sorted() == Array(0..<20))
        let other = GeoPoint(latitude: 51.51, longitude: -0.12)
        let two = (0..<20).map { $0 % 2 == 0 ? spot : other }
        let shuttle = TourPlanner.plan(two, loop: true)
        #expect(shuttle.isExact)
        #expect(abs(shuttle.length - 2 * GreatCircle.distance(spot, other)) < 1e-6, "over and back once")
        let across = (0..<20).map { GeoPoint(latitude: Double($0 % 5) * 0.01, longitude: $0 < 10 ? 179.99 : -179.99) }
        let tour = TourPlanner.plan(across, start: 0)
        #expect(tour.isExact && tour.order.first == 0 && tour.order.sorted() == Array(0..<20))
        #expect(tour.length < 20_000, "the short way across the antimeridian: \(tour.length) m")
    }

    @Test("the same points give the same tour")
    func deterministic() {
        let points = PointFixtures.clustered(24, seed: 9)
        #expect(TourPlanner.plan(points, start: 4, loop: true) == TourPlanner.plan(points, start: 4, loop: true))
        #expect(TourPlanner.plan(points) == TourPlanner.plan(points))
    }
}
