/// A slug as a set or dictionary key, hashed once with FNV-1a over its bytes, so that `Hasher`
/// mixes eight bytes instead of running over the text: counting and reserving the slugs of a
/// large dataset hashed each slug twice with `String`'s hashing, a tenth of the loading time.
///
/// Equality is byte equality, which for slugs (ASCII by construction) is the same as `String`'s.
struct SlugKey: Hashable {
    let text: String
    private let hash: UInt64

    init(_ text: String) {
        self.text = text
        hash = StableHash.fnv1a64(text)
    }

    static func == (a: SlugKey, b: SlugKey) -> Bool {
        a.hash == b.hash && a.text == b.text
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
