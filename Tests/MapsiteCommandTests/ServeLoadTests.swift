import Foundation
import MapsiteTestSupport
import Testing

/// `mapsite serve` under load, slow clients and requests from other sites: the bounds of
/// `PreviewServer.Limits` (a head within 5 s of its first byte, 5 s idle, an 8 KB request line,
/// a 32 KB head), seen from a client.
@Suite("mapsite serve under load")
struct ServeLoadTests {
    /// Starts `mapsite serve` on a copy of the basic site.
    private func startServer(in directory: String, fileLimit: Int? = nil) throws -> ServeProcess {
        let content = directory + "/content"
        try FileManager.default.copyItem(atPath: Fixtures.site("basic"), toPath: content)
        return try ServeProcess(
            ["--content", content, "--output", directory + "/site", "--templates", Fixtures.theme], logsIn: directory,
            fileLimit: fileLimit)
    }

    @Test("more idle connections than file descriptors: the server closes the oldest and keeps serving")
    func idleConnectionsPastTheFileLimit() throws {
        try withTemporaryDirectory { directory in
            let server = try startServer(in: directory, fileLimit: 64)
            defer { server.stop() }
            // The kernel completes connections the server has not accepted yet, up to its backlog.
            let idle = try (0..<150).map { _ in try ServeSocket(port: server.port) }
            let home = try server.get("/")
            #expect(home.status == 200)
            #expect(home.body.contains("</html>"))
            #expect(server.process.isRunning, "\(server.errors)")
            // The first ones were closed to make room.
            #expect(idle[0].receive(seconds: 5).closed)
            for connection in idle { connection.close() }
            #expect(try server.get("/robots.txt").status == 200)
            #expect(server.stop() == 0, "\(server.errors)")
        }
    }

    @Test(
        "slow and idle connections are closed within 5 s while others are served; huge heads and other hosts are refused"
    )
    func slowHugeAndForeignRequests() throws {
        try withTemporaryDirectory { directory in
            let server = try startServer(in: directory)
            defer { server.stop() }
            let port = server.port
            let start = Date()

            // A head that never ends, and one sent a byte each 100 ms (9 s in all).
            let unfinished = try ServeSocket(port: port)
            #expect(unfinished.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"))
            let trickled = try ServeSocket(port: port)
            let slowHead = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: \(String(repeating: "a", count: 50))\r\n\r\n"
            DispatchQueue.global().async {
                for byte in slowHead.utf8 {
                    guard trickled.send([byte]) else { return }
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }

            // A connection kept alive serves two requests, the hosts named as loopback allows.
            let kept = try ServeSocket(port: port)
            #expect(kept.send("GET / HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n"))
            #expect(kept.receiveResponse(seconds: 5).hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(kept.send("GET /robots.txt HTTP/1.1\r\nHost: [::1]:\(port)\r\n\r\n"))
            let second = kept.receiveResponse(seconds: 5)
            #expect(second.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(second)")
            let lastResponse = Date()

            #expect(try server.get("/places/").status == 200)

            // A 1 MB request line is refused as soon as it passes 8 KB.
            let long = try ServeSocket(port: port)
            long.send("GET /" + String(repeating: "a", count: 1 << 20) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let tooLong = long.receive(seconds: 5)
            #expect(tooLong.text.hasPrefix("HTTP/1.1 414 URI Too Long\r\n"), "\(tooLong.text.prefix(300))")
            #expect(tooLong.text.contains("longer than 8192 bytes"))
            #expect(tooLong.closed)

            let fields = (0..<40).map { "X-Field-\($0): " + String(repeating: "b", count: 1000) + "\r\n" }.joined()
            let large = try ServeSocket(port: port)
            large.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + fields + "\r\n")
            let tooLarge = large.receive(seconds: 5)
            #expect(tooLarge.text.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
            #expect(tooLarge.closed)

            // Another site's name, as a page that had it point at 127.0.0.1 would send it.
            for request in [
                "GET / HTTP/1.1\r\nHost: attacker.example:\(port)\r\n\r\n",
                "GET http://attacker.example/ HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n",
                "GET / HTTP/1.1\r\nHost: 127.0.0.1.attacker.example\r\n\r\n",
            ] {
                let foreign = try ServeSocket(port: port)
                foreign.send(request)
                let refused = foreign.receive(seconds: 5)
                #expect(refused.text.hasPrefix("HTTP/1.1 421 Misdirected Request\r\n"), "\(request)")
                #expect(refused.text.contains(#"not for "attacker.example"#) || refused.text.contains("1.attacker"))
                #expect(refused.text.contains("--host"))
                #expect(!refused.text.contains("<html"))
            }
            let noHost = try ServeSocket(port: port)
            noHost.send("GET / HTTP/1.1\r\n\r\n")
            #expect(noHost.receive(seconds: 5).text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))

            // The slow ones are closed 5 s after their first byte, the idle one 5 s after its
            // last response (the watchdog looks four times a second).
            #expect(unfinished.receive(seconds: 10).closed)
            let unfinishedAfter = Date().timeIntervalSince(start)
            #expect(trickled.receive(seconds: 10).closed)
            let trickledAfter = Date().timeIntervalSince(start)
            #expect(kept.receive(seconds: 10).closed)
            let keptAfter = Date().timeIntervalSince(lastResponse)
            for (name, seconds) in [("unfinished", unfinishedAfter), ("trickled", trickledAfter), ("idle", keptAfter)] {
                #expect(seconds > 4.5 && seconds < 7, "\(name) closed after \(seconds) s")
            }
            #expect(try server.get("/").status == 200)
            #expect(server.stop() == 0, "\(server.errors)")
        }
    }

    @Test("Ctrl-C during a huge request stops the server within a second")
    func interruptDuringHugeRequest() throws {
        try withTemporaryDirectory { directory in
            let server = try startServer(in: directory)
            defer { server.stop() }
            let huge = try ServeSocket(port: server.port)
            let unfinished = try ServeSocket(port: server.port)
            unfinished.send("GET /" + String(repeating: "a", count: 4000))
            DispatchQueue.global().async {
                huge.send("GET /" + String(repeating: "a", count: 1 << 20) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            }
            Thread.sleep(forTimeInterval: 0.3)
            let interrupted = Date()
            let status = server.stop()
            let seconds = Date().timeIntervalSince(interrupted)
            #expect(status == 0, "\(server.errors)")
            #expect(seconds < 1, "stopped after \(seconds) s")
            #expect(server.output.hasSuffix("Stopped.\n"))
        }
    }
}
