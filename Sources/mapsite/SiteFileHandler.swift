import FlyingFox
import Foundation
import MapsiteCore

/// Serves the site folder for `mapsite serve` as a static server would: `index.html` for folders,
/// a redirect from `/x` to `/x/` when `x` is a folder, and the site's `404.html` with status 404.
/// HTML responses get the reload script; the files on disk are never changed.
struct SiteFileHandler: HTTPHandler {
    let resolver: SiteFileResolver
    let builder: PreviewBuilder

    /// - Throws: when the site folder cannot be created.
    init(root: String, builder: PreviewBuilder) throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        resolver = try SiteFileResolver(root: root)
        self.builder = builder
    }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return Self.plain(
                "405 Method Not Allowed\n", status: .methodNotAllowed, headers: [HTTPHeader("Allow"): "GET, HEAD"])
        }
        switch resolver.resolve(request.target.path(), basePath: builder.basePath) {
        case .file(let path):
            return try response(for: path, status: .ok, request)
        case .redirect(let location):
            let query = request.target.query()
            let headers: HTTPHeaders = [
                .location: query.isEmpty ? location : location + "?" + query, .cacheControl: "no-store",
            ]
            return HTTPResponse(statusCode: .movedPermanently, headers: headers)
        case .badRequest:
            return Self.plain("400 Bad Request: the path leaves the site folder\n", status: .badRequest)
        case .notFound:
            if case .file(let page) = resolver.resolve("/404.html"),
                let response = try? response(for: page, status: .notFound, request)
            {
                return response
            }
            return Self.plain("404 Not Found\n", status: .notFound)
        }
    }

    private func response(for path: String, status: HTTPStatusCode, _ request: HTTPRequest) throws -> HTTPResponse {
        var headers: HTTPHeaders = [
            .contentType: ContentType.of(path),
            // Every response is fresh: a rebuild may change any file.
            .cacheControl: "no-store",
            HTTPHeader("X-Content-Type-Options"): "nosniff",
        ]
        let body: HTTPBodySequence
        if ContentType.isHTML(path) {
            let page = try Data(contentsOf: URL(fileURLWithPath: path))
            body = HTTPBodySequence(data: ReloadScript.inject(into: page, version: builder.version))
        } else {
            body = try HTTPBodySequence(file: URL(fileURLWithPath: path))
        }
        if request.method == .HEAD {
            headers[.contentLength] = String(body.count ?? 0)
            return HTTPResponse(statusCode: status, headers: headers)
        }
        return HTTPResponse(statusCode: status, headers: headers, body: body)
    }

    private static func plain(_ text: String, status: HTTPStatusCode, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var headers = headers
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return HTTPResponse(statusCode: status, headers: headers, body: Data(text.utf8))
    }
}
