import Testing

@testable import MapsiteCore

@Suite("OutputManifest")
struct OutputManifestTests {
    @Test("lines are hash, size, inputs and path, in byte order of the paths, and read back the same")
    func roundTrip() {
        let entries: [String: OutputWriter.Entry] = [
            "b/index.html": .init(hash: 0, size: 0, inputs: nil),
            "a/index.html": .init(hash: UInt64.max, size: 1_234_567, inputs: 0xabc),
            "Z.json": .init(hash: 0x1_0000_0000, size: 9, inputs: UInt64.max),
        ]
        let bytes = OutputManifest.encode(entries)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text == OutputManifest.header + "100000000 9 ffffffffffffffff Z.json\n"
                + "ffffffffffffffff 1234567 abc a/index.html\n" + "0 0 - b/index.html\n")
        let decoded = bytes.withUnsafeBufferPointer(OutputManifest.decode)
        #expect(decoded.map(\.path) == ["Z.json", "a/index.html", "b/index.html"])
        #expect(Self.dictionary(decoded) == entries)
    }

    static func dictionary(_ list: [(path: String, entry: OutputWriter.Entry)]) -> [String: OutputWriter.Entry] {
        Dictionary(list.map { ($0.path, $0.entry) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("a large manifest, written in two halves, has every line once, in byte order of the paths")
    func large() {
        var entries: [String: OutputWriter.Entry] = [:]
        for number in 0..<30_000 {
            entries["items/\(number * 7919 % 30_000)/index.html"] = .init(
                hash: UInt64(number), size: number, inputs: number % 3 == 0 ? nil : UInt64(number))
        }
        let bytes = OutputManifest.encode(entries)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst()
        let paths = lines.map { $0.split(separator: " ")[3] }
        #expect(paths.count == entries.count)
        #expect(paths.map(String.init) == entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let decoded = bytes.withUnsafeBufferPointer(OutputManifest.decode)
        #expect(decoded.count == entries.count && Self.dictionary(decoded) == entries)
    }
}
