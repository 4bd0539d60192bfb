import Foundation

/// Points sorted along the Z-order curve of their deepest tiles, so every tile at every zoom is
/// one contiguous range of the order, and its four children are four consecutive sub-ranges.
///
/// The code of a point interleaves the bits of its tile column (even bits) and row (odd bits) at
/// `zoom`, so its 2-bit digits, most significant first, are the point's quadkey.
struct MortonOrder {
    /// Sorted position → point index; equal codes keep ascending point order.
    let order: [Int32]
    /// Each sorted position's code.
    let codes: [UInt64]

    /// Sorts `codes` (one per point) with a stable LSD radix sort.
    /// - Complexity: O(n · zoom / 5), in 11-bit passes over the 2 · zoom used bits.
    init(codes unsorted: [UInt64], zoom: Int) {
        let count = unsorted.count
        var codes = unsorted
        var order = (0..<Int32(count)).map { $0 }
        var spareCodes = [UInt64](repeating: 0, count: count)
        var spareOrder = [Int32](repeating: 0, count: count)
        let digitBits = 11
        let buckets = 1 << digitBits
        var counts = [Int](repeating: 0, count: buckets)
        var shift = 0
        while shift < 2 * zoom {
            for index in counts.indices { counts[index] = 0 }
            for code in codes { counts[Int((code >> UInt64(shift)) & UInt64(buckets - 1))] += 1 }
            var total = 0
            for index in counts.indices {
                let bucket = counts[index]
                counts[index] = total
                total += bucket
            }
            for position in 0..<count {
                let code = codes[position]
                let bucket = Int((code >> UInt64(shift)) & UInt64(buckets - 1))
                spareCodes[counts[bucket]] = code
                spareOrder[counts[bucket]] = order[position]
                counts[bucket] += 1
            }
            swap(&codes, &spareCodes)
            swap(&order, &spareOrder)
            shift += digitBits
        }
        self.order = order
        self.codes = codes
    }

    /// The code of tile `column`, `row`: column bits at even positions, row bits at odd ones.
    @inline(__always)
    static func code(column: Int, row: Int) -> UInt64 {
        spread(UInt64(column)) | spread(UInt64(row)) << 1
    }

    /// Moves bit i of a 32-bit value to bit 2i.
    @inline(__always)
    private static func spread(_ value: UInt64) -> UInt64 {
        var v = value & 0xFFFF_FFFF
        v = (v | v << 16) & 0x0000_FFFF_0000_FFFF
        v = (v | v << 8) & 0x00FF_00FF_00FF_00FF
        v = (v | v << 4) & 0x0F0F_0F0F_0F0F_0F0F
        v = (v | v << 2) & 0x3333_3333_3333_3333
        v = (v | v << 1) & 0x5555_5555_5555_5555
        return v
    }
}
