import Foundation

/// Finds the content folder's Markdown: `README.md` (the home page text, also shown as the About
/// page) and every `pages/**/*.md`.
public enum PageLoader {
    public struct Pages: Sendable {
        /// `README.md`, when there is one.
        public var readme: Page?
        /// Every page to build, the README's About page included, ordered by path.
        public var pages: [Page]
        /// Pages left out because they are links to files outside the content folder.
        public var warnings: [String] = []
    }

    /// - Throws: `InputError` for unreadable files or bad front matter.
    public static func load(contentDirectory: String, displayDirectory: String? = nil) throws -> Pages {
        let shown = displayDirectory ?? contentDirectory
        var pages: [Page] = []
        let pagesDirectory = (contentDirectory as NSString).appendingPathComponent("pages")
        let enumerator = FileManager.default.enumerator(atPath: pagesDirectory)
        var sources: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.lowercased().hasSuffix(".md") { sources.append(relative) }
        }
        let content = ContentFolder(contentDirectory)
        var warnings: [String] = []
        /// Whether the file `source` lies in the content folder; a warning when it does not.
        func inside(_ source: String) -> Bool {
            let full = (contentDirectory as NSString).appendingPathComponent(source)
            guard let target = content.outsideTarget(of: full) else { return true }
            warnings.append(ContentFolder.warning((shown as NSString).appendingPathComponent(source), target: target))
            return false
        }
        for relative in sources.sorted() where inside("pages/" + relative) {
            let source = "pages/" + relative
            let page = try read(
                source, contentDirectory: contentDirectory, shown: shown, path: outputPath(of: relative))
            if !page.frontMatter.draft { pages.append(page) }
        }
        var readme: Page?
        let readmePath = (contentDirectory as NSString).appendingPathComponent("README.md")
        if FileManager.default.fileExists(atPath: readmePath) && inside("README.md") {
            let page = try read("README.md", contentDirectory: contentDirectory, shown: shown, path: "about/")
            readme = page
            if !pages.contains(where: { $0.path == page.path }) { pages.append(page) }
        }
        return Pages(readme: readme, pages: pages.sorted { $0.path < $1.path }, warnings: warnings)
    }

    /// `guide/Getting Started.md` → `guide/getting-started/`; `guide/index.md` → `guide/`.
    static func outputPath(of relative: String) -> String {
        var parts = relative.split(separator: "/").map(String.init)
        let last = (parts.removeLast() as NSString).deletingPathExtension
        var segments = parts.map(Slug.make(from:))
        if last.lowercased() != "index" && last.lowercased() != "_index" { segments.append(Slug.make(from: last)) }
        let path = segments.filter { !$0.isEmpty }.joined(separator: "/")
        return path.isEmpty ? "" : path + "/"
    }

    private static func read(_ source: String, contentDirectory: String, shown: String, path: String) throws -> Page {
        let full = (contentDirectory as NSString).appendingPathComponent(source)
        let file = (shown as NSString).appendingPathComponent(source)
        guard let data = FileManager.default.contents(atPath: full) else {
            throw InputError(file: file, expected: "a readable file", found: "no such file")
        }
        if let problem = TextCheck.firstProblem(in: [UInt8](data)) { throw InputError(file: file, problem) }
        let text = String(decoding: data, as: UTF8.self)
        let (matter, body, _) = try FrontMatter.split(text, file: file)
        return Page(source: source, path: path, frontMatter: matter, markdown: body)
    }
}
