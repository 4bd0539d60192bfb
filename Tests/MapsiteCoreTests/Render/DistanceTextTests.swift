import Testing

@testable import MapsiteCore

@Suite("Distance text")
struct DistanceTextTests {
    @Test(
        "whole metres below 100 m, tens below 1 km, tenths of a km below 10 km, whole km beyond",
        arguments: [
            (0.4, "0 m"), (7.4, "7 m"), (99.4, "99 m"), (99.6, "100 m"), (144, "140 m"), (995, "1.0 km"),
            (1000, "1.0 km"), (2349, "2.3 km"), (2350, "2.4 km"), (9960, "10 km"), (15_499, "15 km"),
            (11_416_035.9, "11,416 km"), (20_015_086, "20,015 km"), (999.4, "1.0 km"), (10_000, "10 km"),
        ])
    func distances(metres: Double, text: String) {
        #expect(DistanceText.format(metres) == text)
    }

    @Test(
        "bearings round to the nearest of eight compass points",
        arguments: [
            (0.0, "N"), (22.4, "N"), (22.6, "NE"), (90, "E"), (180, "S"), (259, "W"), (337.4, "NW"), (337.6, "N"),
            (359.9, "N"),
        ])
    func compass(degrees: Double, point: String) {
        #expect(DistanceText.compass(degrees) == point)
    }

    @Test(
        "bearings in whole degrees, 0 to 359",
        arguments: [(0.0, "0"), (0.4, "0"), (89.5, "90"), (359.4, "359"), (359.6, "0"), (204.2, "204")])
    func degrees(bearing: Double, text: String) {
        #expect(DistanceText.degrees(bearing) == text)
    }

    @Test("percent-encoding keeps only unreserved ASCII")
    func urlComponent() {
        #expect(Escape.urlComponent("Café Été (1)/&") == "Caf%C3%A9%20%C3%89t%C3%A9%20%281%29%2F%26")
        #expect(Escape.urlComponent("a-b.c_d~e") == "a-b.c_d~e")
    }
}
