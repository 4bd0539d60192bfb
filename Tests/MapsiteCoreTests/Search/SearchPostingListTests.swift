import Testing

@testable import MapsiteCore

@Suite("Search: posting lists")
struct SearchPostingListTests {
    @Test("one digit for a small gap") func small() {
        let postings = [
            Posting(document: 0, quality: 0), Posting(document: 1, quality: 1), Posting(document: 3, quality: 0),
        ]
        // (gap << 1) | quality: 0, 1, 2.
        #expect(PostingList.encode(postings, bits: 1) == "012")
    }

    @Test("large gaps take continuation digits") func large() {
        let postings = [Posting(document: 1_000_000, quality: 3)]
        let text = PostingList.encode(postings, bits: 2)
        #expect(text.count == 5)
        #expect(PostingList.decode(text, bits: 2) == postings)
    }

    @Test("round trip", arguments: [1, 2]) func roundTrip(bits: Int) {
        var state: UInt64 = 42
        var document: Int32 = -1
        var postings: [Posting] = []
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            document += Int32(1 + (state >> 33) % (state % 7 == 0 ? 40_000 : 30))
            postings.append(Posting(document: document, quality: UInt8((state >> 20) % UInt64(1 << bits))))
        }
        #expect(PostingList.decode(PostingList.encode(postings, bits: bits), bits: bits) == postings)
    }

    @Test("only JSON-safe characters") func alphabet() {
        let text = PostingList.encode((0..<2_000).map { Posting(document: Int32($0 * 37), quality: 1) }, bits: 1)
        #expect(text.utf8.allSatisfy { PostingList.digits.contains($0) })
    }

    @Test("decoding stops at a character that is not a digit") func stops() {
        #expect(PostingList.decode("01 2", bits: 1).count == 2)
        #expect(PostingList.decode("", bits: 1).isEmpty)
    }
}
