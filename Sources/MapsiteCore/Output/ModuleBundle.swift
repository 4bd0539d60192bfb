import Foundation

/// An entry module written with the modules it imports inside it, so that a page that runs it
/// asks for one script, not one per module. A map page's first view waits for its script and
/// its stylesheets: over HTTP/1.1 a browser opens six connections to a host, and the first
/// view's seven modules and two stylesheets took a round trip more than the one file does. The
/// script of every other page (menu, search box, ☆ button, mini map) is thirteen modules.
///
/// A module bundled into an entry and also imported by a page's own modules runs twice, once in
/// each: the modules these entries take in keep no state but what they read from the page and
/// the browser's storage.
///
/// Each imported module becomes a function scope that returns its exports, in an order where a
/// module comes after those it imports; the entry's `import { a, b as c } from "./x.js"` becomes
/// `const { a, b: c } = <x's scope>`. `import()` is left as it is (a module loaded later), its
/// path made relative to the entry's folder. The theme's modules keep to the forms this reads:
/// named imports and `export` before a declaration or as `export { … }`; anything else in a
/// bundled module (a default export, a re-export, `export let`, which importers would see
/// change, `import.meta`) stops the build with the module's name.
struct ModuleBundle {
    /// The entries written as bundles.
    static let entries = Set([
        "assets/page/map-page.js", "assets/page/explore-map-page.js", "assets/page/site.js",
    ]).union(inlined)
    /// The bundles a page carries inline (`assets.inline` in templates), not asked for as files:
    /// what must run before any file could come.
    static let inlined: Set<String> = ["assets/page/filter-preload.js"]

    /// `import { a, b as c } from "./x.js";`, `import * as x from "./x.js";` or `import "./x.js";`,
    /// on lines of their own.
    nonisolated(unsafe) static let staticImport = try! NSRegularExpression(
        pattern:
            #"^import\s*(?:(\{[^}]*\})|\*\s*as\s+([A-Za-z_$][\w$]*))?\s*(?:from\s*)?(["'])(\.\.?/[^"'\n]+)\3;?[ \t]*\n?"#,
        options: [.anchorsMatchLines])
    /// `export function f`, `export async function f`, `export class C`, `export const x`.
    nonisolated(unsafe) static let exportDeclaration = try! NSRegularExpression(
        pattern: #"^export\s+((?:async\s+)?function\*?\s+|class\s+|const\s+|let\s+|var\s+)([A-Za-z_$][\w$]*)"#,
        options: [.anchorsMatchLines])
    /// `export { a, b as c };`
    nonisolated(unsafe) static let exportList = try! NSRegularExpression(
        pattern: #"^export\s*\{([^}]*)\}[ \t]*;?[ \t]*$\n?"#, options: [.anchorsMatchLines])

    /// The modules' texts by site path.
    let sources: [String: String]

    /// The bundle of `entry`.
    /// - Throws: `OutputError` for a form the bundle cannot keep.
    func bundle(_ entry: String) throws -> String {
        var order: [String] = []
        var visiting: Set<String> = []
        try visit(entry, order: &order, visiting: &visiting)
        let folder = Self.folder(of: entry)
        var scopes: [String: String] = [:]
        var text = "// \(entry.dropFirst(AssetNames.folder.count)) with the modules it imports (ModuleBundle.swift).\n"
        for (number, path) in order.enumerated() where path != entry {
            scopes[path] = "$module\(number)"
            let (body, exports) = try Self.stripExports(
                Self.relocatingDynamicImports(try imports(of: path, scopes: scopes), from: path, to: folder), of: path)
            text +=
                "const $module\(number) = (() => {\n\(body)\nreturn { \(exports.joined(separator: ", ")) };\n})();\n"
        }
        text += try imports(of: entry, scopes: scopes)
        // Lines that are only a comment are left out, as a page pays for every byte before its
        // first view; the modules' own files keep them. (The theme has no multi-line strings.)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return ([lines[0]] + lines.dropFirst().filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") })
            .joined(separator: "\n")
    }

    /// Visits `path`'s static imports before it.
    private func visit(_ path: String, order: inout [String], visiting: inout Set<String>) throws {
        guard !order.contains(path) else { return }
        guard visiting.insert(path).inserted else {
            throw OutputError(path: path, reason: "imports itself in a circle, which a bundle cannot keep")
        }
        for target in try Self.targets(in: try source(path), of: path) {
            try visit(target, order: &order, visiting: &visiting)
        }
        order.append(path)
    }

    private func source(_ path: String) throws -> String {
        guard let text = sources[path] else {
            throw OutputError(path: path, reason: "is imported by a bundled module but is not in the theme's assets/")
        }
        guard !text.contains("import.meta") else {
            throw OutputError(path: path, reason: "uses import.meta, which a bundle cannot keep")
        }
        return text
    }

    private static func targets(in text: String, of path: String) throws -> [String] {
        staticImport.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 4), in: text).flatMap { AssetNames.resolve(String(text[$0]), from: folder(of: path)) }
        }
    }

    /// `path`'s text with its static imports read from the scopes of the modules before it.
    private func imports(of path: String, scopes: [String: String]) throws -> String {
        let text = try source(path)
        var output = ""
        var last = text.startIndex
        for match in Self.staticImport.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let whole = Range(match.range, in: text), let specifier = Range(match.range(at: 4), in: text),
                let target = AssetNames.resolve(String(text[specifier]), from: Self.folder(of: path)),
                let scope = scopes[target]
            else { continue }
            output += text[last..<whole.lowerBound]
            if let names = Range(match.range(at: 1), in: text) {
                let bindings = text[names].dropFirst().dropLast().split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: " as ", with: ": ")
                }.filter { !$0.isEmpty }
                output += "const { \(bindings.joined(separator: ", ")) } = \(scope);\n"
            } else if let namespace = Range(match.range(at: 2), in: text) {
                output += "const \(text[namespace]) = \(scope);\n"
            }
            last = whole.upperBound
        }
        return output + text[last...]
    }

    /// The text without its `export` keywords, and the names it exported (`a`, or `c: b` for
    /// `export { b as c }`).
    private static func stripExports(_ text: String, of path: String) throws -> (String, [String]) {
        var names: [String] = []
        var output = text
        for match in exportDeclaration.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            guard let kind = Range(match.range(at: 1), in: text), let name = Range(match.range(at: 2), in: text),
                let whole = Range(match.range, in: text)
            else { continue }
            if text[kind].hasPrefix("let") || text[kind].hasPrefix("var") {
                throw OutputError(
                    path: path, reason: "exports `\(text[name])` with let or var, which a bundle cannot keep live")
            }
            names.insert(String(text[name]), at: 0)
            let start = output.index(
                output.startIndex, offsetBy: text.distance(from: text.startIndex, to: whole.lowerBound))
            output.removeSubrange(start..<output.index(start, offsetBy: "export ".count))
        }
        for match in exportList.matches(in: output, range: NSRange(output.startIndex..., in: output)).reversed() {
            guard let list = Range(match.range(at: 1), in: output), let whole = Range(match.range, in: output) else {
                continue
            }
            names += output[list].split(separator: ",").map { item in
                let parts = item.split(separator: " ").map(String.init).filter { !$0.isEmpty }
                return parts.count == 3 && parts[1] == "as" ? "\(parts[2]): \(parts[0])" : parts.joined()
            }
            output.removeSubrange(whole)
        }
        if output.range(of: #"(?m)^export\b"#, options: .regularExpression) != nil {
            throw OutputError(
                path: path, reason: "has an export a bundle cannot keep (default, or from another module)")
        }
        return (output, names)
    }

    /// `import("./x.js")` in a module of another folder than the entry's, made relative to the entry's.
    private static func relocatingDynamicImports(_ text: String, from path: String, to entryFolder: String) -> String {
        let folder = folder(of: path)
        guard folder != entryFolder else { return text }
        var output = text
        let pattern = try! NSRegularExpression(pattern: #"\bimport\s*\(\s*(["'])(\.\.?/[^"'\n]+)\1"#)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            guard let range = Range(match.range(at: 2), in: text),
                let target = AssetNames.resolve(String(text[range]), from: folder)
            else { continue }
            let start = output.index(
                output.startIndex, offsetBy: text.distance(from: text.startIndex, to: range.lowerBound))
            let end = output.index(start, offsetBy: text[range].count)
            output.replaceSubrange(start..<end, with: SitePath.link(from: entryFolder, to: target))
        }
        return output
    }

    static func folder(of path: String) -> String {
        String(path[..<(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)])
    }
}
