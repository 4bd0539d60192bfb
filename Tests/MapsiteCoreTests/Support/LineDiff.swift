/// A line diff of two texts, in the unified style: `-` lines only in `old`, `+` lines only in
/// `new`, and up to `context` unchanged lines around each change.
enum LineDiff {
    static func text(from old: String, to new: String, context: Int = 2, limit: Int = 60) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let lines = edits(a, b)
        let changed = lines.indices.filter { lines[$0].0 != " " }
        var shown: [String] = []
        var last = -1
        for index in changed {
            let start = max(index - context, last + 1)
            if start > last + 1 && !shown.isEmpty { shown.append("…") }
            let end = min(index + context, lines.count - 1)
            if start <= end {
                for line in start...end { shown.append("\(lines[line].0) \(lines[line].1)") }
            }
            last = max(last, end)
            if shown.count >= limit {
                return (shown.prefix(limit) + ["… (diff cut at \(limit) lines)"]).joined(separator: "\n")
            }
        }
        return shown.joined(separator: "\n")
    }

    /// The shortest edit script by longest common subsequence; fine for files of a few thousand lines.
    private static func edits(_ a: [String], _ b: [String]) -> [(Character, String)] {
        let n = a.count
        let m = b.count
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var result: [(Character, String)] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n && j < m && a[i] == b[j] {
                result.append((" ", a[i]))
                i += 1
                j += 1
            } else if i < n && (j == m || lengths[i + 1][j] >= lengths[i][j + 1]) {
                result.append(("-", a[i]))
                i += 1
            } else {
                result.append(("+", b[j]))
                j += 1
            }
        }
        return result
    }
}
