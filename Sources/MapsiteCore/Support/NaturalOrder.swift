import Foundation

/// The order people expect of names with numbers in them: `Block 2` before `Block 10`.
///
/// Runs of ASCII digits compare by their numeric value (of any length), everything else byte by
/// byte with ASCII letters folded to lowercase. Names equal that way (`Bronx` and `bronx`, `07`
/// and `7`) are ordered by their bytes, so the order is total and does not depend on input order.
enum NaturalOrder {
    /// Whether `a` comes before `b`.
    static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { a in b.withUTF8 { b in compare(a, b) < 0 } }
    }

    /// The indices of `keys` in natural order; `tieBreak` orders keys that are the same bytes.
    /// The keys are copied into one buffer first, so that comparing two is a walk over bytes.
    static func order(of keys: [String], tieBreak: (Int, Int) -> Bool) -> [Int] {
        var bytes: [UInt8] = []
        var starts = [0]
        starts.reserveCapacity(keys.count + 1)
        for key in keys {
            bytes += key.utf8
            starts.append(bytes.count)
        }
        return bytes.withUnsafeBufferPointer { all in
            keys.indices.sorted { a, b in
                let difference = compare(
                    UnsafeBufferPointer(rebasing: all[starts[a]..<starts[a + 1]]),
                    UnsafeBufferPointer(rebasing: all[starts[b]..<starts[b + 1]]))
                return difference != 0 ? difference < 0 : tieBreak(a, b)
            }
        }
    }

    /// Negative, zero or positive as `a` comes before, is the same as, or comes after `b`.
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0
        var j = 0
        while i < a.count && j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                let (endA, startA) = digitRun(a, from: i)
                let (endB, startB) = digitRun(b, from: j)
                // Fewer significant digits is the smaller number; equal lengths compare digit by digit.
                let lengthA = endA - startA
                let lengthB = endB - startB
                if lengthA != lengthB { return lengthA - lengthB }
                for offset in 0..<lengthA where a[startA + offset] != b[startB + offset] {
                    return Int(a[startA + offset]) - Int(b[startB + offset])
                }
                i = endA
                j = endB
                continue
            }
            let x = folded(a[i])
            let y = folded(b[j])
            if x != y { return Int(x) - Int(y) }
            i += 1
            j += 1
        }
        let remainder = (a.count - i) - (b.count - j)
        if remainder != 0 { return remainder }
        return rawCompare(a, b)
    }

    /// The end of the digit run starting at `start`, and where its significant digits begin.
    private static func digitRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, significant: Int) {
        var end = start
        while end < bytes.count && isDigit(bytes[end]) { end += 1 }
        var significant = start
        while significant < end - 1 && bytes[significant] == UInt8(ascii: "0") { significant += 1 }
        return (end, significant)
    }

    private static func rawCompare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        for (x, y) in zip(a, b) where x != y { return Int(x) - Int(y) }
        return a.count - b.count
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte }
}
