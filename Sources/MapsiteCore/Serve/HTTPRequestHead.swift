import Foundation

/// The request line and header fields of one HTTP/1.x request, as `mapsite serve` reads them.
public struct HTTPRequestHead: Sendable, Equatable {
    public var method: String
    /// The request target as sent: `/path?query`, or `http://host/path` in absolute form.
    public var target: String
    /// `HTTP/1.0` or `HTTP/1.1`.
    public var version: String
    /// The header fields in the order they came, names as sent.
    public var fields: [Field]

    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Every value of the field `name`, whatever its case.
    public func values(_ name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    /// Whether the connection may carry another request after this one's response.
    public var keepsAlive: Bool {
        let tokens = values("Connection").flatMap { $0.lowercased().split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if tokens.contains("close") { return false }
        return version == "HTTP/1.1" || tokens.contains("keep-alive")
    }

    /// Whether a body follows the head (which `mapsite serve` never reads: it answers and closes).
    public var hasBody: Bool {
        !values("Transfer-Encoding").isEmpty || values("Content-Length").contains { $0 != "0" }
    }

    /// The host the request is meant for: the authority of an absolute-form target, else the
    /// one `Host` field.
    /// - Throws: `HTTPHeadError.malformed` when HTTP/1.1 has no `Host`, or more than one.
    public func host() throws -> String {
        if let authority = Self.absoluteForm(target)?.authority { return authority }
        let hosts = values("Host")
        if hosts.count > 1 { throw HTTPHeadError.malformed("more than one Host field") }
        guard let host = hosts.first else {
            if version == "HTTP/1.0" { return "" }
            throw HTTPHeadError.malformed("no Host field (HTTP/1.1 requires one)")
        }
        return host
    }

    /// The target in origin form (`/path?query`), as the site's handlers take it.
    public var originForm: String {
        Self.absoluteForm(target)?.rest ?? target
    }

    private static func absoluteForm(_ target: String) -> (authority: String, rest: String)? {
        let lower = target.prefix(8).lowercased()
        let scheme = lower.hasPrefix("http://") ? 7 : lower.hasPrefix("https://") ? 8 : 0
        guard scheme > 0 else { return nil }
        let afterScheme = target.dropFirst(scheme)
        let end = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
        let rest = String(afterScheme[end...])
        return (String(afterScheme[..<end]), rest.hasPrefix("/") ? rest : "/" + rest)
    }
}

/// Why a request head was refused, with the status `mapsite serve` answers.
public enum HTTPHeadError: Error, Equatable, Sendable {
    /// The request line is longer than the limit (414 URI Too Long).
    case requestLineTooLong(limit: Int)
    /// The request line and fields together are longer than the limit (431).
    case fieldsTooLarge(limit: Int)
    /// Not HTTP/1.x as RFC 9112 writes it (400 Bad Request).
    case malformed(String)

    public var status: Int {
        switch self {
        case .requestLineTooLong: 414
        case .fieldsTooLarge: 431
        case .malformed: 400
        }
    }

    public var reason: String {
        switch self {
        case .requestLineTooLong(let limit):
            "URI Too Long: the request line is longer than \(limit) bytes"
        case .fieldsTooLarge(let limit):
            "Request Header Fields Too Large: the request's head is longer than \(limit) bytes"
        case .malformed(let what): "Bad Request: \(what)"
        }
    }
}
