import Testing

@testable import MapsiteCore

/// The suggestion of a misspelt field name: the nearest by edits, case ignored, and only a near one.
@Suite("Closest name")
struct ClosestNameTests {
    private let columns = ["name", "state", "population", "timezone", "lat", "lon"]

    @Test("a swap, a letter added, removed or changed, or another case: the name meant") func near() {
        #expect(ClosestName.closest(to: "nmae", among: columns) == "name")
        #expect(ClosestName.closest(to: "time_zone", among: columns) == "timezone")
        #expect(ClosestName.closest(to: "populaton", among: columns) == "population")
        #expect(ClosestName.closest(to: "Name", among: columns) == "name")
        #expect(ClosestName.closest(to: "stat", among: columns) == "state")
    }

    @Test("nothing close: no suggestion") func far() {
        #expect(ClosestName.closest(to: "county", among: columns) == nil)
        #expect(ClosestName.closest(to: "photo", among: columns) == nil)
        #expect(ClosestName.closest(to: "x", among: []) == nil)
    }

    @Test("the distance counts a swap of neighbours as one edit") func distance() {
        #expect(ClosestName.distance(Array("nmae"), Array("name")) == 1)
        #expect(ClosestName.distance(Array("kitten"), Array("sitting")) == 3)
        #expect(ClosestName.distance(Array(""), Array("abc")) == 3)
        #expect(ClosestName.distance(Array("abc"), Array("abc")) == 0)
    }
}
