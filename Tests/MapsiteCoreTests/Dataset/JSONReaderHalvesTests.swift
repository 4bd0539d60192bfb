import Foundation
import Testing

@testable import MapsiteCore

/// Feature `number` on a line of its own, its strings full of what the scan must not count.
private func feature(_ number: Int, name: String? = nil) -> String {
    let name = name ?? #"Box \#(number) [a {b\"c}] \\ \"]}, {\\\"\\"#
    return #"{"type": "Feature", "id": \#(number), "properties": {"name": "\#(name)", "features": "],[", "#
        + #""[{": [{"x": "}"}, [1, [2]]]}, "geometry": {"type": "Point", "coordinates": [\#(number % 180), 5]}}"#
}

/// A FeatureCollection of `features`, one a line after the first line; `before` and `after` are
/// members of the top-level object before and after "features".
private func collection(
    _ features: [String], before: String = #""type": "FeatureCollection", "#, after: String = ""
) -> String {
    "{" + before + "\"features\": [\n" + features.joined(separator: ",\n") + "\n]" + after + "}"
}

/// The features `1...count`, `special` replacing some.
private func features(_ count: Int, special: [Int: String] = [:]) -> [String] {
    (0..<count).map { special[$0 + 1] ?? feature($0 + 1) }
}

/// What `parse` reads, or the message of its error.
private func serial(_ text: String) -> Result<JSONValue, InputError> {
    Result { try JSONReader.parse(Array(text.utf8), file: "a.geojson") }.mapError { $0 as! InputError }
}

/// What `parseFeatureCollection` reads, or the message of its error.
private func inHalves(_ text: String) -> Result<JSONValue, InputError> {
    Result { try JSONReader.parseFeatureCollection(Array(text.utf8), file: "a.geojson") }
        .mapError { $0 as! InputError }
}

private let spots = """
    source: spots.geojson
    item_title: name
    """

@Suite("JSONReader: a FeatureCollection read in two halves")
struct JSONReaderHalvesTests {
    @Test(
        "the same value as read whole, with strings holding brackets, braces, commas, quotes and backslashes",
        arguments: [2, 3, 10, 101])
    func sameValue(count: Int) throws {
        let text = collection(features(count))
        let halves = try #require(JSONReader.readInHalves(Array(text.utf8), file: "a.geojson"))
        #expect(halves == (try serial(text).get()))
        #expect(halves["features"]?.array?.count == count)
        #expect(try inHalves(text).get() == halves)
    }

    @Test("the comma found is the one between two features nearest the middle") func middle() throws {
        let text = collection(features(10))
        let bytes = Array(text.utf8)
        let split = try #require(bytes.withUnsafeBufferPointer { JSONReader.featuresMiddle(in: $0) })
        #expect(bytes[split.open] == UInt8(ascii: "["))
        #expect(String(decoding: bytes[split.comma..<split.comma + 3], as: UTF8.self) == ",\n{")
        let commas = bytes.indices.filter { bytes[$0] == UInt8(ascii: ",") && bytes[$0 + 1] == 0x0A }
        #expect(commas.count == 9)
        #expect(split.comma == commas.min { abs($0 - bytes.count / 2) < abs($1 - bytes.count / 2) })
    }

    @Test("members before and after the features are read and checked as when read whole") func otherMembers() throws {
        let before =
            #""type": "FeatureCollection", "name": "[{,\"", "crs": {"type": "name", "p": [1, {"features": []}]}, "#
        let after = #", "bbox": [-1, -2, 3, 4], "properties": {"features": ["x"]}, "z": "]}""#
        let text = collection(features(6), before: before, after: after)
        let halves = try #require(JSONReader.readInHalves(Array(text.utf8), file: "a.geojson"))
        #expect(halves == (try serial(text).get()))
        #expect(halves["bbox"]?.array?.count == 4)
        #expect(halves["features"]?.array?.count == 6)

        // Malformed members before and after: the error of the whole file, which does not split.
        for (before, after) in [
            (#""type": "FeatureCollection", "a": tru, "#, ""), (before, #", "b": [1, 2}"#), (before, #", "b" 1"#),
            (#""features": 1, "#, ""), (before, #", "features": []"#),
        ] {
            let text = collection(features(6), before: before, after: after)
            #expect(JSONReader.readInHalves(Array(text.utf8), file: "a.geojson") == nil)
            #expect(throws: (any Error).self) { try serial(text).get() }
            #expect(inHalves(text) == serial(text))
        }
    }

    @Test("a malformed feature in either half: the error of the whole file, at the same line")
    func malformedFeature() throws {
        for (number, line) in [(2, 3), (9, 10)] {
            // No comma between two members.
            let bad = feature(number).replacingOccurrences(of: ", \"properties\"", with: " \"properties\"")
            let text = collection(features(10, special: [number: bad]))
            #expect(JSONReader.readInHalves(Array(text.utf8), file: "a.geojson") == nil)
            guard case .failure(let error) = serial(text) else {
                Issue.record("feature \(number) read")
                continue
            }
            #expect(error.line == line)
            #expect(error.description.hasPrefix("a.geojson:\(line):"))
            #expect(inHalves(text) == serial(text))
        }
    }

    @Test("no features, one and two") func fewFeatures() throws {
        for count in 0...2 {
            let text = collection(features(count))
            let halves = JSONReader.readInHalves(Array(text.utf8), file: "a.geojson")
            // A list of fewer than two features has no comma to split it at.
            #expect((halves != nil) == (count == 2))
            #expect(try inHalves(text).get() == serial(text).get())
            #expect(try serial(text).get()["features"]?.array?.count == count)
        }
        #expect(JSONReader.readInHalves(Array("{\"features\": []}".utf8), file: "a.geojson") == nil)
    }

    @Test("what is not a FeatureCollection object is read whole") func unusual() {
        for text in [
            "[" + features(4).joined(separator: ",") + "]",
            #"{"type": "FeatureCollection", "feat\u0075res": ["# + features(4).joined(separator: ",") + "]}",
            collection(features(4)) + " {}",
            collection(features(4)) + "]",
            "\u{FEFF}" + collection(features(4)),
            String(collection(features(4)).dropLast(2)),
        ] {
            #expect(inHalves(text) == serial(text))
        }
    }

    @Test("features nested as deep as allowed, and one level deeper") func depth() {
        // The top-level object, the list, the feature and its properties: 4 levels before these.
        for levels in [JSONReader.maxDepth - 4, JSONReader.maxDepth - 3] {
            let deep = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
            let deepFeature = #"{"type": "Feature", "properties": {"deep": \#(deep)}, "geometry": null}"#
            for number in [1, 4] {
                let text = collection(features(4, special: [number: deepFeature]))
                let halves = JSONReader.readInHalves(Array(text.utf8), file: "a.geojson")
                #expect((halves != nil) == (levels == JSONReader.maxDepth - 4))
                #expect(inHalves(text) == serial(text))
            }
        }
    }

    @Test("a file large enough to be read in halves loads as read whole, errors in either half named by line")
    func largeFile() throws {
        let count = JSONReader.minimumHalvesSize / 200 + 10
        let text = collection(features(count))
        #expect(text.utf8.count >= JSONReader.minimumHalvesSize)
        #expect(JSONReader.readInHalves(Array(text.utf8), file: "a.geojson") != nil)
        let dataset = try TestDataset.load(text, spots)
        #expect(dataset.items.count == count)
        #expect(Set(dataset.items.map(\.origin)) == Set((1...count).map { "feature \($0) (id \($0))" }))

        for number in [count / 4, count * 3 / 4] {
            let bad = feature(number, name: "Box \\x")
            let column = bad.utf8.count - bad.drop { $0 != "\\" }.utf8.count + 1
            #expect(
                TestDataset.error(collection(features(count, special: [number: bad])), spots)
                    == #"content/spots.geojson:\#(number + 1):\#(column): expected an escape such as \n, \" or \u00e9, found "\x", "featur""#
            )
        }
    }
}
