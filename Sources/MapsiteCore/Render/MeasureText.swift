import Foundation

/// Lengths and areas as a place's page shows them: `850 m`, `12.34 km`, `8,512 m²`, `3.25 ha`,
/// `14.02 km²`.
public enum MeasureText {
    /// Whole metres below a kilometre, kilometres to two decimals beyond.
    public static func length(_ metres: Double) -> String {
        metres.rounded() < 1000 ? NumberText.grouped(Int(metres.rounded())) + " m" : decimal(metres / 1000) + " km"
    }

    /// Whole square metres below a hectare, hectares to two decimals below a square kilometre
    /// (100 ha), square kilometres to two decimals beyond.
    public static func area(_ squareMetres: Double) -> String {
        if squareMetres.rounded() < 10_000 { return NumberText.grouped(Int(squareMetres.rounded())) + " m²" }
        if (squareMetres / 100).rounded() < 10_000 { return decimal(squareMetres / 10_000) + " ha" }
        return decimal(squareMetres / 1_000_000) + " km²"
    }

    /// `value` to two decimals, thousands grouped: `1,234.50`.
    static func decimal(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return NumberText.grouped(hundredths / 100) + (fraction < 10 ? ".0" : ".") + String(fraction)
    }
}
