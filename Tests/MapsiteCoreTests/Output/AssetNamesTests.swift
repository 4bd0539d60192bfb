import Testing

@testable import MapsiteCore

@Suite("AssetNames")
struct AssetNamesTests {
    static let theme = [
        OutputFile("assets/mapsite.js", "console.log(1)\n"),
        OutputFile("assets/leaflet/images/layers.png", [0x89, 0x50, 0x4e, 0x47]),
        OutputFile("assets/leaflet/leaflet.css", ".a{background:url(images/layers.png)}.b{background:url('data:x')}"),
        OutputFile("images/photo.jpg", [1, 2, 3]),
    ]

    static func names(_ files: [OutputFile]) -> [String: String] {
        (try? AssetNames.fingerprint(files).names.paths) ?? [:]
    }

    @Test("a file under assets/ is named name.<8 hex>.ext; files elsewhere keep their names")
    func shape() throws {
        let (files, names) = try AssetNames.fingerprint(Self.theme)
        let script = try #require(names.paths["assets/mapsite.js"])
        #expect(script.wholeMatch(of: /assets\/mapsite\.[0-9a-f]{8}\.js/) != nil, "\(script)")
        #expect(names.paths["images/photo.jpg"] == nil)
        #expect(files.map(\.path).contains("images/photo.jpg"))
        #expect(files.map(\.path).sorted() == names.paths.values.sorted() + ["images/photo.jpg"])
        #expect(names.path(of: "assets/unknown.js") == "assets/unknown.js")
    }

    @Test("the same bytes give the same names in every build")
    func stable() {
        #expect(Self.names(Self.theme) == Self.names(Self.theme))
        #expect(!Self.names(Self.theme).isEmpty)
    }

    @Test("a file's name changes exactly when its bytes change")
    func changesWithBytes() {
        var changed = Self.theme
        changed[0].bytes += Array("console.log(2)\n".utf8)
        let before = Self.names(Self.theme)
        let after = Self.names(changed)
        #expect(before["assets/mapsite.js"] != after["assets/mapsite.js"])
        #expect(before["assets/leaflet/leaflet.css"] == after["assets/leaflet/leaflet.css"])
        #expect(before["assets/leaflet/images/layers.png"] == after["assets/leaflet/images/layers.png"])
    }

    @Test("a stylesheet names the fingerprinted image, and changes name when the image does")
    func stylesheetReferences() throws {
        let (files, names) = try AssetNames.fingerprint(Self.theme)
        let image = try #require(names.paths["assets/leaflet/images/layers.png"])
        let css = try #require(files.first { $0.path == names.paths["assets/leaflet/leaflet.css"] })
        let text = String(decoding: css.bytes, as: UTF8.self)
        let imageName = image.split(separator: "/").last.map(String.init) ?? ""
        #expect(text == ".a{background:url(images/\(imageName))}.b{background:url('data:x')}")

        var changed = Self.theme
        changed[1].bytes.append(0)
        let after = Self.names(changed)
        #expect(after["assets/leaflet/images/layers.png"] != image)
        #expect(after["assets/leaflet/leaflet.css"] != names.paths["assets/leaflet/leaflet.css"])
        #expect(after["assets/mapsite.js"] == names.paths["assets/mapsite.js"])
    }

    @Test(
        "names keep their folder and every dot but the last",
        arguments: [
            ("assets/leaflet/leaflet.min.js", #"assets/leaflet/leaflet\.min\.[0-9a-f]{8}\.js"#),
            ("assets/LICENSE", #"assets/LICENSE\.[0-9a-f]{8}"#),
        ])
    func fileNames(path: String, pattern: String) throws {
        let name = AssetNames.fingerprinted(path, bytes: [1, 2, 3])
        #expect(name.wholeMatch(of: try Regex(pattern)) != nil, "\(name)")
    }
}
