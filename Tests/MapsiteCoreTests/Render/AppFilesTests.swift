import Foundation
import MapsiteTestSupport
import Testing

@testable import MapsiteCore

/// Runs the system's `program` with `arguments`; its standard output, or nil when it failed.
private func run(_ program: String, _ arguments: [String]) throws -> Data? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? data : nil
}

/// Decodes a PNG with Python's own zlib (the standard library, not ours) and checks every
/// chunk's CRC; prints `width height` and the RGBA of the pixels asked for, one a line.
private let pngReader = """
    import struct, sys, zlib
    data = open(sys.argv[1], "rb").read()
    assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        assert struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (depth, colour) == (8, 6)
        if kind == b"IDAT":
            idat += body
        pos += 12 + length
    rows = zlib.decompress(idat)
    assert len(rows) == height * (width * 4 + 1)
    print(width, height)
    for x, y in zip(map(int, sys.argv[2::2]), map(int, sys.argv[3::2])):
        start = y * (width * 4 + 1) + 1 + x * 4
        print(*rows[start:start + 4])
    """

@Suite("AppFiles")
struct AppFilesTests {
    /// Pixels of an icon: width, height, then the RGBA of each `(x, y)` given.
    private func pixels(_ png: [UInt8], at points: [(Int, Int)]) throws -> [String] {
        try withTemporaryDirectory { folder in
            let file = folder + "/icon.png"
            let script = folder + "/read.py"
            try Data(png).write(to: URL(fileURLWithPath: file))
            try pngReader.write(toFile: script, atomically: true, encoding: .utf8)
            let arguments = [script, file] + points.flatMap { [String($0.0), String($0.1)] }
            let output = try #require(try run("/usr/bin/python3", arguments), "Python could not read the PNG")
            return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        }
    }

    @Test("the icons are PNGs Python reads, a white pin on the site's colour") func icons() throws {
        // (0, 0): the corner, outside the rounded square; (96, 80): the hole of the pin's head
        // (its centre at 0.42 of the height); (96, 120): the pin's body; (96, 180): below its point.
        let any = try pixels(
            AppIcon.png(size: 192, color: "#0b6e69", purpose: .any), at: [(0, 0), (96, 80), (96, 120), (96, 180)])
        #expect(any == ["192 192", "0 0 0 0", "11 110 105 255", "255 255 255 255", "11 110 105 255"])
        let maskable = try pixels(
            AppIcon.png(size: 512, color: "#c2410c", purpose: .maskable), at: [(0, 0), (256, 300)])
        #expect(maskable == ["512 512", "194 65 12 255", "255 255 255 255"])
        #expect(PNGImage.size(of: AppIcon.png(size: 192, color: "#000000", purpose: .any))! == (192, 192))
    }

    @Test("a .gz sibling is what gzip itself unpacks to the file's bytes") func gzip() throws {
        let text = String(repeating: "<li><a href=\"x/\">A place</a></li>\n", count: 200)
        let siblings = GzipSiblings.files(of: [
            OutputFile("a/index.html", text), OutputFile("b.png", text), OutputFile("tiny.json", "{}"),
        ])
        #expect(siblings.map(\.path) == ["a/index.html.gz"])  // not the image; not what grows
        try withTemporaryDirectory { folder in
            let file = folder + "/index.html.gz"
            try Data(siblings[0].bytes).write(to: URL(fileURLWithPath: file))
            #expect(try run("/bin/gzip", ["-dc", file]) == Data(text.utf8))
        }
    }

    @Test("precompress: a .gz beside every page, item pages too, gone again when turned off") func precompress()
        throws
    {
        try withTemporaryDirectory { folder in
            let content = folder + "/content"
            try FileManager.default.copyItem(atPath: Fixtures.site("basic"), toPath: content)
            let config = content + "/site.yml"
            let plain = readText(config)!
            try (plain + "precompress: true\n").write(toFile: config, atomically: true, encoding: .utf8)
            let site = folder + "/site"
            try buildSite(content: content, into: site)
            let pages = filesBelow(site).filter { $0.hasSuffix(".html") }
            #expect(pages.contains("places/cafe-ete/index.html"))
            for page in pages {
                let unpacked = try run("/bin/gzip", ["-dc", site + "/" + page + ".gz"])
                #expect(unpacked == FileManager.default.contents(atPath: site + "/" + page), "\(page).gz")
            }
            try plain.write(toFile: config, atomically: true, encoding: .utf8)
            try buildSite(content: content, into: site)
            #expect(filesBelow(site).filter { $0.hasSuffix(".gz") }.isEmpty)
        }
    }

    @Test("a tile's bounds from its path") func tileBounds() throws {
        let tile = try #require(TourOfflineList.tile("tiles/boxes/1/0/0.json"))
        #expect(tile.box.west == -180 && tile.box.east == 0 && tile.box.south == 0 && tile.box.north == 90)
        let deep = try #require(TourOfflineList.tile("tiles/boxes/2/1/1.json"))
        #expect(abs(deep.box.north - 66.51326044311186) < 1e-9 && deep.box.south == 0)
        #expect(TourOfflineList.tile("tiles/boxes/2/1/1.fields.json")?.box.north == deep.box.north)
        #expect(TourOfflineList.tile("tiles/boxes/index.json")?.box.south == -90)
        // A shape subtree (tile format 5) is kept by its tile's box, like the shape tiles.
        #expect(TourOfflineList.tile("tiles/boxes/tree/2/1/1.json")?.box.north == deep.box.north)
        #expect(TourOfflineList.tile("tiles/boxes/shapes/2/1/1.json")?.box.north == deep.box.north)
        #expect(TourOfflineList.tile("search/manifest.json") == nil)
    }

    @Test("the manifest, the worker and the offline page under the base path") func built() throws {
        try withTemporaryDirectory { output in
            try buildSite(content: Fixtures.site("basic"), into: output)
            let manifest = try #require(readText(output + "/manifest.webmanifest"))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [String: Any])
            #expect(json["start_url"] as? String == "./" && json["scope"] as? String == "./")
            #expect(json["display"] as? String == "standalone" && json["theme_color"] as? String == "#0b6e69")
            let icons = try #require(json["icons"] as? [[String: String]])
            for icon in icons { #expect(FileManager.default.fileExists(atPath: output + "/" + icon["src"]!)) }
            let worker = try #require(readText(output + "/sw.js"))
            let first = String(worker.prefix { $0 != "\n" })
            #expect(first.hasPrefix(#"self.MAPSITE = {"build":""#))
            #expect(first.contains(#""offline":"offline.html","shell":["","offline.html","manifest.webmanifest""#))
            let offline = try #require(readText(output + "/offline.html"))
            #expect(offline.contains(#"<a href="/demo/">Home page</a>"#))
            #expect(offline.contains(#"<link rel="manifest" href="/demo/manifest.webmanifest">"#))
            let home = try #require(readText(output + "/index.html"))
            #expect(home.contains(#"<link rel="manifest" href="./manifest.webmanifest">"#))
            #expect(readText(output + "/_headers")?.hasPrefix("/demo/assets/*\n  Cache-Control: public") == true)
        }
    }

    @Test("the build id changes with the data, and only with what the build makes") func buildID() throws {
        try withTemporaryDirectory { folder in
            let content = folder + "/content"
            try FileManager.default.copyItem(atPath: Fixtures.site("basic"), toPath: content)
            func id(_ output: String) throws -> String {
                try buildSite(content: content, into: folder + "/" + output)
                let worker = try #require(readText(folder + "/" + output + "/sw.js"))
                return String(worker.split(separator: "\"")[3])
            }
            let first = try id("one")
            #expect(try id("two") == first)
            let csv = content + "/data/places.csv"
            try (readText(csv)!.replacingOccurrences(of: "Café", with: "Caffè")).write(
                toFile: csv, atomically: true, encoding: .utf8)
            #expect(try id("three") != first)
        }
    }

    @Test("color, short_name, icon and precompress in site.yml") func config() throws {
        let config = try ConfigLoader.parse(
            "color: \"#abc\"\nshort_name: Maps\nicon: images/icon.png\nprecompress: true\n", file: "site.yml")
        #expect(config.color == "#aabbcc" && config.shortName == "Maps" && config.icon == "images/icon.png")
        #expect(config.precompress)
        let colour = #expect(throws: InputError.self) { try ConfigLoader.parse("color: teal\n", file: "site.yml") }
        #expect(colour?.description == #"site.yml:1: key "color": expected a colour as #rgb or #rrggbb, found "teal""#)
        let icon = #expect(throws: InputError.self) { try ConfigLoader.parse("icon: ../x.png\n", file: "site.yml") }
        #expect(icon?.description.hasPrefix(#"site.yml:1: key "icon": expected a PNG file inside"#) == true)
    }

    @Test("a configured icon too small to install is an error naming it") func smallIcon() throws {
        let app = AppFiles(config: try ConfigLoader.parse("title: x\n", file: "site.yml"), buildID: "1")
        let small = AppIcon.png(size: 64, color: "#000000", purpose: .any)
        let error = #expect(throws: InputError.self) { try app.icons(custom: small, source: "content/images/i.png") }
        #expect(
            error?.description
                == #"content/images/i.png: key "icon": expected a square PNG image of at least 192×192 pixels, found "a PNG of 64×64 pixels""#
        )
        #expect(
            try app.icons(custom: AppIcon.png(size: 256, color: "#000000", purpose: .any), source: "").first?.size
                == "256x256")
    }
}
