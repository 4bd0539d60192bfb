/// The icons of the web app manifest, drawn at build time from the site's colour: a white map pin
/// on a rounded square of the colour (`any`), or on the colour to the edges, the pin within the
/// middle 60 % that every mask leaves visible (`maskable`).
enum AppIcon {
    enum Purpose: String {
        case any, maskable
    }

    /// The icon as a PNG file of `size` × `size` pixels, in `color` (`#rrggbb`).
    static func png(size: Int, color: String, purpose: Purpose) -> [UInt8] {
        let (red, green, blue) = rgb(color)
        var image = PNGImage(width: size, height: size)
        let samples = 4  // 4 × 4 samples a pixel smooth the edges
        let step = 1.0 / Double(size * samples)
        for y in 0..<size {
            for x in 0..<size {
                var background = 0
                var pin = 0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let u = (Double(x * samples + sx) + 0.5) * step
                        let v = (Double(y * samples + sy) + 0.5) * step
                        let inBackground = purpose == .maskable || inRoundedSquare(u, v)
                        guard inBackground else { continue }
                        background += 1
                        let scale = purpose == .maskable ? 0.75 : 1.0
                        if inPin(0.5 + (u - 0.5) / scale, 0.5 + (v - 0.5) / scale) { pin += 1 }
                    }
                }
                guard background > 0 else { continue }
                // White over the colour by the pin's share of the covered samples.
                let white = Double(pin) / Double(background)
                let mix = { (channel: UInt8) in UInt8((Double(channel) * (1 - white) + 255 * white).rounded()) }
                image.set(
                    x, y, (mix(red), mix(green), mix(blue), UInt8(background * 255 / (samples * samples))))
            }
        }
        return image.bytes
    }

    /// Within the square of side 1 with corners rounded to a fifth of its side.
    private static func inRoundedSquare(_ u: Double, _ v: Double) -> Bool {
        let radius = 0.2
        let dx = max(0, abs(u - 0.5) - (0.5 - radius))
        let dy = max(0, abs(v - 0.5) - (0.5 - radius))
        return dx * dx + dy * dy <= radius * radius
    }

    /// Within the pin: a circle (less the hole at its middle) and the triangle from its point to
    /// where the lines from the point touch the circle.
    private static func inPin(_ u: Double, _ v: Double) -> Bool {
        let (cx, cy, radius, hole, tipY) = (0.5, 0.42, 0.21, 0.085, 0.84)
        let squared = (u - cx) * (u - cx) + (v - cy) * (v - cy)
        if squared <= hole * hole { return false }
        if squared <= radius * radius { return true }
        guard v > cy, v <= tipY else { return false }
        // The tangent points lie at height cy + r²/d below the centre, half as wide as
        // r·sqrt(1 - r²/d²); the triangle's half-width shrinks linearly to the tip from there.
        let distance = tipY - cy
        let touchY = cy + radius * radius / distance
        let touchHalf = radius * (1 - radius * radius / (distance * distance)).squareRoot()
        guard v >= touchY else { return false }  // above the tangent points the circle decides
        let half = touchHalf * (tipY - v) / (tipY - touchY)
        return abs(u - cx) <= half
    }

    private static func rgb(_ color: String) -> (UInt8, UInt8, UInt8) {
        let hex = Array(color.utf8.dropFirst())
        func channel(_ at: Int) -> UInt8 {
            guard hex.count == 6 else { return 0 }
            return UInt8(String(decoding: hex[at..<(at + 2)], as: UTF8.self), radix: 16) ?? 0
        }
        return (channel(0), channel(2), channel(4))
    }
}
