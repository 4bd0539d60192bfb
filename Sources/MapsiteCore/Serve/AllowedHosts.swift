import Foundation

/// The hosts a request may name for `mapsite serve` to answer it: the loopback names, and the
/// address given with `--host`. A page of another site that gets its name resolved to this
/// computer (DNS rebinding) sends its own name as the host, and is refused.
public struct AllowedHosts: Sendable {
    private var names: Set<String> = ["127.0.0.1", "localhost", "::1"]
    /// Listening on every address (0.0.0.0 or ::): any IP address names this computer, and an
    /// address, unlike a name, cannot be rebound.
    private var anyAddress = false

    /// - Parameter host: the `--host` address, with or without brackets.
    public init(listeningOn host: String) {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "0.0.0.0" || name == "::" {
            anyAddress = true
        } else {
            names.insert(name)
        }
    }

    /// Whether a `Host` value (`name`, `name:port`, `[v6]` or `[v6]:port`) is one to answer.
    public func allows(_ field: String) -> Bool {
        guard let name = Self.name(of: field) else { return false }
        return names.contains(name) || (anyAddress && Self.isAddress(name))
    }

    /// The names taken, for the refusal's text: `127.0.0.1, localhost, [::1]`.
    public var listed: String {
        let shown = names.sorted().map { $0.contains(":") ? "[\($0)]" : $0 }
        return shown.joined(separator: ", ") + (anyAddress ? " or any IP address of this computer" : "")
    }

    /// The host name of a `Host` value, lowercased, an IPv6 address without its brackets; nil
    /// when the port is not a number.
    static func name(of field: String) -> String? {
        let field = field.lowercased()
        var name = Substring(field)
        var port = Substring("")
        if field.hasPrefix("[") {
            guard let close = field.firstIndex(of: "]") else { return nil }
            name = field[field.index(after: field.startIndex)..<close]
            let rest = field[field.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                port = rest.dropFirst()
            }
        } else if let colon = field.firstIndex(of: ":") {
            name = field[..<colon]
            port = field[field.index(after: colon)...]
        }
        // RFC 3986: a port is digits (perhaps none); an IPv6 address is in brackets.
        guard port.allSatisfy({ $0.isASCII && $0.isNumber }), port.count <= 5,
            !name.contains(":") || field.hasPrefix("[")
        else { return nil }
        return String(name)
    }

    private static func isAddress(_ name: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }
}
