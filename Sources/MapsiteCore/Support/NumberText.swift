import Foundation

/// Numbers as people read them.
public enum NumberText {
    /// `1204` → `1,204`.
    public static func grouped(_ value: Int) -> String {
        var bytes: [UInt8] = []
        appendGrouped(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `grouped(value)`. Item pages show eight distances or more each, so this works
    /// on bytes.
    static func appendGrouped(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        Digits.append(UInt64(value.magnitude), separator: UInt8(ascii: ","), to: &bytes)
    }

    /// Seconds with two decimals: `0.05 s`.
    public static func seconds(_ value: Double) -> String {
        String(format: "%.2f s", value)
    }
}
