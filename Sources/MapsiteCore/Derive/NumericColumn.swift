import Foundation

/// The numbers of one kept field over all items of a dataset, parsed once and shared by every
/// group field's aggregates.
///
/// A number is read by `WrittenNumber`'s rule, the same as the place's page shows it by:
/// `387900`, `-12.5`, ` 1e3 `, `1,234`, and `$1,200` in a field of format `currency`. Anything else
/// is not a number (`nan`, `inf`, hexadecimal, `1,23`), and is counted as left out; the build has
/// already reported it (an error, or with `skip_invalid` a warning naming the rows: `NumberCheck`).
struct NumericColumn: Sendable {
    /// For each item, its number, or NaN when its value is empty or not a number.
    let numbers: [Double]
    /// For each item, whether its value is empty (only spaces, or nothing).
    let empty: [Bool]
    /// The most decimals any number is written with (`12.50` has 2, `1.5e1` none).
    let decimals: Int

    /// - Parameter symbol: the currency symbol the values may be written with; nil for none.
    /// - Complexity: O(n) for n items.
    init(items: [Item], position: Int, symbol: String? = nil) {
        var numbers = [Double](repeating: .nan, count: items.count)
        var empty = [Bool](repeating: false, count: items.count)
        var decimals = 0
        let symbolBytes = Array((symbol ?? "").utf8)
        symbolBytes.withUnsafeBufferPointer { symbol in
            for (index, item) in items.enumerated() {
                var text = item.values[position]
                switch text.withUTF8({ WrittenNumber.read($0, symbol: symbol) }) {
                case .empty: empty[index] = true
                case .invalid: break
                case .number(let value, let places):
                    numbers[index] = value
                    decimals = max(decimals, places)
                }
            }
        }
        self.numbers = numbers
        self.empty = empty
        self.decimals = decimals
    }
}
