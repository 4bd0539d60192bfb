import Foundation

/// A Markdown page of the content folder, before rendering.
public struct Page: Sendable, Equatable {
    /// The source path relative to the content folder: `README.md`, `pages/guide/start.md`.
    public var source: String
    /// The output folder relative to the site root, ending in `/`: `about/`, `guide/start/`.
    public var path: String
    public var frontMatter: FrontMatter
    public var markdown: String
    /// The file's line on which `markdown` starts (after the front matter), for messages.
    public var bodyLine: Int = 1

    public var title: String {
        let fileName = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
        return frontMatter.title ?? Self.firstHeading(in: markdown) ?? Label.from(fileName)
    }

    static func firstHeading(in markdown: String) -> String? {
        for line in markdown.split(whereSeparator: \.isNewline) where line.hasPrefix("# ") {
            return line.dropFirst(2).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}
