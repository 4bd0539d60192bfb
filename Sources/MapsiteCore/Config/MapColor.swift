/// The colour a dataset's markers and clusters have on every map, so that the layers of the map
/// of all datasets can be told apart.
enum MapColor {
    /// The colours datasets get in the order of `datasets:`, when they name none: dark enough
    /// for white text (cluster counts) and told apart by most colour-blind readers.
    static let palette = ["#0b6e69", "#c2410c", "#6d28d9", "#b91c1c", "#1d4ed8", "#8a6a00", "#be185d", "#3f6212"]

    /// The default colour of the dataset at `position` in `datasets:`.
    static func byPosition(_ position: Int) -> String { palette[position % palette.count] }

    /// `#rgb` or `#rrggbb` as `#rrggbb` in lowercase; nil for anything else.
    static func parse(_ text: String) -> String? {
        let digits = Array(text.lowercased().utf8.dropFirst())
        let hex = { (byte: UInt8) in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        }
        guard text.first == "#", digits.count == 3 || digits.count == 6, digits.allSatisfy(hex) else { return nil }
        let full = digits.count == 3 ? digits.flatMap { [$0, $0] } : digits
        return "#" + String(decoding: full, as: UTF8.self)
    }
}
