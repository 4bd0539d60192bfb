import Testing

@testable import MapsiteCore

@Suite("DeployPlan")
struct DeployPlanTests {
    static func file(_ path: String, _ hash: UInt64 = 1, size: Int = 10) -> LocalFile {
        LocalFile(path: path, size: size, hash: hash)
    }

    static func entry(_ path: String, _ hash: UInt64 = 1, size: Int = 10, gzip: Bool = false) -> RemoteManifest.Entry {
        RemoteManifest.Entry(hash: hash, size: size, headers: DeployHeaders.of(path, gzip: gzip))
    }

    @Test("each path's kind: fingerprinted assets, tiles and shards, index.json, data, pages, sw.js and the manifest")
    func kinds() {
        let asset = AssetNames.fingerprinted("assets/page/site.js", bytes: Array("x".utf8))
        let image = AssetNames.fingerprinted("assets/leaflet/images/layers.png", bytes: Array("y".utf8))
        let cases: [(String, DeployKind)] = [
            (asset, .asset), (image, .asset), ("assets/page/site.js", .data), ("assets/abcdef12.js", .data),
            ("tiles/boxes/3/4/2.json", .tile), ("tiles/boxes/shapes/3/4/2.json", .tile), ("search/d/0.json", .tile),
            ("search/pages.json", .tile), ("search/index.json", .index), ("tiles/boxes/index.json", .index),
            ("downloads/boxes.geojson", .data), ("tours/walk/walk.gpx", .data), ("icons/icon-192.png", .data),
            ("robots.txt", .data), ("sitemap.xml", .data), ("boxes/by/zoning/regions.json", .data),
            ("index.html", .page), ("404.html", .page), ("boxes/a/index.html", .page), ("offline.html", .page),
            ("sw.js", .appShell), ("manifest.webmanifest", .appShell), ("boxes/sw.js", .data),
        ]
        for (path, kind) in cases { #expect(DeployKind.of(path) == kind, "\(path)") }
        #expect(DeployKind.allCases.sorted() == [.asset, .tile, .index, .data, .page, .appShell])
    }

    @Test("headers by kind: assets immutable for a year, pages, indexes, sw.js and the manifest no-cache, others short")
    func headers() {
        let asset = AssetNames.fingerprinted("assets/mapsite.css", bytes: [1])
        #expect(DeployHeaders.of(asset, gzip: false).cacheControl == "public, max-age=31536000, immutable")
        #expect(DeployHeaders.of(asset, gzip: false).contentType == "text/css; charset=utf-8")
        for path in ["index.html", "sw.js", "manifest.webmanifest", "tiles/a/index.json", "search/index.json"] {
            #expect(DeployHeaders.of(path, gzip: false).cacheControl == "no-cache", "\(path)")
        }
        for path in ["tiles/a/1/2/3.json", "downloads/a.csv", "search/d/1.json"] {
            #expect(DeployHeaders.of(path, gzip: false).cacheControl == "public, max-age=300", "\(path)")
        }
        let expected: [String: String] = [
            "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
            "css": "text/css; charset=utf-8", "json": "application/json", "webmanifest": "application/manifest+json",
            "geojson": "application/geo+json", "gpx": "application/gpx+xml", "svg": "image/svg+xml",
            "png": "image/png", "csv": "text/csv; charset=utf-8", "xml": "application/xml",
            "txt": "text/plain; charset=utf-8", "ico": "image/x-icon", "jpg": "image/jpeg",
        ]
        for (ext, type) in expected { #expect(DeployHeaders.of("a/b." + ext, gzip: false).contentType == type) }
        #expect(DeployHeaders.of("a.html", gzip: true).contentEncoding == "gzip")
        #expect(DeployHeaders.of("a.geojson", gzip: true).contentEncoding == "gzip")
        #expect(DeployHeaders.of("a.svg", gzip: true).contentEncoding == "gzip")
        #expect(DeployHeaders.of("a.png", gzip: true).contentEncoding == nil)
        #expect(DeployHeaders.of("a.jpg", gzip: true).contentEncoding == nil)
    }

    @Test("against a manifest: unchanged files stay, new, changed and re-headed ones go, removed ones are deleted")
    func diff() {
        let local = [
            Self.file("same.html"), Self.file("changed.html", 2), Self.file("resized.json", size: 11),
            Self.file("new/index.html"), Self.file("sw.js"), Self.file("pending.csv"),
        ]
        var entries: [String: RemoteManifest.Entry] = [
            "same.html": Self.entry("same.html"), "changed.html": Self.entry("changed.html"),
            "resized.json": Self.entry("resized.json"), "sw.js": Self.entry("sw.js"),
            "gone/index.html": Self.entry("gone/index.html"),
            "pending.csv": Self.entry("pending.csv"), "tiles/a/1/1/1.json": Self.entry("tiles/a/1/1/1.json"),
        ]
        entries["sw.js"]!.headers.cacheControl = "public, max-age=60"
        let plan = DeployPlan.make(
            local: local, remote: .recorded(entries, pending: ["pending.csv", "half/index.html", ".hidden/x"]),
            gzip: false)
        let reasons = Dictionary(uniqueKeysWithValues: plan.uploads.map { ($0.file.path, $0.reason) })
        #expect(
            reasons == [
                "changed.html": .changed, "resized.json": .changed, "new/index.html": .new, "sw.js": .headers,
                "pending.csv": .unrecorded,
            ])
        #expect(plan.unchanged == 1)
        #expect(plan.deletes == ["gone/index.html", "half/index.html", "tiles/a/1/1/1.json"])
        #expect(
            plan.uploads.map(\.file.path) == ["pending.csv", "resized.json", "changed.html", "new/index.html", "sw.js"])
        #expect(Set(plan.manifest.keys) == Set(local.map(\.path)))
    }

    @Test(
        "against a listing only: every file is uploaded, and what the listing has beyond them deleted, dot paths kept")
    func listed() {
        let local = [Self.file("a.html"), Self.file("assets/x.0000abcd.js"), Self.file("b.json")]
        let plan = DeployPlan.make(
            local: local,
            remote: .listed(["a.html", "old.html", ".mapsite-deploy", "x/.keep", "assets/y.0000abce.js"]),
            gzip: true)
        #expect(plan.uploads.map(\.file.path) == ["assets/x.0000abcd.js", "b.json", "a.html"])
        #expect(plan.uploads.map(\.reason) == [.new, .new, .unrecorded])
        #expect(plan.deletes == ["old.html", "assets/y.0000abce.js"])
        #expect(plan.uploads.allSatisfy { $0.headers.contentEncoding == "gzip" })
    }

    @Test("a manifest reads back as written; anything else reads as none")
    func manifestRoundTrip() {
        var entries: [String: RemoteManifest.Entry] = [:]
        for path in ["index.html", "a b/ü.json", "assets/x.0000abcd.js", "sw.js"] {
            entries[path] = Self.entry(path, 0xdead_beef, size: 7, gzip: path.hasSuffix(".json"))
        }
        #expect(RemoteManifest.decode(RemoteManifest.encode(entries)) == entries)
        #expect(RemoteManifest.decode(RemoteManifest.encode([:])) == [:])
        #expect(RemoteManifest.decode(Array("{}".utf8)) == nil)
        #expect(RemoteManifest.decode(RemoteManifest.encode(entries) + Array("zz 1 0 x\n".utf8)) == nil)
    }

    @Test("targets: s3://bucket/prefix/ with or without the last slash; others an error naming them")
    func targets() throws {
        #expect(try DeployTarget("s3://site").prefix == "")
        #expect(try DeployTarget("s3://site/").prefix == "")
        #expect(try DeployTarget("s3://site/maps/demo").prefix == "maps/demo/")
        #expect(try DeployTarget("s3://site/maps//demo/").description == "s3://site/maps/demo/")
        for bad in ["site/maps", "s3://", "s3://Site/x", "s3://site/../x", "https://site/"] {
            #expect(throws: DeployError.self, "\(bad)") { try DeployTarget(bad) }
        }
        let endpoint = try StoreEndpoint("http://127.0.0.1:8333/")
        #expect(endpoint == StoreEndpoint(hostAndPath: "127.0.0.1:8333", https: false))
        #expect(try StoreEndpoint("s3.example.org").https)
        #expect(throws: DeployError.self) { try StoreEndpoint("ftp://x") }
    }
}

extension StoreEndpoint {
    init(hostAndPath: String, https: Bool) {
        self = try! StoreEndpoint("http://x")
        self.hostAndPath = hostAndPath
        self.https = https
    }
}
