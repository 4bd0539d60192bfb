/// Finds the first byte of a text file that is not valid UTF-8, or is a NUL, so that a loader can
/// name where it is instead of letting it become U+FFFD or pass into the pages.
///
/// Decoding with `String(decoding:as:)` replaces bad bytes without a word; every file mapsite reads
/// as text is checked with this first (a fast pass when the file is clean).
enum TextCheck {
    /// A bad byte: where it is and how to describe it.
    struct Problem: Error, Equatable {
        /// Offset of the bad byte in the bytes checked.
        var offset: Int
        /// 1-based line of the bad byte (lines end at LF).
        var line: Int
        /// 1-based column, in bytes from the line's start.
        var column: Int
        /// The bad byte.
        var byte: UInt8

        /// What was expected there: `UTF-8 text` or `text without NUL bytes`.
        var expected: String { byte == 0 ? "text without NUL bytes" : "UTF-8 text" }

        /// The bad byte as found: `a NUL byte` or `byte 0xFF that is not UTF-8`.
        var found: String {
            if byte == 0 { return "a NUL byte" }
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x\(hex.count == 1 ? "0" + hex : hex) that is not UTF-8"
        }
    }

    /// The first NUL or invalid UTF-8 byte of `bytes`, nil when there is none.
    /// - Complexity: O(n).
    static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
        guard let offset = firstBadOffset(in: bytes) else { return nil }
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return Problem(offset: offset, line: line, column: offset - lineStart + 1, byte: bytes[offset])
    }

    /// `firstProblem(in:)` of an array of bytes.
    static func firstProblem(in bytes: [UInt8]) -> Problem? {
        bytes.withUnsafeBufferPointer { firstProblem(in: $0) }
    }

    /// The offset of the first NUL or byte that does not start or continue a well-formed UTF-8
    /// sequence (Unicode's table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
    static func firstBadOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let end = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        while index < end {
            // Eight ASCII bytes, none of them NUL, at a time: most text is nothing else.
            while index + 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let hasZero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                guard word & 0x8080_8080_8080_8080 == 0 && hasZero == 0 else { break }
                index += 8
            }
            guard index < end else { break }
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0 { return index }
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return index
            }
            guard index + length <= end else { return index }
            let second = bytes[index + 1]
            guard second >= low && second <= high else { return index }
            for next in 2..<length where bytes[index + next] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }
}
