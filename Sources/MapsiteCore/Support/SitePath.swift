import Foundation

/// Paths of output pages relative to the site root, and the relative links between them, so the
/// built site works under any base path without a rebuild.
public enum SitePath {
    /// The prefix that leads from the folder `path` (`boxes/main-st/`) back to the root (`../../`).
    public static func root(from path: String) -> String {
        // The number of non-empty segments, counted over the bytes: every page asks for this.
        var depth = 0
        var inSegment = false
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                inSegment = false
            } else if !inSegment {
                inSegment = true
                depth += 1
            }
        }
        return String(repeating: "../", count: depth)
    }

    /// A link from the page at `from` to the site path `to`; never empty.
    public static func link(from: String, to: String) -> String {
        let link = root(from: from) + to
        return link.isEmpty ? "./" : link
    }

    /// The folder part of a path: `a/b/c.html` → `a/b`, `c.html` → ``, `/x` → `/`.
    ///
    /// Foundation's `deletingLastPathComponent` traps on some short strings with this toolchain
    /// on Linux (Swift 6.3.1), so mapsite uses this instead.
    public static func parent(of path: String) -> String {
        // Over the bytes: the writer asks this for every file.
        var path = path
        return path.withUTF8 { bytes in
            let slashByte = UInt8(ascii: "/")
            var end = bytes.count
            while end > 1 && bytes[end - 1] == slashByte { end -= 1 }
            var slash = end - 1
            while slash >= 0 && bytes[slash] != slashByte { slash -= 1 }
            if slash < 0 { return "" }
            if slash == 0 { return "/" }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self)
        }
    }

    /// Whether a site path stays inside the output folder: no absolute path, no `..`, no empty
    /// segment, no backslash or NUL.
    public static func isContained(_ path: String) -> Bool {
        // One pass over the bytes: this runs for every file of a rebuild, so it splits nothing.
        guard !path.isEmpty else { return false }
        var length = 0  // bytes in the current segment
        var onlyDots = true
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                // an empty segment (leading or doubled "/"), ".", or ".."
                if length == 0 || (onlyDots && length <= 2) { return false }
                length = 0
                onlyDots = true
            case UInt8(ascii: "\\"), 0:
                return false
            default:
                length += 1
                if byte != UInt8(ascii: ".") { onlyDots = false }
            }
        }
        // The last segment may be empty (a folder path ends in "/"), but not "." or "..".
        return !(onlyDots && (length == 1 || length == 2))
    }

}
