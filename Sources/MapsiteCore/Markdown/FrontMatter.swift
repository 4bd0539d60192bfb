import Foundation
import Yams

/// The YAML block between `---` lines at the top of a Markdown file.
public struct FrontMatter: Sendable, Equatable {
    public var title: String?
    public var description: String?
    /// Position in the site menu, lowest first; pages without one are not in the menu.
    public var menu: Int?
    /// Drafts are not built.
    public var draft: Bool = false
    /// Keys mapsite does not read (Hugo's `date`, `tags`, `weight`, …), with their lines, for a
    /// warning: they are left out.
    public var otherKeys: [(key: String, line: Int)] = []

    /// The keys front matter takes.
    static let keys = ["title", "description", "menu", "draft"]

    public static func == (a: FrontMatter, b: FrontMatter) -> Bool {
        a.title == b.title && a.description == b.description && a.menu == b.menu && a.draft == b.draft
            && a.otherKeys.map(\.key) == b.otherKeys.map(\.key) && a.otherKeys.map(\.line) == b.otherKeys.map(\.line)
    }

    /// Splits `text` into front matter and the Markdown body.
    /// - Throws: `InputError` naming the file and line for YAML that does not parse or has wrong types.
    public static func split(_ text: String, file: String) throws -> (FrontMatter, body: String, bodyLine: Int) {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        // Not `split(separator: "\n")`: in a String, CRLF is one Character, which is not "\n".
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let isDelimiter = { (line: Substring) in line.trimmingCharacters(in: .whitespaces) == "---" }
        if let first = lines.first, first.trimmingCharacters(in: .whitespaces) == "+++" {
            // Hugo's TOML front matter: its keys would be shown as the page's first paragraph.
            throw InputError(
                file: file, line: 1,
                expected: "front matter in YAML between \"---\" lines (title: My page); TOML front matter "
                    + "between \"+++\" lines, as Hugo writes it, is not read",
                found: "+++")
        }
        guard let first = lines.first, isDelimiter(first) else { return (FrontMatter(), text, 1) }
        guard let end = lines.dropFirst().firstIndex(where: isDelimiter) else {
            // Else the keys would become body text under a rule, without a word.
            throw InputError(
                file: file, line: 1, expected: "a \"---\" line closing the front matter opened here",
                found: "none before the end of the file")
        }
        // A leading newline keeps YAML line numbers equal to the file's.
        let yaml = "\n" + lines[1..<end].joined(separator: "\n")
        let body = lines[(end + 1)...].joined(separator: "\n")
        var matter = FrontMatter()
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch {
            throw ConfigNode.syntaxError(error, file: file, expected: "valid YAML front matter")
        }
        if let node {
            let reader = ConfigNode(file: file, path: "", node: node)
            matter.title = try reader.string("title")
            matter.description = try reader.string("description")
            if let menu = reader.child("menu"), menu.int == nil, menu.string != nil {
                // Hugo's `menu: main` names a menu; mapsite has one, and `menu` is the place in it.
                throw reader.error(
                    "menu",
                    expected: "a whole number, the page's position in the site menu (menu: 1, lowest first; "
                        + "no menu key: not in the menu), not a menu's name as in Hugo",
                    found: menu)
            }
            matter.menu = try reader.int("menu", in: -1_000_000...1_000_000)
            for (key, _) in node.mapping ?? [:] {
                guard let name = key.string, !keys.contains(name) else { continue }
                matter.otherKeys.append((name, (key.mark?.line ?? 0)))
            }
            matter.draft = try reader.bool("draft") ?? false
        }
        return (matter, body, end + 2)
    }
}
