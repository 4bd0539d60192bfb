/// Numbers written as digits straight into a byte buffer: pages, JSON and the manifest write
/// millions of them, and `String(value)` or interpolation would make a String for each.
enum Digits {
    /// Appends `value` in base `radix` (10 or 16, lower-case letters), with zeros in front up to
    /// `minimumCount` digits, and `separator` before every third digit from the end when given
    /// (`1,204`).
    static func append(
        _ value: UInt64, radix: UInt64 = 10, minimumCount: Int = 1, separator: UInt8? = nil, to bytes: inout [UInt8]
    ) {
        if radix == 10 && separator == nil {
            appendDecimal(value, minimumCount: minimumCount, to: &bytes)
            return
        }
        if radix == 16 && separator == nil && minimumCount <= 1 {
            appendHex(value, to: &bytes)
            return
        }
        // 64 binary digits at most, 20 decimal ones with 6 separators
        var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { buffer in
            let end = buffer.count
            var length = 0
            var count = 0
            var rest = value
            repeat {
                if let separator, count > 0, count % 3 == 0 {
                    length += 1
                    buffer[end - length] = separator
                }
                let digit = UInt8(rest % radix)
                length += 1
                buffer[end - length] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                rest /= radix
                count += 1
            } while (rest > 0 || count < minimumCount) && length < end - 1
            bytes.append(contentsOf: buffer[(end - length)...])
        }
    }

    /// `append` for the common case, plain decimal digits: dividing by a constant ten is a
    /// multiplication, where dividing by a radix that may vary is a division.
    private static func appendDecimal(_ value: UInt64, minimumCount: Int, to bytes: inout [UInt8]) {
        var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { buffer in
            let end = buffer.count
            var length = 0
            var rest = value
            repeat {
                length += 1
                buffer[end - length] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while (rest > 0 || length < minimumCount) && length < end - 1
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(end - length)...]))
        }
    }

    /// `append` in base 16: the manifest writes two hashes per file of the site.
    private static func appendHex(_ value: UInt64, to bytes: inout [UInt8]) {
        let digits = max(1, (64 - value.leadingZeroBitCount + 3) / 4)
        var shift = (digits - 1) * 4
        while shift >= 0 {
            let digit = UInt8(truncatingIfNeeded: value >> UInt64(shift)) & 0xF
            bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            shift -= 4
        }
    }
}
