import Foundation

/// The pages and files the render stage makes whole, in the order they are made: each page's
/// view rendered over the shared view for its path into `path/index.html`.
struct PageSet {
    let context: SiteContext
    let templates: TemplateLibrary
    private(set) var files: [OutputFile] = []
    /// Site paths of the HTML pages, for the sitemap.
    private(set) var pagePaths: [String] = []

    init(context: SiteContext, templates: TemplateLibrary) {
        self.context = context
        self.templates = templates
    }

    /// Renders `view` with `template` over the shared view for `path`, as `path/index.html`.
    /// - Throws: `TemplateError` for a template that does not render.
    mutating func addPage(_ view: TemplateObject, at path: String, template: String) throws {
        let html = try templates.renderPage(view, over: context.shared(at: path), withTemplate: template)
        files.append(OutputFile(path + "index.html", html))
        pagePaths.append(path)
    }

    /// Adds a file that is not a page of the menu's kind: JSON, GPX, XML, text.
    mutating func addFile(_ path: String, _ text: String) {
        files.append(OutputFile(path, text))
    }

    mutating func addFile(_ file: OutputFile) {
        files.append(file)
    }
}
