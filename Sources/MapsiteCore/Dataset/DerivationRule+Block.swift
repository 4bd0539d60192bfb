import Foundation

extension DerivationRule {
    /// The block of a street address: the house number rounded down to the hundred, then the street.
    ///
    /// `"1552 Walnut St"` → `"1500 block of Walnut St"`, `"7 N 3rd St"` → `"0 block of N 3rd St"`.
    /// A range or a letter after the number is part of it (`1552-54`, `1552–1554`, `1552A`), and so is
    /// a following `1/2` or `½`. The street ends at the first comma (`"…, Philadelphia, PA"` is left
    /// out), and runs of spaces become one, so that one street is one group. Text that does not start
    /// with a house number (`"Arthur Ave & E 187th St"`, `"3rd St"`), or has no street after it, gives
    /// empty text. The number is rounded as text, so a number of any length works.
    ///
    /// Works on UTF-8 bytes: a million addresses take a fraction of a second.
    static func blockOf(_ address: String) -> String {
        var address = address
        return address.withUTF8 { bytes in
            var words = Words(bytes)
            guard let first = words.next(), let digits = houseNumber(first) else { return "" }
            var word = words.next()
            if let fraction = word, fraction.elementsEqual("1/2".utf8) || fraction.elementsEqual("½".utf8) {
                word = words.next()
            }
            guard word != nil else { return "" }
            let significant = digits.drop { $0 == UInt8(ascii: "0") }
            // At most the address's bytes less a space, plus "00 block of": written in place, once.
            return String(unsafeUninitializedCapacity: bytes.count + 12) { output in
                var count = 0
                func write(_ part: some Sequence<UInt8>) {
                    for byte in part {
                        output[count] = byte
                        count += 1
                    }
                }
                if significant.count <= 2 {
                    write(CollectionOfOne(UInt8(ascii: "0")))
                } else {
                    write(significant.dropLast(2))
                    write("00".utf8)
                }
                write(" block of ".utf8)
                while let next = word {
                    write(next)
                    word = words.next()
                    if word != nil { write(CollectionOfOne(UInt8(ascii: " "))) }
                }
                return count
            }
        }
    }

    /// The leading digits of a house number such as `1552`, `1552-54`, `1552–1554` or `1552A`;
    /// nil for any other word, such as `3rd` or `No.`.
    private static func houseNumber(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>>? {
        var index = word.startIndex
        func skipDigits() -> Bool {
            let start = index
            while index < word.endIndex, isDigit(word[index]) { index += 1 }
            return index > start
        }
        guard skipDigits() else { return nil }
        let digits = word[word.startIndex..<index]
        let rest = word[index...]
        if rest.first == UInt8(ascii: "-") {
            index += 1
            guard skipDigits() else { return nil }
        } else if rest.starts(with: "–".utf8) {
            index += 3
            guard skipDigits() else { return nil }
        }
        if index < word.endIndex, isLetter(word[index]) { index += 1 }
        return index == word.endIndex ? digits : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// The words of the text before its first comma, split at runs of ASCII white space.
    private struct Words {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        let end: Int

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            end = bytes.firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
        }

        mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
            while index < end, Self.isSpace(bytes[index]) { index += 1 }
            guard index < end else { return nil }
            let start = index
            while index < end, !Self.isSpace(bytes[index]) { index += 1 }
            return bytes[start..<index]
        }

        private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
    }
}
