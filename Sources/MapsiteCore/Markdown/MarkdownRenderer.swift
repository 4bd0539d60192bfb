import CCmark
import Foundation

/// CommonMark to HTML through libcmark, with a hook to rewrite link and image URLs.
public struct MarkdownRenderer: Sendable {
    /// Pass raw HTML through; otherwise libcmark omits it and drops `javascript:`-like URLs.
    public var unsafeHTML: Bool

    public init(unsafeHTML: Bool = false) {
        self.unsafeHTML = unsafeHTML
    }

    /// Renders `markdown`; `rewrite` gets each link and image URL and returns a replacement, or nil
    /// to keep it.
    public func html(from markdown: String, rewritingURLs rewrite: (String) -> String? = { _ in nil }) -> String {
        var options = CMARK_OPT_DEFAULT | CMARK_OPT_SMART
        if unsafeHTML { options |= CMARK_OPT_UNSAFE }
        let length = markdown.utf8.count
        guard let document = markdown.withCString({ cmark_parse_document($0, length, options) }) else { return "" }
        defer { cmark_node_free(document) }
        rewriteURLs(in: document, rewrite)
        guard let rendered = cmark_render_html(document, options) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    private func rewriteURLs(in document: OpaquePointer, _ rewrite: (String) -> String?) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let raw = cmark_node_get_url(node) else {
                continue
            }
            if let replacement = rewrite(String(cString: raw)) {
                cmark_node_set_url(node, replacement)
            }
        }
    }
}
