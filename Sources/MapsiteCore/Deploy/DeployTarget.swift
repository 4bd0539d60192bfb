import Foundation

/// Where a deploy goes: `s3://bucket/prefix/`, on AWS or, with an endpoint, any S3-compatible store.
public struct DeployTarget: Equatable, Sendable, CustomStringConvertible {
    public var bucket: String
    /// Empty, or the folder of the site in the bucket, ending with `/`.
    public var prefix: String

    /// - Throws: `DeployError` naming the target when it is no `s3://bucket[/prefix]` URL.
    public init(_ text: String) throws {
        guard text.hasPrefix("s3://") else {
            throw DeployError(file: text, reason: "expected a target such as s3://bucket/prefix/")
        }
        let rest = text.dropFirst("s3://".count)
        let parts = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let bucket = String(parts[0])
        guard !bucket.isEmpty,
            bucket.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 46 })
        else {
            throw DeployError(
                file: text, reason: "expected a bucket name of lowercase letters, digits, '-' and '.' after s3://")
        }
        let folders = parts.count > 1 ? parts[1].split(separator: "/") : []
        if folders.contains(where: { $0 == "." || $0 == ".." }) {
            throw DeployError(file: text, reason: "the prefix may not hold '.' or '..' folders")
        }
        self.bucket = bucket
        self.prefix = folders.isEmpty ? "" : folders.joined(separator: "/") + "/"
    }

    public var description: String { "s3://\(bucket)/\(prefix)" }
}

/// An S3-compatible store's address, as GDAL takes it: host, port and path without the scheme,
/// and whether to use HTTPS.
public struct StoreEndpoint: Equatable, Sendable {
    public var hostAndPath: String
    public var https: Bool

    /// - Throws: `DeployError` when `text` is no http(s) URL with a host.
    public init(_ text: String) throws {
        let withScheme = text.contains("://") ? text : "https://" + text
        guard let url = URLComponents(string: withScheme), let host = url.host, !host.isEmpty,
            url.scheme == "http" || url.scheme == "https"
        else {
            throw DeployError(
                file: text, reason: "expected an endpoint such as https://s3.example.org or http://127.0.0.1:8333")
        }
        let port = url.port.map { ":\($0)" } ?? ""
        let path = url.path.hasSuffix("/") ? String(url.path.dropLast()) : url.path
        hostAndPath = (host.contains(":") ? "[\(host)]" : host) + port + path
        https = url.scheme == "https"
    }
}
