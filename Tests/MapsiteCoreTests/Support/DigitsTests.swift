import Testing

@testable import MapsiteCore

@Suite("Digits")
struct DigitsTests {
    private func text(_ value: UInt64, radix: UInt64 = 10, minimumCount: Int = 1, separator: UInt8? = nil) -> String {
        var bytes: [UInt8] = []
        Digits.append(value, radix: radix, minimumCount: minimumCount, separator: separator, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("as String(value, radix:) makes them, for values across the range")
    func likeString() {
        for value: UInt64 in [
            0, 1, 9, 10, 15, 16, 255, 256, 4095, 4096, 1000, 123_456_789, 0xdead_beef, UInt64(Int64.max), UInt64.max,
        ] {
            #expect(text(value) == String(value))
            #expect(text(value, radix: 16) == String(value, radix: 16))
        }
    }

    @Test("zeros in front up to a count, and a separator before every third digit")
    func paddingAndSeparator() {
        #expect(text(7, minimumCount: 3) == "007")
        #expect(text(0, minimumCount: 2) == "00")
        #expect(text(1234, minimumCount: 2) == "1234")
        #expect(text(999, separator: UInt8(ascii: ",")) == "999")
        #expect(text(1000, separator: UInt8(ascii: ",")) == "1,000")
        #expect(text(UInt64.max, separator: UInt8(ascii: ",")) == "18,446,744,073,709,551,615")
    }
}
