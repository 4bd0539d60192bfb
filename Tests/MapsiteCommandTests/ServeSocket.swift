import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection to 127.0.0.1 that sends bytes exactly as given, when given: for requests a
/// browser never sends (unfinished, huge, for another host) in the tests of `mapsite serve`.
final class ServeSocket: @unchecked Sendable {
    private let descriptor: Int32
    private var isClosed = false

    init(port: Int) throws {
        descriptor = try LoopbackHTTPClient.connected(port: port)
    }

    /// Sends all of `text`.
    /// - Returns: false when the server closed the connection first.
    @discardableResult
    func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        #if canImport(Darwin)
            let flags: Int32 = 0
        #else
            let flags = Int32(MSG_NOSIGNAL)
        #endif
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { sendBytes(descriptor, $0.baseAddress, $0.count, flags) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// What the server sends until it closes the connection, for at most `seconds`.
    /// - Returns: the bytes, and whether the server closed the connection (else the time ran out).
    func receive(seconds: Double) -> (text: String, closed: Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return (String(decoding: data, as: UTF8.self), false) }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(left * 1000) + 1) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return (String(decoding: data, as: UTF8.self), true) }
            data += buffer[0..<count]
        }
    }

    /// Reads one response to a request sent with `Connection: keep-alive`: up to the end of the
    /// body its Content-Length announces, for at most `seconds`.
    func receiveResponse(seconds: Double) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while deadline.timeIntervalSinceNow > 0 {
            let text = String(decoding: data, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n"),
                let length = text[..<end.lowerBound].firstMatch(of: /(?i)content-length: (\d+)/).flatMap({ Int($0.1) }),
                text.utf8.count - text[..<end.upperBound].utf8.count >= length
            {
                return text
            }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            data += buffer[0..<count]
        }
        return String(decoding: data, as: UTF8.self)
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        closeDescriptor(descriptor)
    }

    deinit { close() }
}

// The C functions, by names the methods above do not hide.
private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}

private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(descriptor, bytes, count, flags)
}
