/// The exact side of a directed line a point lies on, in planar coordinates.
///
/// A plain floating-point cross product can get the sign wrong for points very near the line, and
/// then a point-in-polygon test can disagree with itself along shared borders. This follows
/// Shewchuk's `orient2d`: a fast estimate with a proven error bound, and when that is too close
/// to call, the exact sign from expansion arithmetic. Exact for all finite coordinates whose
/// pairwise products neither overflow nor fall below about 1e-290 (latitudes and longitudes never
/// come close to either).
enum Orientation {
    /// Shewchuk's `ccwerrboundA`: (3 + 16ε)ε with ε = 2⁻⁵³.
    private static let errorBound = (3.0 + 16.0 * 0x1p-53) * 0x1p-53

    /// +1 when `(x, y)` lies to the left of the line from `(x1, y1)` to `(x2, y2)`, -1 to the right,
    /// 0 exactly on it.
    /// - Complexity: O(1).
    @inline(__always)
    static func sign(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) -> Int {
        let left = (x1 - x) * (y2 - y)
        let right = (y1 - y) * (x2 - x)
        let determinant = left - right
        let sum: Double
        if left > 0 {
            if right <= 0 { return signum(determinant) }
            sum = left + right
        } else if left < 0 {
            if right >= 0 { return signum(determinant) }
            sum = -left - right
        } else {
            return signum(determinant)
        }
        let bound = errorBound * sum
        if determinant >= bound || -determinant >= bound { return signum(determinant) }
        return exactSign(x1, y1, x2, y2, x, y)
    }

    @inline(__always)
    private static func signum(_ value: Double) -> Int {
        value > 0 ? 1 : (value < 0 ? -1 : 0)
    }

    /// The sign of `(x1 - x)(y2 - y) - (y1 - y)(x2 - x)`, computed without rounding: the six
    /// products of its expansion are split into exact pairs, then summed into a non-overlapping
    /// expansion whose largest component carries the sign.
    private static func exactSign(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double
    ) -> Int {
        // x·y cancels out of (x1 - x)(y2 - y) - (y1 - y)(x2 - x).
        let products = [(x1, y2), (-x1, y), (-x, y2), (-y1, x2), (y1, x), (y, x2)]
        var expansion: [Double] = []
        expansion.reserveCapacity(13)
        for (a, b) in products {
            let product = a * b
            // a·b - product with one rounding, which is exact: the product's rounding error.
            let error = (-product).addingProduct(a, b)
            grow(&expansion, by: error)
            grow(&expansion, by: product)
        }
        for component in expansion.reversed() where component != 0 {
            return component > 0 ? 1 : -1
        }
        return 0
    }

    /// Shewchuk's Grow-Expansion: adds `value` to a non-overlapping expansion, exactly.
    private static func grow(_ expansion: inout [Double], by value: Double) {
        var carry = value
        for index in expansion.indices {
            let sum = carry + expansion[index]
            let virtualB = sum - carry
            let virtualA = sum - virtualB
            expansion[index] = (carry - virtualA) + (expansion[index] - virtualB)
            carry = sum
        }
        expansion.append(carry)
    }
}
