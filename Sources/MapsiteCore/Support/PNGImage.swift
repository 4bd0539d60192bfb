/// An RGBA image of 8 bits a channel, written as a PNG file (no interlacing, no filters beyond
/// "none", zlib at its best level): enough for the icons a build draws.
struct PNGImage {
    let width: Int
    let height: Int
    /// Red, green, blue, alpha of each pixel, row by row from the top.
    var pixels: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Sets the pixel at column `x`, row `y`.
    mutating func set(_ x: Int, _ y: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) {
        let offset = (y * width + x) * 4
        pixels[offset] = rgba.0
        pixels[offset + 1] = rgba.1
        pixels[offset + 2] = rgba.2
        pixels[offset + 3] = rgba.3
    }

    /// The PNG file: signature, `IHDR`, one `IDAT`, `IEND`.
    var bytes: [UInt8] {
        var rows: [UInt8] = []
        rows.reserveCapacity(height * (width * 4 + 1))
        for y in 0..<height {
            rows.append(0)  // filter type: none
            rows += pixels[(y * width * 4)..<((y + 1) * width * 4)]
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let header = Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
        Self.append(chunk: "IHDR", header, to: &file)
        Self.append(chunk: "IDAT", Deflate.compress(rows, as: .zlib), to: &file)
        Self.append(chunk: "IEND", [], to: &file)
        return file
    }

    /// The width and height a PNG file's header gives, or nil when `bytes` is no PNG.
    static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            bytes[12..<16].elementsEqual("IHDR".utf8)
        else { return nil }
        let read = { (offset: Int) in bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (read(16), read(20))
    }

    private static func append(chunk type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        file += bigEndian(UInt32(data.count)) + typed + bigEndian(Deflate.crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
