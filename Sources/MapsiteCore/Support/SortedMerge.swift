/// Two lists sorted by `precedes` as one; on ties the first list's element comes first.
/// - Complexity: O(n) over both lists.
func mergedSorted<Element>(
    _ first: [Element], _ second: [Element], by precedes: (Element, Element) -> Bool
) -> [Element] {
    if first.isEmpty { return second }
    if second.isEmpty { return first }
    var result: [Element] = []
    result.reserveCapacity(first.count + second.count)
    var (i, j) = (0, 0)
    while i < first.count && j < second.count {
        if precedes(second[j], first[i]) {
            result.append(second[j])
            j += 1
        } else {
            result.append(first[i])
            i += 1
        }
    }
    result += first[i...]
    result += second[j...]
    return result
}
