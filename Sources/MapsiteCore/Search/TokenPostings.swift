/// The posting lists of every token, in two steps: the tokens of each item are read in the order
/// the items lie in memory (`read`), then posted document by document in ascending order
/// (`post`). Documents are numbered by title, so going through the items themselves in document
/// order would jump about memory; reading them once in their own order and keeping only the
/// numbers of their tokens, side by side, avoids that.
///
/// Tokens are numbered in the order they are first met, looked up by their bytes as they are
/// read (`TextInterner`), and a field value seen before (a region, a country code) is not
/// tokenised again.
struct TokenPostings {
    /// Token number → token.
    var tokens: [String] { (0..<numbers.count).map { numbers.texts[$0] } }
    /// Token number → postings, ascending by document.
    private(set) var lists: [[Posting]] = []
    private var numbers = TextInterner()
    /// Token number → the last document it was added to, so a document is added once.
    private var lastDocument: [Int32] = []
    /// Field values seen so far, numbered; value `v`'s token numbers are
    /// `valueTokens[valueEnds[v - 1]..<valueEnds[v]]`.
    private var values = TextInterner()
    private var valueTokens: [Int32] = []
    private var valueEnds: [Int] = []
    /// The tokens of each item read, one after another: `number << 1 | quality`; item `i`'s are
    /// `itemTokens[itemEnds[i - 1]..<itemEnds[i]]`.
    private var itemTokens: [Int32] = []
    private var itemEnds: [Int] = []

    /// Reads the tokens of the next item: those of `title` with quality 0, then those of `values`
    /// with quality 1.
    mutating func read(title: String, values: [String]) {
        SearchText.forEachToken(of: title) { itemTokens.append(number(of: $0) << 1) }
        for value in values where !value.isEmpty {
            let value = Int(number(ofValue: value))
            for index in (value == 0 ? 0 : valueEnds[value - 1])..<valueEnds[value] {
                itemTokens.append(valueTokens[index] << 1 | 1)
            }
        }
        itemEnds.append(itemTokens.count)
    }

    /// Adds `document` to the list of each token of the `item`th item read, with its quality,
    /// once per token: a token of the title is not added again for a field. Documents must come
    /// in ascending order.
    mutating func post(item: Int, document: Int32) {
        for index in (item == 0 ? 0 : itemEnds[item - 1])..<itemEnds[item] {
            let token = Int(itemTokens[index] >> 1)
            guard lastDocument[token] != document else { continue }
            lastDocument[token] = document
            lists[token].append(Posting(document: document, quality: UInt8(itemTokens[index] & 1)))
        }
    }

    /// The number of a field value, its tokens numbered when it is new.
    private mutating func number(ofValue value: String) -> Int32 {
        let (number, isNew) = values.number(of: value)
        if isNew {
            SearchText.forEachToken(of: value) { valueTokens.append(self.number(of: $0)) }
            valueEnds.append(valueTokens.count)
        }
        return number
    }

    private mutating func number(of token: UnsafeBufferPointer<UInt8>) -> Int32 {
        let (number, isNew) = numbers.number(of: token)
        if isNew {
            lists.append([])
            lastDocument.append(-1)
        }
        return number
    }
}
