import Foundation

/// How search text is normalised, here and in `templates/assets/core/search.js`, which must agree
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
        var tokens: [String] = []
        forEachToken(of: text) { tokens.append(String(decoding: $0, as: UTF8.self)) }
        return tokens
    }

    /// Calls `body` with the UTF-8 bytes of each of `tokens(text)`, in order. ASCII text is read
    /// byte by byte with no text made for each token, as the index tokenises every item.
    static func forEachToken(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if forEachASCIIWord(of: text, maximumLength: maximumTokenLength, body) { return }
        for word in foldedWords(text) {
            // A word of no more bytes than the limit has no more scalars either.
            var token =
                word.utf8.count > maximumTokenLength && word.unicodeScalars.count > maximumTokenLength
                ? String(String.UnicodeScalarView(word.unicodeScalars.prefix(maximumTokenLength))) : word
            token.withUTF8(body)
        }
    }

    /// The runs of letters and digits of the folded text, whole.
    static func words(_ text: String) -> [String] {
        asciiWords(text) ?? foldedWords(text)
    }

    /// `words` of any text: the runs of word scalars of `fold(text)`.
    private static func foldedWords(_ text: String) -> [String] {
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
        let isASCII = forEachASCIIWord(of: text, maximumLength: .max) {
            words.append(String(decoding: $0, as: UTF8.self))
        }
        return isASCII ? words : nil
    }

    /// Calls `body` with the bytes of each word of ASCII text (see `asciiWords`), cut to
    /// `maximumLength` bytes, and returns true; returns false without a call for any other text.
    private static func forEachASCIIWord(
        of text: String, maximumLength: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            guard !utf8.contains(where: { $0 >= 0x80 }) else { return false }
            // A word is lowercased into this space, which no word outgrows.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, min(maximumLength, utf8.count))) { word in
                var length = 0
                var inWord = false
                for byte in utf8 {
                    let isUpper = byte >= 0x41 && byte <= 0x5A
                    guard isUpper || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) else {
                        if inWord { body(UnsafeBufferPointer(rebasing: word[..<length])) }
                        inWord = false
                        length = 0
                        continue
                    }
                    inWord = true
                    if length < word.count {
                        word[length] = isUpper ? byte + 0x20 : byte
                        length += 1
                    }
                }
                if inWord { body(UnsafeBufferPointer(rebasing: word[..<length])) }
            }
            return true
        }
    }

    /// Whether the text ends inside a token, so its last token may still be growing (`"walnu"`)
    /// rather than finished (`"walnut "`).
    public static func endsInToken(_ text: String) -> Bool {
        guard let last = fold(text).unicodeScalars.last else { return false }
        return isWordScalar(last)
    }

    /// The slug `core/search.js` derives from an ASCII title: the words, lowercase, joined by `-`, cut
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
