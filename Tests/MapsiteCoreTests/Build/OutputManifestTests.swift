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
        #expect(decoded == entries)
    }
}
