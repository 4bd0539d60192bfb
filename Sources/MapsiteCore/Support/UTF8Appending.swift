extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of each of `parts`, in order: a link pieced together from a few
    /// texts, written straight into a page's bytes without a String for the whole.
    mutating func appendUTF8(_ parts: String...) {
        for part in parts { self += part.utf8 }
    }
}
