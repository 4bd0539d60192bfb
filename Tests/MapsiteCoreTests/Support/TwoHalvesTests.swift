import Testing

@testable import MapsiteCore

@Suite("TwoHalves")
struct TwoHalvesTests {
    @Test(
        "map gives what a serial map gives, below and above the size worth two threads",
        arguments: [0, 1, 7, TwoHalves.minimumCount - 1, TwoHalves.minimumCount, TwoHalves.minimumCount * 3 + 1])
    func mapMatchesSerial(count: Int) {
        let texts = (0..<count).map { "item \($0)" }
        let mapped = TwoHalves.map(count: count) { texts[$0] + "!" }
        #expect(mapped == texts.map { $0 + "!" })
    }
}

extension TwoHalvesTests {
    private struct Odd: Error, Equatable { let value: Int }

    /// Which positions fail: none, all, every other, or all before or from a position near the middle.
    enum Failing: Sendable, CaseIterable {
        case none, all, odd, early, late

        func fails(_ index: Int) -> Bool {
            switch self {
            case .none: false
            case .all: true
            case .odd: index % 2 == 1
            case .early: index < TwoHalves.minimumCount + 5
            case .late: index >= TwoHalves.minimumCount - 5
            }
        }
    }

    @Test(
        "results gives the successes and the failures of a serial map, each in order",
        arguments: [0, 10, TwoHalves.minimumCount * 2, TwoHalves.minimumCount * 2 + 1], Failing.allCases)
    func resultsMatchSerial(count: Int, failing: Failing) {
        let body = { (index: Int) -> Result<String, Odd> in
            failing.fails(index) ? .failure(Odd(value: index)) : .success("item \(index)")
        }
        let results = TwoHalves.results(count: count, body)
        let serial = (0..<count).map(body)
        let failures: [Odd] = serial.compactMap {
            guard case .failure(let failure) = $0 else { return nil }
            return failure
        }
        #expect(results.successes == serial.compactMap { try? $0.get() })
        #expect(results.failures == failures)
    }
}
