import Foundation

/// Escaping for untrusted text placed in HTML, in JSON inside `<script>`, and in URLs.
public enum Escape {
    /// Escapes `& < > " '` for element text and double- or single-quoted attributes.
    public static func html(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// Percent-encodes text for a URL query value or path segment: every byte of its UTF-8 but
    /// ASCII letters, digits and `-._~` (RFC 3986's unreserved characters).
    public static func urlComponent(_ text: String) -> String {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// URLs from datasets, kept only when they are safe to put in `href` or `src`.
public enum SafeURL {
    static let allowedSchemes: Set<String> = ["http", "https"]

    /// The URL when it is http(s), or relative; nil for `javascript:`, `data:` and any other scheme.
    /// `allowing` adds schemes, such as `mailto` for a contact link.
    public static func sanitize(_ raw: String, allowing extra: Set<String> = []) -> String? {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        // Browsers ignore tabs and newlines inside a scheme (`java\tscript:`), so judge without them.
        let compact = trimmed.unicodeScalars.filter { $0.value > 0x20 }.map(String.init).joined()
        guard let colon = compact.firstIndex(of: ":") else { return trimmed }
        let beforeColon = compact[..<colon]
        if beforeColon.contains("/") || beforeColon.contains("?") || beforeColon.contains("#") { return trimmed }
        let scheme = beforeColon.lowercased()
        return allowedSchemes.contains(scheme) || extra.contains(scheme) ? trimmed : nil
    }

    /// Whether the URL points into this site (no scheme, not protocol-relative, not root-absolute).
    public static func isSiteRelative(_ url: String) -> Bool {
        !url.contains(":") && !url.hasPrefix("/") && !url.hasPrefix("#")
    }
}
