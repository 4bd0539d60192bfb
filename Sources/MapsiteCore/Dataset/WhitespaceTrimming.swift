import Foundation

/// Foundation's whitespace trimming with a fast path for text whose ends are ASCII, which is
/// nearly every value of a dataset. The result is always the same as Foundation's: when trimming
/// reaches a non-ASCII character at either end, Foundation trims the whole text.
extension String {
    /// `trimmingCharacters(in: .whitespaces)`: ASCII space and tab, and Unicode spaces (Zs).
    func trimmingWhitespace() -> String {
        trimmingASCII(isSpaceOrTab, else: .whitespaces)
    }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)`: also line feed, vertical tab, form feed,
    /// carriage return and Unicode line ends.
    func trimmingWhitespaceAndNewlines() -> String {
        trimmingASCII(isSpaceTabOrLineEnd, else: .whitespacesAndNewlines)
    }

    /// - Parameters:
    ///   - isTrimmed: which ASCII bytes `set` holds.
    ///   - set: asked for only when a non-ASCII character is reached: getting one of Foundation's
    ///     sets takes a lock that every loading thread would otherwise contend for on every value.
    private func trimmingASCII(_ isTrimmed: (UInt8) -> Bool, else set: @autoclosure () -> CharacterSet) -> String {
        let bytes = utf8
        guard let first = bytes.first, let last = bytes.last else { return self }
        if first < 0x80 && last < 0x80 && !isTrimmed(first) && !isTrimmed(last) { return self }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end {
            let byte = bytes[start]
            if byte >= 0x80 { return trimmingCharacters(in: set()) }
            if !isTrimmed(byte) { break }
            start = bytes.index(after: start)
        }
        while start < end {
            let before = bytes.index(before: end)
            let byte = bytes[before]
            if byte >= 0x80 { return trimmingCharacters(in: set()) }
            if !isTrimmed(byte) { break }
            end = before
        }
        return String(bytes[start..<end]) ?? trimmingCharacters(in: set())
    }
}

private func isSpaceOrTab(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09
}

private func isSpaceTabOrLineEnd(_ byte: UInt8) -> Bool {
    byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
}
