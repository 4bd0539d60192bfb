import Foundation

/// How search text is normalised, here and in `templates/assets/search.js`, which must agree
/// character for character.
///
/// Folding takes the compatibility decomposition (NFKD), lowercases, drops combining marks
/// (general category M) and folds a few letters that have no decomposition: `München` →
/// `munchen`, `Straße` → `strasse`, `Łódź` → `lodz`. Tokens are the runs of letters and digits
/// (general categories L and N) of the folded text; numbers are tokens like words.
public enum SearchText {
    /// Letters without a decomposition, folded to the Latin letters people type for them.
    /// `ς` (final sigma) is there because JavaScript lowercases `Σ` by context and Swift does not.
    static let letterFolds: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ł": "l",
        "þ": "th", "ŧ": "t", "ς": "σ",
    ]

    /// The folded text: NFKD, lowercase, no combining marks, the letter folds applied.
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var folded = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            if isMark(scalar) { continue }
            if let replacement = letterFolds[scalar] {
                folded.append(contentsOf: replacement.unicodeScalars)
            } else {
                folded.append(scalar)
            }
        }
        return String(folded)
    }

    /// Longer tokens are cut to this many characters (Unicode scalars), so that a long code or
    /// hash neither fills a shard nor splits shards character by character.
    public static let maximumTokenLength = 32

    /// The tokens of `text` in order, duplicates kept: `"1552 Walnut St."` → `["1552", "walnut", "st"]`.
    public static func tokens(_ text: String) -> [String] {
        words(text).map { word in
            // A word of no more bytes than the limit has no more scalars either.
            guard word.utf8.count > maximumTokenLength, word.unicodeScalars.count > maximumTokenLength else {
                return word
            }
            return String(String.UnicodeScalarView(word.unicodeScalars.prefix(maximumTokenLength)))
        }
    }

    /// The runs of letters and digits of the folded text, whole.
    static func words(_ text: String) -> [String] {
        if let words = asciiWords(text) { return words }
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in fold(text).unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// `words` of ASCII text, whose folding only lowercases `A`–`Z`: the runs of ASCII letters and
    /// digits, lowercased, read byte by byte. Nil for any other text.
    static func asciiWords(_ text: String) -> [String]? {
        var words: [String] = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            if byte >= 0x41 && byte <= 0x5A {
                word.append(byte + 0x20)
            } else if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) {
                word.append(byte)
            } else if !word.isEmpty {
                words.append(String(decoding: word, as: UTF8.self))
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }

    /// Whether the text ends inside a token, so its last token may still be growing (`"walnu"`)
    /// rather than finished (`"walnut "`).
    public static func endsInToken(_ text: String) -> Bool {
        guard let last = fold(text).unicodeScalars.last else { return false }
        return isWordScalar(last)
    }

    /// The slug `search.js` derives from an ASCII title: the words, lowercase, joined by `-`, cut
    /// to `Slug.maximumLength`. Nil for other titles, whose slug the index stores.
    static func derivedSlug(_ title: String) -> String? {
        guard title.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var slug = words(title).joined(separator: "-")
        if slug.utf8.count > Slug.maximumLength { slug = String(slug.prefix(Slug.maximumLength)) }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug
    }

    /// Whether `derivedSlug(title)` is `slug`, worked out over the bytes of the title without
    /// making its words and the derived slug as texts, as the document files ask for every title.
    static func derivesSlug(_ title: String, _ slug: String) -> Bool {
        let hyphen = UInt8(ascii: "-")
        var derived: [UInt8] = []
        derived.reserveCapacity(slug.utf8.count + 1)
        var inWord = false
        for byte in title.utf8 {
            guard byte < 0x80 else { return false }
            let isUpper = byte >= 0x41 && byte <= 0x5A
            guard isUpper || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) else {
                inWord = false
                continue
            }
            if !inWord && !derived.isEmpty { derived.append(hyphen) }
            derived.append(isUpper ? byte + 0x20 : byte)
            inWord = true
        }
        if derived.count > Slug.maximumLength { derived.removeLast(derived.count - Slug.maximumLength) }
        while derived.last == hyphen { derived.removeLast() }
        return derived.elementsEqual(slug.utf8)
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            let value = scalar.value
            return (value >= 0x61 && value <= 0x7A) || (value >= 0x30 && value <= 0x39)
                || (value >= 0x41 && value <= 0x5A)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber:
            return true
        default: return false
        }
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
