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
