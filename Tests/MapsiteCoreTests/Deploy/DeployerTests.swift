import Foundation
import Testing

@testable import MapsiteCore

/// A store in memory that records each request, and can fail after a number of them.
final class MemoryStore: ObjectStore, @unchecked Sendable {
    struct Object: Equatable {
        var bytes: [UInt8]
        var headers: DeployHeaders
    }

    private let lock = NSLock()
    private(set) var objects: [String: Object] = [:]
    private(set) var requests: [String] = []
    /// Puts and deletes allowed before every one fails, and how.
    var allowed = Int.max
    var failure = StoreError(key: "", answer: "AccessDenied: Access Denied", isTransient: false)

    func topNames() throws -> Set<String> {
        lock.withLock { Set(objects.keys.map { String($0.split(separator: "/")[0]) }) }
    }

    func allKeys() throws -> Set<String> { lock.withLock { Set(objects.keys) } }

    func get(_ key: String) throws -> [UInt8]? { lock.withLock { objects[key]?.bytes } }

    func put(_ key: String, _ bytes: [UInt8], headers: DeployHeaders) throws {
        try lock.withLock {
            guard allowed > 0 else {
                throw StoreError(key: key, answer: failure.answer, isTransient: failure.isTransient)
            }
            allowed -= 1
            requests.append("put " + key)
            objects[key] = Object(bytes: bytes, headers: headers)
        }
    }

    func delete(_ keys: [String]) throws {
        try lock.withLock {
            guard allowed > 0 else {
                throw StoreError(key: keys[0], answer: failure.answer, isTransient: failure.isTransient)
            }
            allowed -= 1
            for key in keys {
                requests.append("delete " + key)
                objects[key] = nil
            }
        }
    }

    func clearRequests() { lock.withLock { requests = [] } }
}

@Suite("Deployer")
struct DeployerTests {
    /// A small site: assets, tiles, an index, data, pages, sw.js and the manifest, and dot files.
    static func makeSite(in folder: String, title: String = "One") throws {
        let asset = AssetNames.fingerprinted("assets/page/site.js", bytes: Array(title.utf8))
        let files: [String: String] = [
            asset: "js " + title, "tiles/a/0/0/0.json": "{}", "tiles/a/index.json": "{\"v\":1}",
            "search/d/0.json": "[]", "downloads/a.csv": "a,b\n", "index.html": "<h1>\(title)</h1>",
            "a/one/index.html": "<p>one</p>", "a/two/index.html": "<p>two</p>", "sw.js": "// \(title)",
            "manifest.webmanifest": "{}", ".mapsite-build": "x", ".mapsite-manifest": "y", "a/.hidden": "z",
        ]
        for (path, text) in files {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
    }

    static func options() -> Deployer.Options {
        var options = Deployer.Options()
        options.firstWait = 0.001
        options.concurrency = 3
        return options
    }

    /// The store's objects other than mapsite's records equal the folder's files, dot files left out.
    static func expectMirrors(_ store: MemoryStore, _ folder: String) throws {
        let local = try LocalInventory.files(in: folder)
        var objects = store.objects
        objects[RemoteManifest.key] = nil
        #expect(Set(objects.keys) == Set(local.map(\.path)))
        for file in local {
            let bytes = [UInt8](FileManager.default.contents(atPath: folder + "/" + file.path)!)
            #expect(objects[file.path]?.bytes == bytes, "\(file.path)")
            #expect(objects[file.path]?.headers == DeployHeaders.of(file.path, gzip: false), "\(file.path)")
        }
    }

    @Test("a first deploy uploads every file kind by kind, then the manifest; a second one sends nothing")
    func firstAndSecond() throws {
        let folder = try DeployTestFolder()
        try Self.makeSite(in: folder.path)
        let store = MemoryStore()
        let first = try Deployer(store: store, options: Self.options()).run(outputDirectory: folder.path)
        #expect(first.uploaded == 10 && first.deleted == 0 && !first.recorded)
        try Self.expectMirrors(store, folder.path)
        let puts = store.requests.filter { $0.hasPrefix("put ") }.map { String($0.dropFirst(4)) }
        #expect(puts.first == RemoteManifest.pendingKey)
        #expect(puts.last == RemoteManifest.key)
        let kinds = puts.dropFirst().dropLast().map(DeployKind.of)
        #expect(kinds == kinds.sorted(), "\(puts)")
        #expect(store.requests.last == "delete " + RemoteManifest.pendingKey)
        store.clearRequests()
        let second = try Deployer(store: store, options: Self.options()).run(outputDirectory: folder.path)
        #expect(second.uploaded == 0 && second.deleted == 0 && second.plan.unchanged == 10 && second.recorded)
        #expect(store.requests.isEmpty)
    }

    @Test("an edit uploads exactly the changed files; a removed page is deleted after every upload")
    func edit() throws {
        let folder = try DeployTestFolder()
        try Self.makeSite(in: folder.path)
        let store = MemoryStore()
        _ = try Deployer(store: store, options: Self.options()).run(outputDirectory: folder.path)
        store.clearRequests()
        try Data("<p>two, edited</p>".utf8).write(to: URL(fileURLWithPath: folder.path + "/a/two/index.html"))
        try FileManager.default.removeItem(atPath: folder.path + "/a/one")
        let summary = try Deployer(store: store, options: Self.options()).run(outputDirectory: folder.path)
        #expect(summary.plan.uploads.map(\.file.path) == ["a/two/index.html"])
        #expect(
            store.requests == [
                "put " + RemoteManifest.pendingKey, "put a/two/index.html", "delete a/one/index.html",
                "put " + RemoteManifest.key, "delete " + RemoteManifest.pendingKey,
            ])
        try Self.expectMirrors(store, folder.path)
    }

    @Test("more deletes than --max-deletes: refused before anything is sent, unless forced")
    func maxDeletes() throws {
        let folder = try DeployTestFolder()
        try Self.makeSite(in: folder.path)
        let store = MemoryStore()
        _ = try Deployer(store: store, options: Self.options()).run(outputDirectory: folder.path)
        try FileManager.default.removeItem(atPath: folder.path + "/a")
        store.clearRequests()
        var options = Self.options()
        options.maxDeletes = 1
        #expect(throws: DeployError.self) {
            try Deployer(store: store, options: options).run(outputDirectory: folder.path)
        }
        #expect(store.requests.isEmpty)
        options.force = true
        let summary = try Deployer(store: store, options: options).run(outputDirectory: folder.path)
        #expect(summary.deleted == 2)
        try Self.expectMirrors(store, folder.path)
    }

    @Test("a deploy that stops after any number of requests leaves pages whose files are there; the next completes it")
    func interrupted() throws {
        let folder = try DeployTestFolder()
        try Self.makeSite(in: folder.path)
        for stop in 0..<7 {  // the edit takes 7 requests: pending, 3 uploads, a delete, the manifest, pending deleted
            let store = MemoryStore()
            _ = try Deployer(store: store, options: Self.options()).run(outputDirectory: folder.path)
            let old = store.objects
            try Self.makeSite(in: folder.path, title: "Two \(stop)")
            let oldAsset = AssetNames.fingerprinted("assets/page/site.js", bytes: Array("One".utf8))
            try FileManager.default.removeItem(atPath: folder.path + "/" + oldAsset)
            var options = Self.options()
            options.concurrency = 1
            store.allowed = stop
            #expect(throws: StoreError.self) {
                try Deployer(store: store, options: options).run(outputDirectory: folder.path)
            }
            // The home page names one asset: the old one, or the new one once it is there.
            let home = String(decoding: store.objects["index.html"]!.bytes, as: UTF8.self)
            let asset = AssetNames.fingerprinted(
                "assets/page/site.js", bytes: Array(home.dropFirst(4).dropLast(5).utf8))
            #expect(store.objects[asset] != nil || store.objects[oldAsset] != nil)
            if home != String(decoding: old["index.html"]!.bytes, as: UTF8.self) {
                #expect(store.objects[asset] != nil, "stop \(stop)")
            }
            store.allowed = .max
            _ = try Deployer(store: store, options: Self.options()).run(outputDirectory: folder.path)
            try Self.expectMirrors(store, folder.path)
            try FileManager.default.removeItem(atPath: folder.path)
            try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
            try Self.makeSite(in: folder.path)
        }
    }

    @Test("transient failures are retried a bounded number of times; a refusal stops at once, naming the key")
    func retries() throws {
        let folder = try DeployTestFolder()
        try Self.makeSite(in: folder.path)
        let store = MemoryStore()
        store.allowed = 0
        store.failure = StoreError(key: "", answer: "SlowDown: Reduce your request rate", isTransient: true)
        let logged = LineList()
        var deployer = Deployer(store: store, options: Self.options())
        deployer.log = { logged.add($0) }
        #expect(
            throws: StoreError(
                key: RemoteManifest.pendingKey, answer: "SlowDown: Reduce your request rate", isTransient: true)
        ) {
            try deployer.run(outputDirectory: folder.path)
        }
        #expect(logged.lines.count == 3)
        store.failure = StoreError(key: "", answer: "AccessDenied: Access Denied", isTransient: false)
        let refused = LineList()
        deployer.log = { refused.add($0) }
        #expect(throws: StoreError.self) { try deployer.run(outputDirectory: folder.path) }
        #expect(refused.lines.isEmpty)
    }

    @Test("after a finished build its manifest lists the files, dot files left out; --scan walks the folder")
    func inventory() throws {
        let folder = try DeployTestFolder()
        try Self.makeSite(in: folder.path)  // its .mapsite-manifest is no manifest: the folder is walked
        let walked = try LocalInventory.files(in: folder.path).sorted { $0.path < $1.path }
        #expect(walked.count == 10 && !walked.contains { $0.path.contains("/.") || $0.path.hasPrefix(".") })
        var entries: [String: OutputWriter.Entry] = [:]
        for file in walked { entries[file.path] = .init(hash: file.hash, size: file.size, inputs: nil) }
        entries[".well-known/x"] = .init(hash: 1, size: 1, inputs: nil)
        try Data(OutputManifest.encode(entries)).write(to: URL(fileURLWithPath: folder.path + "/.mapsite-manifest"))
        try Data("by hand".utf8).write(to: URL(fileURLWithPath: folder.path + "/by-hand.html"))
        #expect(try LocalInventory.files(in: folder.path).sorted { $0.path < $1.path } == walked)
        let scanned = try LocalInventory.files(in: folder.path, scan: true)
        #expect(Set(scanned.map(\.path)) == Set(walked.map(\.path)).union(["by-hand.html"]))
    }

    @Test("credentials from the environment or a profile of ~/.aws; none is nil")
    func credentials() throws {
        let home = try DeployTestFolder()
        #expect(AWSCredentials.source(environment: [:], home: home.path) == nil)
        #expect(AWSCredentials.source(environment: ["AWS_ACCESS_KEY_ID": "k"], home: home.path) == nil)
        #expect(
            AWSCredentials.source(
                environment: ["AWS_ACCESS_KEY_ID": "k", "AWS_SECRET_ACCESS_KEY": "s"], home: home.path)
                != nil)
        try FileManager.default.createDirectory(atPath: home.path + "/.aws", withIntermediateDirectories: true)
        try Data("[default]\naws_access_key_id = k\naws_secret_access_key = s\n[other]\nregion = x\n".utf8)
            .write(to: URL(fileURLWithPath: home.path + "/.aws/credentials"))
        #expect(AWSCredentials.source(environment: [:], home: home.path) != nil)
        #expect(AWSCredentials.source(environment: ["AWS_PROFILE": "other"], home: home.path) == nil)
    }
}

final class LineList: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func add(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}

/// A fresh folder, removed with the value.
final class DeployTestFolder {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapsite-deploy-\(UUID().uuidString)").path

    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
