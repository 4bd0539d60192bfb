import Foundation

/// One document in a posting list, with how well it matches: lower is better. In a token's list
/// `quality` is 0 when the token is in the title and 1 when only in a field; in a prefix list
/// 0 and 1 are the same for the prefix as a whole token, 2 and 3 for a longer token.
public struct Posting: Sendable, Equatable, Hashable {
    public var document: Int32
    public var quality: UInt8

    public init(document: Int32, quality: UInt8) {
        self.document = document
        self.quality = quality
    }

    /// The order of a single term's results: better quality first, then lower document number.
    static func ranked(_ a: Posting, _ b: Posting) -> Bool {
        (a.quality, a.document) < (b.quality, b.document)
    }
}

/// Posting lists as compact text: ascending document numbers, each written as
/// `(gap << bits) | quality` in base-64 digits, most significant first, where the gap is the
/// distance from the previous document minus one. Digits `0`–`9A-Za-v` (values 0–31) end a
/// number; `w`–`z`, `-`, `_` and the rest (32–63) carry five more bits.
public enum PostingList {
    static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_".utf8)
    static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (value, digit) in digits.enumerated() { table[Int(digit)] = Int8(value) }
        return table
    }()

    /// - Parameter postings: ascending by document, each document once.
    /// - Parameter bits: how many low bits hold the quality: 1 for token lists, 2 for prefix lists.
    public static func encode(_ postings: [Posting], bits: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(postings.count * 2)
        var previous = -1
        var groups: [UInt8] = []
        for posting in postings {
            let document = Int(posting.document)
            var value = ((document - previous - 1) << bits) | Int(posting.quality)
            previous = document
            groups.removeAll(keepingCapacity: true)
            repeat {
                groups.append(UInt8(value & 31))
                value >>= 5
            } while value > 0
            for index in stride(from: groups.count - 1, to: 0, by: -1) { bytes.append(digits[Int(groups[index]) + 32]) }
            bytes.append(digits[Int(groups[0])])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The postings of `text`, as written by `encode`; stops at the first character that is not a digit.
    public static func decode(_ text: String, bits: Int) -> [Posting] {
        var postings: [Posting] = []
        var value = 0
        var previous = -1
        let mask = (1 << bits) - 1
        for byte in text.utf8 {
            guard byte < 128 else { break }
            let digit = Int(values[Int(byte)])
            guard digit >= 0 else { break }
            if digit >= 32 {
                value = value * 32 + digit - 32
                continue
            }
            value = value * 32 + digit
            let document = previous + 1 + (value >> bits)
            postings.append(Posting(document: Int32(document), quality: UInt8(value & mask)))
            previous = document
            value = 0
        }
        return postings
    }
}
