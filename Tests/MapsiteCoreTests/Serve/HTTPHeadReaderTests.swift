import Foundation
import MapsiteCore
import Testing

@Suite("HTTPHeadReader")
struct HTTPHeadReaderTests {
    private let request = "GET /places/?q=a%20b HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nAccept:  text/html \r\n\r\n"

    @Test("reads a head whole or a byte at a time, and keeps a pipelined request for next()")
    func heads() throws {
        var whole = HTTPHeadReader()
        let head = try #require(try whole.append(Array((request + request).utf8)))
        #expect(head.method == "GET")
        #expect(head.target == "/places/?q=a%20b")
        #expect(head.version == "HTTP/1.1")
        #expect(
            head.fields == [.init(name: "Host", value: "127.0.0.1:8000"), .init(name: "Accept", value: "text/html")])
        #expect(try head.host() == "127.0.0.1:8000")
        #expect(head.keepsAlive)
        #expect(try whole.next() == head)
        #expect(try whole.next() == nil)
        #expect(!whole.isInsideRequest)

        var bytewise = HTTPHeadReader()
        var heads: [HTTPRequestHead] = []
        for byte in request.utf8 {
            if let head = try bytewise.append([byte]) { heads.append(head) }
        }
        #expect(heads == [head])

        // Bare LF line ends, and empty lines before the request line (RFC 9112 §2.2).
        var lenient = HTTPHeadReader()
        let bare = try #require(try lenient.append(Array("\r\n\nHEAD / HTTP/1.0\nConnection: keep-alive\n\n".utf8)))
        #expect(bare.method == "HEAD")
        #expect(bare.keepsAlive)
        #expect(try bare.host() == "")
    }

    @Test("refuses a request line or a head over its limit as soon as it is, and malformed heads")
    func limits() throws {
        var reader = HTTPHeadReader(requestLineLimit: 100, headLimit: 300)
        #expect(try reader.append(Array(("GET /" + String(repeating: "a", count: 95)).utf8)) == nil)
        #expect(throws: HTTPHeadError.requestLineTooLong(limit: 100)) {
            try reader.append(Array("aa".utf8))
        }
        var fields = HTTPHeadReader(requestLineLimit: 100, headLimit: 300)
        #expect(try fields.append(Array("GET / HTTP/1.1\r\n".utf8)) == nil)
        #expect(throws: HTTPHeadError.fieldsTooLarge(limit: 300)) {
            for _ in 0..<20 { _ = try fields.append(Array("X-A: 0123456789\r\n".utf8)) }
        }
        for bad in [
            "GET /\r\n\r\n", "GET / HTTP/2\r\n\r\n", "GET  / HTTP/1.1\r\n\r\n", "G=T / HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", "GET / HTTP/1.1\r\nNo colon\r\n\r\n",
            "GET / HTTP/1.1\r\nBad name: x\r\n\r\n",
        ] {
            var reader = HTTPHeadReader()
            #expect(throws: HTTPHeadError.self, "\(bad)") { try reader.append(Array(bad.utf8)) }
        }
        var noHost = HTTPHeadReader()
        let head = try #require(try noHost.append(Array("GET / HTTP/1.1\r\n\r\n".utf8)))
        #expect(throws: HTTPHeadError.self) { try head.host() }
    }

    @Test("the host of an absolute-form target overrides Host")
    func absoluteForm() throws {
        var reader = HTTPHeadReader()
        let head = try #require(
            try reader.append(Array("GET http://other.example:81/a?b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)))
        #expect(try head.host() == "other.example:81")
        #expect(head.originForm == "/a?b")
    }

    @Test("allowed hosts: loopback names with any port, the --host address, any IP address for 0.0.0.0")
    func allowedHosts() {
        let loopback = AllowedHosts(listeningOn: "127.0.0.1")
        for host in ["127.0.0.1", "127.0.0.1:8000", "LOCALHOST:1", "localhost", "[::1]", "[::1]:8000", "localhost:"] {
            #expect(loopback.allows(host), "\(host)")
        }
        for host in [
            "attacker.example", "127.0.0.1.attacker.example", "localhost.", "::1", "[::1]x", "127.0.0.1:80a",
            "localhost:1:2", "192.168.1.5", "",
        ] {
            #expect(!loopback.allows(host), "\(host)")
        }
        let lan = AllowedHosts(listeningOn: "192.168.1.5")
        #expect(lan.allows("192.168.1.5:8000"))
        #expect(!lan.allows("10.0.0.1"))
        let every = AllowedHosts(listeningOn: "0.0.0.0")
        #expect(every.allows("10.0.0.1:8000"))
        #expect(every.allows("[fe80::1]"))
        #expect(!every.allows("attacker.example"))
        #expect(loopback.listed == "127.0.0.1, [::1], localhost")
    }
}
