import Foundation

/// The order of text by its UTF-8 bytes, which the index files and `core/search.js` use: the same as
/// `a.utf8.lexicographicallyPrecedes(b.utf8)`, but comparing the bytes of both texts in one
/// `memcmp` rather than one byte per step.
enum UTF8Order {
    /// Whether the bytes of `a` sort before those of `b`; a prefix sorts first.
    static func precedes(_ a: String, _ b: String) -> Bool {
        compare(a, b) < 0
    }

    /// Negative, zero or positive as the bytes of `a` sort before, equal or after those of `b`.
    static func compare(_ a: String, _ b: String) -> Int {
        let fast = a.utf8.withContiguousStorageIfAvailable { first in
            b.utf8.withContiguousStorageIfAvailable { second in compare(first, second) }
        }
        if let result = fast ?? nil { return result }
        if a.utf8.elementsEqual(b.utf8) { return 0 }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
    }

    /// The first eight bytes of `text` as a number, padded with zeros: where the keys of two texts
    /// differ, they order the texts as their bytes do; where they are equal, `compare` decides.
    static func prefixKey(_ text: String) -> UInt64 {
        var key: UInt64 = 0
        var count = 0
        for byte in text.utf8.prefix(8) {
            key = key << 8 | UInt64(byte)
            count += 1
        }
        return count == 0 ? 0 : key << (8 * (8 - count))
    }

    /// The positions of `texts` in the order of their bytes, ties by position. A long list is
    /// sorted in two halves on two threads, then merged.
    static func sortedPositions(of texts: [String]) -> [Int] {
        let keys = texts.map(prefixKey)
        let precedes = { (a: Int, b: Int) -> Bool in
            if keys[a] != keys[b] { return keys[a] < keys[b] }
            let bytes = compare(texts[a], texts[b])
            return bytes != 0 ? bytes < 0 : a < b
        }
        guard texts.count >= 20_000 else { return texts.indices.sorted(by: precedes) }
        let middle = texts.count / 2
        let (first, second) = TwoHalves.both(
            { (0..<middle).sorted(by: precedes) }, { (middle..<texts.count).sorted(by: precedes) })
        return mergedSorted(first, second, by: precedes)
    }

    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let first = a.baseAddress, let second = b.baseAddress {
            let result = memcmp(first, second, common)
            if result != 0 { return Int(result) }
        }
        return a.count - b.count
    }
}
