import Foundation

/// Finds the content folder's Markdown: `README.md` (the home page text, also shown as the About
/// page) and every `pages/**/*.md`.
public enum PageLoader {
    public struct Pages: Sendable {
        /// `README.md`, when there is one.
        public var readme: Page?
        /// Every page to build, the README's About page included, ordered by path.
        public var pages: [Page]
        /// Pages left out because they are links to files outside the content folder, what
        /// content written for Hugo has that is not read, and data files no setting names.
        public var warnings: [String] = []
        /// The download that a link to a dataset's source file leads to, by the source's path in
        /// the content folder (`DataFiles.downloads`).
        public var downloads: [String: String] = [:]
    }

    /// - Parameter config: the site's settings, when the data files of the content folder are to
    ///   be checked against them (`DataFiles`).
    /// - Throws: `InputError` for unreadable files or bad front matter.
    public static func load(
        contentDirectory: String, displayDirectory: String? = nil, config: SiteConfig? = nil
    ) throws -> Pages {
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
        let all = (readme.map { [$0] } ?? []) + pages.filter { $0.source != readme?.source }
        warnings += hugoWarnings(all.sorted { $0.source < $1.source }, shown: shown)
        var downloads: [String: String] = [:]
        if let config {
            warnings += DataFiles.unnamedWarnings(
                config: config, contentDirectory: contentDirectory, displayDirectory: displayDirectory)
            downloads = DataFiles.downloads(of: config, contentDirectory: contentDirectory)
        }
        return Pages(
            readme: readme, pages: pages.sorted { $0.path < $1.path }, warnings: warnings, downloads: downloads)
    }

    /// What content written for Hugo has that mapsite does not read: front matter keys it does not
    /// know, said once per key naming the first file, and pipe tables, which core CommonMark has
    /// not (they are shown as text), one warning per file.
    static func hugoWarnings(_ pages: [Page], shown: String) -> [String] {
        var warnings: [String] = []
        var keys: [String: (file: String, line: Int, count: Int)] = [:]
        var order: [String] = []
        for page in pages {
            let file = (shown as NSString).appendingPathComponent(page.source)
            for (key, line) in page.frontMatter.otherKeys {
                if let seen = keys[key] {
                    keys[key] = (seen.file, seen.line, seen.count + 1)
                } else {
                    keys[key] = (file, line, 1)
                    order.append(key)
                }
            }
            if let line = pipeTableLine(in: page.markdown) {
                warnings.append(
                    "\(ControlCharacters.escaped(file)):\(line + page.bodyLine - 1): a pipe table, which CommonMark "
                        + "(libcmark) does not read: it is shown as lines of text with \"|\"; write a list, or the "
                        + "table in HTML with unsafe_html: true")
            }
        }
        for key in order {
            let (file, line, count) = keys[key]!
            let others = count > 1 ? " (and in \(count - 1) other file\(count == 2 ? "" : "s"))" : ""
            warnings.append(
                "\(ControlCharacters.escaped(file)):\(line): front matter key \"\(ControlCharacters.escaped(key))\" is "
                    + "not one mapsite reads (\(FrontMatter.keys.joined(separator: ", "))): left out\(others)")
        }
        return warnings
    }

    /// The line (1-based, in `markdown`) of the first pipe table's header: a line with a `|`
    /// followed by a delimiter row such as `|---|:--:|`, outside fenced code.
    static func pipeTableLine(in markdown: String) -> Int? {
        let lines = markdown.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        var fence: Character?
        func isDelimiterRow(_ line: Substring) -> Bool {
            let cells = line.trimmingCharacters(in: .whitespaces).split(
                separator: "|", omittingEmptySubsequences: false)
            let inner = cells.map { $0.trimmingCharacters(in: .whitespaces) }
            let filled = inner.enumerated().filter {
                !($0.element.isEmpty && ($0.offset == 0 || $0.offset == inner.count - 1))
            }
            guard line.contains("|") || filled.count > 1, !filled.isEmpty else { return false }
            return filled.allSatisfy { cell in
                var body = Substring(cell.element)
                if body.hasPrefix(":") { body = body.dropFirst() }
                if body.hasSuffix(":") { body = body.dropLast() }
                return !body.isEmpty && body.allSatisfy { $0 == "-" }
            }
        }
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let marker = trimmed.first, marker == "`" || marker == "~",
                trimmed.hasPrefix(String(repeating: marker, count: 3))
            {
                fence = fence == nil ? marker : (fence == marker ? nil : fence)
                continue
            }
            guard fence == nil, index + 1 < lines.count, line.contains("|"), isDelimiterRow(lines[index + 1]) else {
                continue
            }
            return index + 1
        }
        return nil
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
        let (matter, body, bodyLine) = try FrontMatter.split(text, file: file)
        var page = Page(source: source, path: path, frontMatter: matter, markdown: body)
        page.bodyLine = bodyLine
        return page
    }
}
