import Foundation

/// The name a misspelt one most likely meant: `nmae` → `name`, `time_zone` → `timezone`.
enum ClosestName {
    /// The candidate nearest to `name` by edit distance (letters added, removed, changed or two
    /// swapped), ignoring case; nil when none is within about a third of the name's length, so
    /// that a name unlike any other gets no suggestion.
    static func closest(to name: String, among candidates: [String]) -> String? {
        let wanted = Array(name.lowercased())
        let limit = max(1, wanted.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = self.distance(wanted, Array(candidate.lowercased()))
            if distance <= limit && distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The optimal string alignment distance: Levenshtein's, with a swap of neighbours counting one.
    /// - Complexity: O(m·n) for names of m and n characters.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
