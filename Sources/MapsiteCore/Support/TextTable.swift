/// Many short texts kept as UTF-8 in one array of bytes, one after another.
///
/// Item pages copy the titles, links and ids of their neighbours from tables like this: one
/// shared array, read by every rendering thread, where an array of `String`s would have each
/// thread retain and release the same strings' storage, and the cores fight over their counts.
struct TextTable: Sendable {
    private var bytes: [UInt8] = []
    /// Where each text ends in `bytes`; text `i` starts where text `i - 1` ends.
    private var ends: [Int] = []

    init() {}

    /// A table of `texts`, in order.
    init<Texts: Sequence>(_ texts: Texts) where Texts.Element == String {
        for text in texts { append(text) }
    }

    /// A table of texts each made by `write`, which appends its bytes.
    init(count: Int, _ write: (Int, inout [UInt8]) -> Void) {
        ends.reserveCapacity(count)
        for index in 0..<count {
            write(index, &bytes)
            ends.append(bytes.count)
        }
    }

    /// `init(count:_:)` with each half of the texts written on a thread of its own (`TwoHalves`).
    /// - Parameter write: runs on two threads at once, so it may only read shared state.
    init(concurrentCount count: Int, _ write: (Int, inout [UInt8]) -> Void) {
        guard count >= TwoHalves.minimumCount else {
            self.init(count: count, write)
            return
        }
        let middle = count / 2
        var (first, second) = TwoHalves.both(
            { TextTable(range: 0..<middle, write) }, { TextTable(range: middle..<count, write) })
        let offset = first.bytes.count
        first.bytes += second.bytes
        second.bytes = []
        first.ends += second.ends.lazy.map { $0 + offset }
        self = first
    }

    /// The texts of `range` written by `write`, the first at position 0.
    private init(range: Range<Int>, _ write: (Int, inout [UInt8]) -> Void) {
        ends.reserveCapacity(range.count)
        for index in range {
            write(index, &bytes)
            ends.append(bytes.count)
        }
    }

    var count: Int { ends.count }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
        ends.append(bytes.count)
    }

    /// Appends a text given as UTF-8 bytes.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
        ends.append(bytes.count)
    }

    /// Whether text `index` is made of exactly `other`'s bytes.
    func hasBytes(_ index: Int, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = index == 0 ? 0 : ends[index - 1]
        guard ends[index] - start == other.count else { return false }
        return bytes.withUnsafeBufferPointer {
            UnsafeBufferPointer(rebasing: $0[start..<ends[index]]).elementsEqual(other)
        }
    }

    /// The number of UTF-8 bytes of text `index`.
    func byteCount(of index: Int) -> Int {
        ends[index] - (index == 0 ? 0 : ends[index - 1])
    }

    /// Appends the bytes of text `index` to `output`.
    func append(_ index: Int, to output: inout [UInt8]) {
        let start = index == 0 ? 0 : ends[index - 1]
        bytes.withUnsafeBufferPointer {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<ends[index]]))
        }
    }

    subscript(index: Int) -> String {
        let start = index == 0 ? 0 : ends[index - 1]
        return String(decoding: bytes[start..<ends[index]], as: UTF8.self)
    }
}
