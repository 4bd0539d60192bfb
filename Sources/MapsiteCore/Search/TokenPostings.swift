/// The posting lists of every token, filled document by document in ascending order.
///
/// Tokens are numbered in the order they are first met, so a token is hashed once where it is
/// read rather than again for every set and list it goes into, and a field value seen before
/// (a region, a country code) is not tokenised again.
struct TokenPostings {
    /// Token number → token.
    private(set) var tokens: [String] = []
    /// Token number → postings, ascending by document.
    private(set) var lists: [[Posting]] = []
    private var numbers: [String: Int32] = [:]
    /// Token number → the last document it was added to, so a document is added once.
    private var lastDocument: [Int32] = []
    /// Field value → the numbers of its tokens.
    private var known: [String: [Int32]] = [:]

    /// Adds `document` to the list of each token of `title` with quality 0, then to the list of
    /// each other token of `values` with quality 1. Documents must come in ascending order.
    mutating func add(document: Int32, title: String, values: [String]) {
        for token in SearchText.tokens(title) { add(number(of: token), document: document, quality: 0) }
        for value in values where !value.isEmpty {
            for token in numbers(ofValue: value) { add(token, document: document, quality: 1) }
        }
    }

    private mutating func add(_ token: Int32, document: Int32, quality: UInt8) {
        let index = Int(token)
        guard lastDocument[index] != document else { return }
        lastDocument[index] = document
        lists[index].append(Posting(document: document, quality: quality))
    }

    private mutating func numbers(ofValue value: String) -> [Int32] {
        if let numbers = known[value] { return numbers }
        let numbers = SearchText.tokens(value).map { number(of: $0) }
        known[value] = numbers
        return numbers
    }

    private mutating func number(of token: String) -> Int32 {
        if let number = numbers[token] { return number }
        let number = Int32(tokens.count)
        numbers[token] = number
        tokens.append(token)
        lists.append([])
        lastDocument.append(-1)
        return number
    }
}
