import Foundation
import MapsiteTestSupport
import Testing

@Suite("mapsite serve")
struct ServeCommandTests {
    @Test("serves the site, refuses paths out of it, rebuilds on a change and stops on Ctrl-C")
    func serve() throws {
        try withTemporaryDirectory { directory in
            let content = directory + "/content"
            let output = directory + "/site"
            try FileManager.default.copyItem(atPath: Fixtures.site("basic"), toPath: content)
            // Something outside the site to reach for, and a link to it from inside.
            try writeFiles(["secret.txt": "top secret\n"], in: directory)
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: output + "/leak.txt", withDestinationPath: "../secret.txt")

            let server = try ServeProcess(
                ["--content", content, "--output", output, "--templates", Fixtures.theme], logsIn: directory)
            defer { server.stop() }
            #expect(server.output.contains("Rendered 7 item pages in "), "\(server.output)")

            let home = try server.get("/")
            #expect(home.status == 200)
            #expect(home.headers["content-type"] == "text/html; charset=utf-8")
            #expect(home.headers["cache-control"] == "no-store")
            #expect(home.body.contains(#"<script src="/__mapsite/reload.js" data-build="1"></script>"#))
            #expect(readText(output + "/index.html")?.contains("__mapsite") == false, "the file on disk is unchanged")

            let list = try server.get("/places")
            #expect(list.status == 301)
            #expect(list.headers["location"] == "/places/")
            #expect(try server.get("/places/").status == 200)
            #expect(try server.get("/demo/places/").status == 200, "also served at the path of base_url")

            // The theme's files, by their fingerprinted names.
            let asset = { (name: String, ext: String) in
                let folder = (name as NSString).deletingLastPathComponent
                let files = (try? FileManager.default.contentsOfDirectory(atPath: output + "/assets/" + folder)) ?? []
                let base = (name as NSString).lastPathComponent
                let file = files.first { $0.hasPrefix(base + ".") && $0.hasSuffix("." + ext) } ?? base + "." + ext
                return "/assets/" + (folder.isEmpty ? "" : folder + "/") + file
            }
            let types = [
                asset("mapsite", "css"): "text/css; charset=utf-8",
                asset("page/site", "js"): "text/javascript; charset=utf-8",
                "/tiles/places/index.json": "application/json",
                "/downloads/places.geojson": "application/geo+json",
                "/downloads/places.csv": "text/csv; charset=utf-8",
                asset("favicon", "svg"): "image/svg+xml",
                "/sitemap.xml": "application/xml",
                "/robots.txt": "text/plain; charset=utf-8",
            ]
            for (path, type) in types {
                let reply = try server.get(path)
                #expect(reply.status == 200, "\(path)")
                #expect(reply.headers["content-type"] == type, "\(path)")
            }

            let missing = try server.get("/no/such/page/")
            #expect(missing.status == 404)
            #expect(missing.headers["content-type"] == "text/html; charset=utf-8")
            let notFoundPage = try #require(readText(output + "/404.html"))
            #expect(missing.body.hasPrefix(String(notFoundPage.prefix(200))))
            #expect(missing.body.contains("Page not found"))

            for path in [
                "/../secret.txt", "/places/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
                "/places/..%2f..%2fsecret.txt", "/leak.txt", "/.mapsite-manifest",
            ] {
                let reply = try server.get(path)
                #expect([400, 404].contains(reply.status), "\(path): \(reply.status)")
                #expect(!reply.body.contains("top secret"), "\(path)")
                #expect(!reply.body.contains("mapsite manifest"), "\(path)")
            }

            // An edit is built and served, and the build number that open pages poll changes.
            #expect(try server.get("/__mapsite/version").body == "1")
            let readme = content + "/README.md"
            try Data(((readText(readme) ?? "") + "\nEdited while serving.\n").utf8)
                .write(to: URL(fileURLWithPath: readme))
            let edited = try server.poll("/", seconds: 20) { $0.body.contains("Edited while serving.") }
            #expect(edited.body.contains("Edited while serving."), "\(server.output)\n\(server.errors)")
            // The page is on disk before the build ends and its number changes: slow builds (under
            // a sanitizer) show the gap.
            #expect(try server.poll("/__mapsite/version", seconds: 20) { $0.body == "2" }.body == "2")
            #expect(server.output.contains("Changed: \(content)/README.md"))

            // A broken build keeps the last good site.
            try writeFiles(["site.yml": (readText(content + "/site.yml") ?? "") + "bogus_key: 1\n"], in: content)
            let deadline = Date().addingTimeInterval(20)
            while !server.errors.contains("The build failed"), Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
            #expect(server.errors.contains(#"found "bogus_key""#), "\(server.errors)")
            #expect(server.errors.contains("The build failed: serving the site as it was before."))
            #expect(try server.get("/").body.contains("Edited while serving."))
            #expect(try server.get("/__mapsite/version").body == "2")

            #expect(server.stop() == 0)
            #expect(server.output.hasSuffix("Stopped.\n"))
        }
    }
}
