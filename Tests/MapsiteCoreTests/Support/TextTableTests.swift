import Testing

@testable import MapsiteCore

@Suite("TextTable")
struct TextTableTests {
    @Test("each text comes back as given, empty and non-ASCII ones included")
    func roundTrip() {
        let texts = ["", "Café & \"crème\"", "a", "", "東京", String(repeating: "long ", count: 40)]
        let table = TextTable(texts)
        #expect(table.count == texts.count)
        for (index, text) in texts.enumerated() {
            #expect(table[index] == text)
            #expect(table.byteCount(of: index) == text.utf8.count)
            var bytes: [UInt8] = Array("x".utf8)
            table.append(index, to: &bytes)
            #expect(bytes == Array("x".utf8) + Array(text.utf8))
        }
    }

    @Test("texts written as bytes are kept in order")
    func written() {
        let table = TextTable(count: 4) { index, bytes in bytes += "#\(index)".utf8 }
        #expect((0..<4).map { table[$0] } == ["#0", "#1", "#2", "#3"])
    }

    @Test("texts appended as bytes compare by their bytes")
    func bytes() {
        var table = TextTable()
        for text in ["ab", "", "東京"] { Array(text.utf8).withUnsafeBufferPointer { table.append($0) } }
        #expect((0..<3).map { table[$0] } == ["ab", "", "東京"])
        Array("ab".utf8).withUnsafeBufferPointer { bytes in
            #expect(table.hasBytes(0, bytes))
            #expect(!table.hasBytes(1, bytes))
            #expect(!table.hasBytes(2, bytes))
        }
        Array("a".utf8).withUnsafeBufferPointer { #expect(!table.hasBytes(0, $0)) }
        [UInt8]().withUnsafeBufferPointer { #expect(table.hasBytes(1, $0)) }
    }
}
