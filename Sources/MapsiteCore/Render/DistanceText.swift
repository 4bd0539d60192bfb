import Foundation

/// Distances and bearings as an item page shows them; `assets/tiles.js` rounds the same way.
public enum DistanceText {
    /// `7 m`, `140 m`, `2.3 km`, `15 km`: whole metres below 100 m, tens of metres below 1 km,
    /// tenths of a kilometre below 10 km, whole kilometres beyond.
    public static func format(_ metres: Double) -> String {
        if metres < 100 { return "\(Int(metres.rounded())) m" }
        if metres < 1000 {
            let tens = Int((metres / 10).rounded()) * 10
            return tens >= 1000 ? "1.0 km" : "\(tens) m"
        }
        if metres < 10_000 {
            let tenths = (metres / 100).rounded() / 10
            return tenths >= 10 ? "10 km" : JSONWriter.format(tenths, decimals: 1, minimumDecimals: 1) + " km"
        }
        return "\(NumberText.grouped(Int((metres / 1000).rounded()))) km"
    }

    static let compassPoints = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]

    /// The nearest of eight compass points: `N`, `NE`, …
    public static func compass(_ degrees: Double) -> String {
        compassPoints[Int((degrees / 45).rounded()) % 8]
    }
}
