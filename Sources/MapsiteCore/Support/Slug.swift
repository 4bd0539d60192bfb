import Foundation

/// URL path segments made from untrusted text: lowercase ASCII letters, digits and single hyphens.
public enum Slug {
    public static let maximumLength = 80

    /// Folds case and accents, turns every other run of characters into one `-`.
    /// `"Café de l'Été, 12"` → `"cafe-de-l-ete-12"`. May return an empty string.
    public static func make(from text: String) -> String {
        // Folding leaves ASCII text as it is but for case, which the loop below folds too.
        let folded =
            text.utf8.allSatisfy { $0 < 0x80 }
            ? text : text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        // The slug is ASCII, so it is built as bytes.
        let hyphen = UInt8(ascii: "-")
        var slug: [UInt8] = []
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            let value = scalar.value
            let isAlphanumeric = (value >= 0x61 && value <= 0x7A) || (value >= 0x30 && value <= 0x39)
            let isUpper = value >= 0x41 && value <= 0x5A
            if isAlphanumeric || isUpper {
                if pendingHyphen && !slug.isEmpty { slug.append(hyphen) }
                pendingHyphen = false
                slug.append(UInt8(isUpper ? value + 32 : value))
                if slug.count >= maximumLength { break }
            } else if scalar == "ß" {
                if pendingHyphen && !slug.isEmpty { slug.append(hyphen) }
                pendingHyphen = false
                slug += [UInt8(ascii: "s"), UInt8(ascii: "s")]
            } else {
                pendingHyphen = true
            }
        }
        // A hyphen and a word, or "ss", may have gone one or two past the limit.
        if slug.count > maximumLength { slug.removeLast(slug.count - maximumLength) }
        while slug.last == hyphen { slug.removeLast() }
        return String(decoding: slug, as: UTF8.self)
    }

    /// `base-suffix`, with `base` shortened so the whole stays within `maximumLength`.
    static func joined(_ base: String, _ suffix: String) -> String {
        guard !suffix.isEmpty else { return base }
        var base = String(base.prefix(max(0, maximumLength - suffix.utf8.count - 1)))
        while base.hasSuffix("-") { base.removeLast() }
        guard !base.isEmpty else { return String(suffix.prefix(maximumLength)) }
        return base + "-" + suffix
    }

    /// Whether `text` is a safe single path segment: non-empty, `[a-z0-9-]` only, no leading `-`.
    public static func isSafe(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= maximumLength, text.utf8.first != UInt8(ascii: "-") else {
            return false
        }
        return text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }
}
