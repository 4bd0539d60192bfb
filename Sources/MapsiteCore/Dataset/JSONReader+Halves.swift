/// A large GeoJSON FeatureCollection read on two threads (`TwoHalves`), each reading half of its
/// "features" list.
///
/// Reading the JSON is half of loading a large GeoJSON file, and `parse` reads it on one thread. A
/// quick scan of the bytes (strings skipped, brackets counted) finds where the top-level object's
/// "features" list opens and the comma between two of its elements nearest the middle of the
/// file; each thread reads the elements on one side of that comma, and then the rest of the file is
/// read with an empty list in place of theirs. Each part is read as `parse` reads it, so together
/// they make its value. On any problem, and when the scan finds no such comma, the file is read
/// whole by `parse`, so the errors (their messages, lines and columns) are those of `parse`.
extension JSONReader {
    /// Below this many bytes a second thread costs more than it saves.
    static let minimumHalvesSize = 1 << 20

    /// The value of `bytes`, as `parse(_:file:)` reads it; a large FeatureCollection read in halves.
    /// - Throws: `parse`'s `InputError`.
    static func parseFeatureCollection(_ bytes: [UInt8], file: String) throws -> JSONValue {
        if bytes.count >= minimumHalvesSize, let value = readInHalves(bytes, file: file) { return value }
        return try parse(bytes, file: file)
    }

    /// The value of `bytes` read with the "features" list in two halves; nil when the scan finds no
    /// comma to split the list at, or when anything is wrong (then `parse` names it).
    static func readInHalves(_ bytes: [UInt8], file: String) -> JSONValue? {
        guard TextCheck.firstProblem(in: bytes) == nil else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> JSONValue? in
            guard let split = featuresMiddle(in: buffer) else { return nil }
            // The features are the elements at depth 2: in the top-level object, in the list.
            let (first, second) = TwoHalves.both(
                { try? elements(in: buffer, from: split.open + 1, stop: split.comma, depth: 2, file: file) },
                { try? elements(in: buffer, from: split.comma + 1, stop: buffer.count, depth: 2, file: file) })
            // The first half must end at the comma, the second at the list's `]`.
            guard let first, let second, first.end == split.comma, second.end < buffer.count else { return nil }
            let rest = Array(buffer[..<split.open]) + Array("[]".utf8) + buffer[(second.end + 1)...]
            guard case .object(var root) = try? parse(rest, file: file) else { return nil }
            root.members["features"] = .array(first.elements + second.elements)
            return .object(root)
        }
    }

    /// Where the top-level object's "features" list opens (its `[`), and the comma between two of its
    /// elements nearest the middle of `bytes`. Nil when the file does not start with an object, or
    /// has no such list, or the list has fewer than two elements.
    ///
    /// Only strings and brackets are followed (a `\` in a string skips the byte after it); whether
    /// the text is JSON is left to the reader.
    static func featuresMiddle(in bytes: UnsafeBufferPointer<UInt8>) -> (open: Int, comma: Int)? {
        let middle = bytes.count / 2
        var index = skippingSpace(in: bytes, from: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        var depth = 0
        var open: Int?
        // The last comma between two features before the middle.
        var before: Int?
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let start = index + 1
                index += 1
                while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                if depth == 1 && open == nil && bytes[start..<min(index, bytes.count)].elementsEqual("features".utf8) {
                    // A key if a colon follows; its value is the list when a `[` follows that.
                    let colon = skippingSpace(in: bytes, from: index + 1)
                    let value = skippingSpace(in: bytes, from: colon + 1)
                    if colon < bytes.count && bytes[colon] == UInt8(ascii: ":") && value < bytes.count
                        && bytes[value] == UInt8(ascii: "[")
                    {
                        open = value
                    }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 1, let open { return before.map { (open, $0) } }
                if depth == 0 { return nil }
            case UInt8(ascii: ",") where depth == 2 && open != nil:
                guard index >= middle, let open else {
                    before = index
                    break
                }
                // The nearer of the commas either side of the middle.
                return (open, before.map { middle - $0 < index - middle ? $0 : index } ?? index)
            default: break
            }
            index += 1
        }
        return nil
    }
}
