import Foundation
import MapsiteGeo

/// A 64-bit hash of a stream of values, the same in every run (unlike Swift's `Hasher`). Each
/// text is hashed whole, its length included (`StableHash.contents`, eight bytes a step), then
/// mixed in, so `("ab", "c")` and `("a", "bc")` differ.
struct StableHasher {
    private(set) var value: UInt64

    init(seed: UInt64 = 0xcbf2_9ce4_8422_2325) {
        value = seed
    }

    mutating func add(_ texts: String...) {
        for text in texts { add(text) }
    }

    mutating func add(_ text: String) {
        var text = text
        add(text.withUTF8 { StableHash.contents(UnsafeRawBufferPointer($0)) })
    }

    mutating func add(_ texts: [String]) {
        add(texts.count)
        for text in texts { add(text) }
    }

    mutating func add(_ number: Int) {
        add(UInt64(bitPattern: Int64(number)))
    }

    mutating func add(_ number: UInt64) {
        value = StableHash.mix((value &+ 0x9E37_79B9_7F4A_7C15) ^ number)
    }

    mutating func add(_ point: GeoPoint) {
        add(point.latitude.bitPattern)
        add(point.longitude.bitPattern)
    }
}
