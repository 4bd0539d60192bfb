/// The headers an object is stored with: a change of any of them is a change of the object.
public struct DeployHeaders: Hashable, Sendable {
    public var contentType: String
    public var cacheControl: String
    /// `gzip` when the bytes were compressed at upload; nil otherwise.
    public var contentEncoding: String?

    public init(contentType: String, cacheControl: String, contentEncoding: String? = nil) {
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.contentEncoding = contentEncoding
    }

    /// The headers of the file at `path`: its type by extension, its kind's caching and, with
    /// `gzip`, gzip encoding for text.
    public static func of(_ path: String, gzip: Bool) -> DeployHeaders {
        DeployHeaders(
            contentType: ContentType.of(path), cacheControl: DeployKind.of(path).cacheControl,
            contentEncoding: gzip && ContentType.isCompressible(path) ? "gzip" : nil)
    }

    /// As name-value pairs, in the order they are sent.
    public var fields: [(name: String, value: String)] {
        var fields = [("Content-Type", contentType), ("Cache-Control", cacheControl)]
        if let contentEncoding { fields.append(("Content-Encoding", contentEncoding)) }
        return fields
    }
}
