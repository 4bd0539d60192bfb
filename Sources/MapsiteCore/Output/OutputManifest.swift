import Foundation

/// The manifest an output folder keeps of the files the last build wrote: a header line, then a
/// line per file, `hash size inputs path`, in the byte order of the paths (hash and inputs in hexadecimal, `-`
/// for no inputs). Read and written a byte at a time: on a site of 150,000 files, String
/// splitting made reading it a large share of a rebuild that changes nothing.
enum OutputManifest {
    static let header = "# mapsite manifest 2: the files the last build wrote (hash, size, inputs, path)\n"

    static func encode(_ entries: [String: OutputWriter.Entry]) -> [UInt8] {
        let pairs = Array(entries)
        let order = UTF8Order.sortedPositions(of: pairs.map(\.key))
        guard order.count >= TwoHalves.minimumCount else { return Array(header.utf8) + lines(order[...], of: pairs) }
        // The lines of each half of the paths on a thread of their own.
        let middle = order.count / 2
        let (first, second) = TwoHalves.both(
            { lines(order[..<middle], of: pairs) }, { lines(order[middle...], of: pairs) })
        return Array(header.utf8) + first + second
    }

    /// The lines of the entries at `positions` of `pairs`, in that order.
    private static func lines(
        _ positions: ArraySlice<Int>, of pairs: [(key: String, value: OutputWriter.Entry)]
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(positions.count * 64)
        for position in positions {
            let (path, entry) = pairs[position]
            Digits.append(entry.hash, radix: 16, to: &bytes)
            bytes.append(UInt8(ascii: " "))
            Digits.append(UInt64(entry.size), to: &bytes)
            bytes.append(UInt8(ascii: " "))
            if let inputs = entry.inputs {
                Digits.append(inputs, radix: 16, to: &bytes)
            } else {
                bytes.append(UInt8(ascii: "-"))
            }
            bytes.append(UInt8(ascii: " "))
            bytes += path.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// The entries of the manifest at `path`; a missing one, or one in another format, reads as
    /// empty, so the next build writes everything. Lines that do not parse, and paths that would
    /// leave the output folder, are left out.
    static func read(at path: String) -> [String: OutputWriter.Entry] {
        var entries: [String: OutputWriter.Entry] = [:]
        withBytes(at: path) { bytes in
            entries.reserveCapacity(lineCount(bytes))
            forEachEntry(in: bytes) { entries[$0] = $1 }
        }
        return entries
    }

    /// The entries as `read` gives them, in the order of the file, as a list.
    static func entries(at path: String) -> [(path: String, entry: OutputWriter.Entry)] {
        var entries: [(path: String, entry: OutputWriter.Entry)] = []
        withBytes(at: path) { entries = decode($0) }
        return entries
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [(path: String, entry: OutputWriter.Entry)] {
        var entries: [(path: String, entry: OutputWriter.Entry)] = []
        entries.reserveCapacity(lineCount(bytes))
        forEachEntry(in: bytes) { entries.append(($0, $1)) }
        return entries
    }

    private static func withBytes(at path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        data.withUnsafeBytes { body($0.bindMemory(to: UInt8.self)) }
    }

    /// At most the number of entries: room for all of them at once.
    private static func lineCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// Calls `body` with each entry of the manifest's bytes, in their order.
    private static func forEachEntry(
        in bytes: UnsafeBufferPointer<UInt8>, _ body: (String, OutputWriter.Entry) -> Void
    ) {
        let headerBytes = Array(header.utf8)
        guard bytes.count >= headerBytes.count, bytes.prefix(headerBytes.count).elementsEqual(headerBytes) else {
            return
        }
        var position = headerBytes.count
        while position < bytes.count {
            let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if let (path, entry) = line(UnsafeBufferPointer(rebasing: bytes[position..<end])),
                SitePath.isContained(path)
            {
                body(path, entry)
            }
            position = end + 1
        }
    }

    private static func line(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, OutputWriter.Entry)? {
        var position = 0
        func field() -> Slice<UnsafeBufferPointer<UInt8>>? {
            let start = position
            while position < bytes.count && bytes[position] != UInt8(ascii: " ") { position += 1 }
            guard position < bytes.count, position > start else { return nil }
            defer { position += 1 }
            return bytes[start..<position]
        }
        guard bytes.first != UInt8(ascii: "#"), let hashField = field(), let sizeField = field(),
            let inputsField = field(), position < bytes.count,
            let hash = number(hashField, radix: 16), let size = number(sizeField, radix: 10)
        else { return nil }
        let inputs = number(inputsField, radix: 16)
        let path = String(decoding: UnsafeBufferPointer(rebasing: bytes[position...]), as: UTF8.self)
        return (path, OutputWriter.Entry(hash: hash, size: Int(size), inputs: inputs))
    }

    /// An unsigned number in base 10 or 16, or nil for anything else (such as `-`).
    private static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>, radix: UInt64) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(byte - UInt8(ascii: "a") + 10)
            default: return nil
            }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            guard !overflow else { return nil }
            value = shifted + digit
        }
        return value
    }
}
