import Testing

@testable import MapsiteCore

@Suite("UTF8Appending")
struct UTF8AppendingTests {
    @Test("parts are appended in order, non-ASCII ones as UTF-8")
    func parts() {
        var bytes = Array("<".utf8)
        bytes.appendUTF8("geo:", "41.5", ",", "", "Café")
        #expect(String(decoding: bytes, as: UTF8.self) == "<geo:41.5,Café")
    }
}
