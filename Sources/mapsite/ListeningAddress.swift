import ArgumentParser
import FlyingSocks
import Foundation

/// The host and port `mapsite serve` listens on: an IPv4 or IPv6 address, or `localhost`.
struct ListeningAddress: Sendable {
    var host: String
    var port: UInt16
    var socketAddress: any SocketAddress

    /// - Throws: `ValidationError` for a host that is not an IP address or `localhost`.
    init(host: String, port: UInt16) throws {
        let literal = host == "localhost" ? "127.0.0.1" : host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        self.host = literal
        self.port = port
        if literal.contains(":"), let address = try? sockaddr_in6.inet6(ip6: literal, port: port) {
            socketAddress = address
        } else if let address = try? sockaddr_in.inet(ip4: literal, port: port) {
            socketAddress = address
        } else {
            throw ValidationError("--host: expected an IP address such as 127.0.0.1 or ::1, found \"\(host)\"")
        }
    }

    var isLoopback: Bool { host.hasPrefix("127.") || host == "::1" }

    /// The URL to open; `listening` gives the port the system chose for port 0.
    func url(port listening: Socket.Address?) -> String {
        var port = self.port
        switch listening {
        case .ip4(_, let bound)?, .ip6(_, let bound)?: port = bound
        default: break
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "http://\(shownHost):\(port)/"
    }
}
