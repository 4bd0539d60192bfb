import Foundation
import MapsiteGeo

/// A tour of `tours:` with its places in the order that makes the way through them shortest.
struct PlannedTour: Sendable {
    let config: TourConfig
    /// Positions in the dataset's items, in visiting order.
    let stops: [Int]
    /// Metres from each stop to the next, then, for a loop, from the last back to the first.
    let legs: [Double]
    /// Whether the order is proven shortest (see `TourPlanner`).
    let isExact: Bool
    /// No order of the stops is shorter than this, in metres (`Tour.bound`).
    let bound: Double

    var length: Double { legs.reduce(0, +) }
}

enum TourPlans {
    /// Plans every tour of `config` over the loaded datasets.
    /// - Throws: `InputErrors` naming each id of `stops` or `start` that is no place of the
    ///   dataset, a place listed twice, a start that is not among the stops, or a dataset too
    ///   large to visit whole.
    static func plan(_ tours: [TourConfig], datasets: [Dataset]) throws -> [PlannedTour] {
        var errors: [InputError] = []
        var planned: [PlannedTour] = []
        for (index, tour) in tours.enumerated() {
            guard let dataset = datasets.first(where: { $0.name == tour.dataset }) else { continue }
            let (stops, problems) = positions(tour, index: index, in: dataset)
            errors += problems
            guard problems.isEmpty else { continue }
            let start = tour.start.flatMap { id in stops.firstIndex { dataset.items[$0].id == id } }
            let plan = TourPlanner.plan(stops.map { dataset.items[$0].point }, start: start, loop: tour.loop)
            planned.append(
                PlannedTour(
                    config: tour, stops: plan.order.map { stops[$0] }, legs: plan.legs, isExact: plan.isExact,
                    bound: plan.bound))
        }
        if !errors.isEmpty { throw InputErrors(errors: errors, total: errors.count) }
        return planned
    }

    /// The positions of the tour's places in the dataset, and what is wrong with its ids.
    private static func positions(_ tour: TourConfig, index: Int, in dataset: Dataset) -> ([Int], [InputError]) {
        var errors: [InputError] = []
        let stops: [Int]
        if let ids = tour.stops {
            var seen = Set<String>()
            stops = ids.compactMap { id in
                guard seen.insert(id).inserted else {
                    errors.append(tour.error("stops", index: index, expected: "each place once", found: id))
                    return nil
                }
                guard let position = dataset.position(ofID: id) else {
                    errors.append(
                        tour.error("stops", index: index, expected: "the id of a place of \(dataset.name)", found: id))
                    return nil
                }
                return position
            }
        } else {
            guard dataset.items.count <= TourConfig.stopLimit else {
                let found = "\(NumberText.grouped(dataset.items.count)) places in \(dataset.name)"
                let expected = "at most \(TourConfig.stopLimit) stops: list the ones to visit under stops"
                return ([], [tour.error("stops", index: index, expected: expected, found: found)])
            }
            stops = Array(dataset.items.indices)
        }
        if let start = tour.start, !stops.contains(where: { dataset.items[$0].id == start }) {
            errors.append(
                tour.error("start", index: index, expected: "the id of one of the tour's places", found: start))
        }
        return (stops, errors)
    }
}
