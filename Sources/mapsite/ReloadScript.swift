import FlyingFox
import Foundation

/// The script `mapsite serve` adds to each HTML page it serves (never to the files on disk). It
/// asks the server for the build number twice a second and reloads the page when it changed.
/// It is a file, not inline, so that a theme's Content-Security-Policy of `script-src 'self'`
/// still lets it run.
enum ReloadScript {
    static let scriptPath = "/__mapsite/reload.js"
    static let versionPath = "/__mapsite/version"

    static let source = """
        // Added by mapsite serve: reloads the page when the site was rebuilt.
        (function () {
          var script = document.currentScript;
          var build = script ? script.getAttribute("data-build") : null;
          function poll() {
            fetch("\(versionPath)", { cache: "no-store" })
              .then(function (response) { return response.text(); })
              .then(function (version) {
                if (build !== null && version !== build) { location.reload(); } else { setTimeout(poll, 500); }
              }, function () { setTimeout(poll, 2000); });
          }
          setTimeout(poll, 500);
        })();

        """

    /// Adds the routes of the script and of the build number; add them before the site's files.
    static func addRoutes(to routes: inout RoutedHTTPHandler, builder: PreviewBuilder) {
        routes.appendRoute(HTTPRoute("GET \(versionPath)")) { _ in
            HTTPResponse(
                statusCode: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                body: Data(String(builder.version).utf8))
        }
        routes.appendRoute(HTTPRoute("GET \(scriptPath)")) { _ in
            HTTPResponse(
                statusCode: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-store"],
                body: Data(source.utf8))
        }
    }

    /// `page` with a script tag before its last `</body>`, or at its end when it has none.
    static func inject(into page: Data, version: Int) -> Data {
        let tag = "<script src=\"\(scriptPath)\" data-build=\"\(version)\"></script>\n"
        var html = String(decoding: page, as: UTF8.self)
        if let end = html.range(of: "</body>", options: [.backwards, .caseInsensitive]) {
            html.insert(contentsOf: tag, at: end.lowerBound)
        } else {
            html += tag
        }
        return Data(html.utf8)
    }
}
