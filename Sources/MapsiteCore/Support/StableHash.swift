import Foundation

/// FNV-1a, a small hash whose value is the same in every run (Swift's `Hasher` is seeded per run).
enum StableHash {
    /// - Parameter continuing: the hash of the text before `text`, to hash text given in parts.
    static func fnv1a64(_ text: String, continuing hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = hash
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// A 64-bit hash of file contents (a multiply-xorshift mix in the manner of wyhash/MurmurHash).
    /// Four lanes take 32 bytes a step, each lane's multiplications independent of the others',
    /// so the processor overlaps them: several times faster than one lane, and than FNV-1a byte
    /// by byte, on pages of kilobytes.
    static func contents(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (
            0xcbf2_9ce4_8422_2325 ^ UInt64(count), 0x9E37_79B9_7F4A_7C15, 0xD6E8_FEB8_6659_FD93, 0x94D0_49BB_1331_11EB
        )
        var offset = 0
        while offset + 32 <= count {
            lanes.0 = mix(lanes.0 ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            lanes.1 = mix(lanes.1 ^ bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            lanes.2 = mix(lanes.2 ^ bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            lanes.3 = mix(lanes.3 ^ bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
            offset += 32
        }
        var hash = mix(mix(mix(lanes.0 ^ lanes.1) ^ lanes.2) ^ lanes.3)
        while offset + 8 <= count {
            hash = mix(hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        for (shift, byte) in bytes[offset...].enumerated() { tail |= UInt64(byte) << UInt64(shift * 8) }
        return mix(hash ^ tail)
    }

    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return z ^ (z >> 32)
    }
}
