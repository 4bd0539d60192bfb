/// Texts numbered in the order they are first met, looked up by their UTF-8 bytes.
///
/// The search index looks up every token of every item. A `[String: Int32]` would need a `String`
/// of each token only to hash it (with SipHash) and let it go again; here the bytes are hashed
/// where they are read, and only a new text's bytes are kept, in one `TextTable`.
struct TextInterner {
    /// Number → text.
    private(set) var texts = TextTable()
    /// Number → hash of its text, so that growing the table does not hash the texts again.
    private var hashes: [UInt64] = []
    /// Open addressing with linear probing: each slot holds a text's number plus one in its low
    /// half, or 0 when empty, and the high half of the text's hash in its high half, so that a
    /// probe reads the bytes of a text only when the hashes agree. Its count is a power of two,
    /// at least twice the number of texts.
    private var slots = [UInt64](repeating: 0, count: 64)
    /// Where each table's hash starts, drawn at random: texts come from datasets, and a fixed
    /// hash would let a crafted dataset put every token in one run of slots. The numbers do not
    /// depend on it (they count texts in the order they are met), so output stays the same.
    private let seed = UInt64.random(in: .min ... .max)

    init() {}

    var count: Int { texts.count }

    /// The number of the text made of `bytes`, a new one (the count so far) when it is new.
    /// - Complexity: O(bytes) on average.
    mutating func number(of bytes: UnsafeBufferPointer<UInt8>) -> (number: Int32, isNew: Bool) {
        let hash = Self.hash(bytes, seed: seed)
        let mask = slots.count - 1
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot] & 0xFFFF_FFFF) - 1
            if slots[slot] & 0xFFFF_FFFF_0000_0000 == tag && texts.hasBytes(number, bytes) {
                return (Int32(number), false)
            }
            slot = (slot + 1) & mask
        }
        let number = Int32(texts.count)
        texts.append(bytes)
        hashes.append(hash)
        slots[slot] = tag | UInt64(number + 1)
        if texts.count * 2 > slots.count { grow() }
        return (number, true)
    }

    /// `number(of:)` of the bytes of `text`.
    mutating func number(of text: String) -> (number: Int32, isNew: Bool) {
        var text = text
        return text.withUTF8 { number(of: $0) }
    }

    /// Doubles the slots and places every number again by its kept hash.
    private mutating func grow() {
        slots = [UInt64](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(number + 1)
        }
    }

    /// FNV-1a over the bytes from `seed`, then mixed so that the low bits, which pick the slot,
    /// depend on every byte.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash ^= hash >> 32
        hash = hash &* 0xd6e8_feb8_6659_fd93
        return hash ^ (hash >> 29)
    }
}
