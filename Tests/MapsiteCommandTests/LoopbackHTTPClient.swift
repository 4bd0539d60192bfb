import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A response read by `LoopbackHTTPClient`.
struct HTTPReply {
    var status: Int
    /// Header values by lowercased name.
    var headers: [String: String]
    var body: String
}

/// The smallest HTTP/1.1 client, for tests: one GET to 127.0.0.1 with the path sent exactly as
/// written. URLSession would remove `..` segments before sending, and so never test them.
enum LoopbackHTTPClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A TCP socket connected to `127.0.0.1:port`, whose owner closes it.
    static func connected(port: Int) throws -> Int32 {
        #if canImport(Darwin)
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let failure = Failure(description: "connect to port \(port) failed: errno \(errno)")
            close(descriptor)
            throw failure
        }
        return descriptor
    }

    /// Sends `GET path` to `127.0.0.1:port` and reads the whole response (at most 10 s).
    static func get(_ path: String, port: Int) throws -> HTTPReply {
        let descriptor = try connected(port: port)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            let flags: Int32 = 0
        #else
            let flags = Int32(MSG_NOSIGNAL)
        #endif
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, flags) }) == request.count else {
            throw Failure(description: "send failed: errno \(errno)")
        }
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            response.append(contentsOf: buffer[0..<count])
        }
        return try parse(response)
    }

    private static func parse(_ response: Data) throws -> HTTPReply {
        guard let end = response.range(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "no complete response: \(String(decoding: response, as: UTF8.self))")
        }
        let head = String(decoding: response[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = head[0].split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line: \(head[0])")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        let body = response[end.upperBound...]
        if let length = headers["content-length"].flatMap(Int.init), length != body.count {
            throw Failure(description: "Content-Length \(length), but \(body.count) bytes came")
        }
        return HTTPReply(status: status, headers: headers, body: String(decoding: body, as: UTF8.self))
    }
}
