import Foundation

/// Distances and bearings as an item page shows them; `assets/core/units.js` rounds the same way.
public enum DistanceText {
    /// `7 m`, `140 m`, `2.3 km`, `15 km`: whole metres below 100 m, tens of metres below 1 km,
    /// tenths of a kilometre below 10 km, whole kilometres beyond.
    public static func format(_ metres: Double) -> String {
        var bytes: [UInt8] = []
        append(metres, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `format(metres)`: item pages show eight distances or more each.
    static func append(_ metres: Double, to bytes: inout [UInt8]) {
        if metres < 100 {
            NumberText.appendGrouped(Int(metres.rounded()), to: &bytes)
            bytes += " m".utf8
        } else if metres < 1000 {
            let tens = Int((metres / 10).rounded()) * 10
            if tens >= 1000 {
                bytes += "1.0 km".utf8
            } else {
                NumberText.appendGrouped(tens, to: &bytes)
                bytes += " m".utf8
            }
        } else if metres < 10_000 {
            let tenths = (metres / 100).rounded() / 10
            if tenths >= 10 {
                bytes += "10 km".utf8
            } else {
                JSONWriter.appendNumber(tenths, decimals: 1, minimumDecimals: 1, to: &bytes)
                bytes += " km".utf8
            }
        } else {
            NumberText.appendGrouped(Int((metres / 1000).rounded()), to: &bytes)
            bytes += " km".utf8
        }
    }

    /// Whole degrees, 0–359, as text: made once, since every neighbour shows its bearing.
    static let degreeTexts = (0..<360).map { String($0) }

    /// The bearing in whole degrees, `0` to `359`.
    static func degrees(_ bearing: Double) -> String {
        let whole = Int(bearing.rounded()) % 360
        return whole >= 0 ? degreeTexts[whole] : String(whole)
    }

    static let compassPoints = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]

    /// The nearest of eight compass points: `N`, `NE`, …
    public static func compass(_ degrees: Double) -> String {
        compassPoints[Int((degrees / 45).rounded()) % 8]
    }
}
