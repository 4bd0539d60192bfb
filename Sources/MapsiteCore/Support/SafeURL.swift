import Foundation

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
