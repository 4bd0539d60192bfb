import Foundation

/// The theme's scripts are ES modules that import each other by relative path
/// (`import { distance } from "./geo.js"`, `import("./map.js")`). Each is given its fingerprinted
/// name only after its imports are rewritten to theirs, so a module's name changes whenever
/// anything it loads changes, and a host can serve every one of them as immutable.
///
/// Modules that import each other in a circle share one hash: a change to any of them renames
/// them all.
extension AssetNames {
    /// A relative specifier in an import: `from "./x.js"`, `import "./x.js"`, `import("./x.js")`.
    nonisolated(unsafe) static let importPattern = try! NSRegularExpression(
        pattern: #"(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.\.?/[^"'\n]*)\2"#)

    /// Whether `path` is one of the theme's modules (Leaflet's files are classic scripts).
    static func isModule(_ path: String) -> Bool {
        path.hasSuffix(".js") && path.hasPrefix(folder) && !path.hasPrefix(folder + "leaflet/")
    }

    /// The modules `path` imports (`static`: by `import … from`, else by `import()` too), as site
    /// paths, in the order they appear.
    /// - Throws: `OutputError` for an import of a file that is not among `paths`.
    static func imports(of path: String, in bytes: [UInt8], among paths: Set<String>) throws -> [Import] {
        let text = String(decoding: bytes, as: UTF8.self)
        let folder = String(path[..<(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)])
        var found: [Import] = []
        for match in importPattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range(at: 3), in: text), let keyword = Range(match.range(at: 1), in: text)
            else { continue }
            let specifier = String(text[range])
            guard let target = Self.resolve(specifier, from: folder), paths.contains(target) else {
                throw OutputError(
                    path: path, reason: "imports \"\(specifier)\", which is not a file of the theme's assets/")
            }
            found.append(Import(target: target, isDynamic: text[keyword].hasSuffix("(")))
        }
        return found
    }

    struct Import: Equatable, Sendable {
        var target: String
        var isDynamic: Bool
    }

    /// `bytes` with each relative import of a module given its fingerprinted name.
    func rewritingImports(in bytes: [UInt8], of path: String) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        let folder = String(path[..<(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)])
        var output = ""
        var last = text.startIndex
        for match in Self.importPattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range(at: 3), in: text) else { continue }
            let specifier = String(text[range])
            guard let target = Self.resolve(specifier, from: folder), let renamed = paths[target] else { continue }
            output += text[last..<range.lowerBound]
            let slash = specifier.lastIndex(of: "/").map { specifier.index(after: $0) } ?? specifier.startIndex
            output += specifier[..<slash]
            output += renamed[(renamed.lastIndex(of: "/").map { renamed.index(after: $0) } ?? renamed.startIndex)...]
            last = range.upperBound
        }
        output += text[last...]
        return Array(output.utf8)
    }

    /// Names the modules among `files` (by index) after their imports, dependencies first.
    /// - Throws: `OutputError` for an import of a missing file.
    mutating func fingerprintModules(_ indices: [Int], in files: inout [OutputFile]) throws {
        let paths = Set(indices.map { files[$0].path })
        // Entries written with what they import inside them (ModuleBundle), before anything is named.
        let sources = Dictionary(
            uniqueKeysWithValues: indices.map { (files[$0].path, String(decoding: files[$0].bytes, as: UTF8.self)) })
        for i in indices where ModuleBundle.entries.contains(files[i].path) {
            let bundle = try ModuleBundle(sources: sources).bundle(files[i].path)
            files[i] = OutputFile(files[i].path, Array(bundle.utf8))
            guard ModuleBundle.inlined.contains(files[i].path) else { continue }
            // Inside <script>…</script>, only these could end the element or change how it is read.
            for text in ["</script", "<!--", "<script"] where bundle.lowercased().contains(text) {
                throw OutputError(path: files[i].path, reason: "holds \"\(text)\", which a page cannot carry inline")
            }
            inline[files[i].path] = bundle
        }
        var graph: [String: [Import]] = [:]
        var index: [String: Int] = [:]
        for i in indices {
            index[files[i].path] = i
            graph[files[i].path] = try Self.imports(of: files[i].path, in: files[i].bytes, among: paths)
        }
        moduleImports = graph.mapValues { $0 }
        for component in ModuleGraph(edges: graph.mapValues { $0.map(\.target) }).componentsDependenciesFirst() {
            // Imports outside the component already have their names; inside it, one hash for all.
            var hasher = StableHasher()
            var rewritten: [String: [UInt8]] = [:]
            for path in component {
                rewritten[path] = rewritingImports(in: files[index[path]!].bytes, of: path)
                hasher.add(path)
                rewritten[path]!.withUnsafeBytes { hasher.add(StableHash.contents($0)) }
            }
            let shared = component.count > 1 ? hasher.value : nil
            for path in component {
                let bytes = rewritten[path]!
                let name =
                    shared.map { Self.fingerprinted(path, bytes: Array("\(path) \($0)".utf8)) }
                    ?? Self.fingerprinted(path, bytes: bytes)
                self.paths[path] = name
            }
            for path in component {
                let bytes =
                    component.count > 1 ? rewritingImports(in: files[index[path]!].bytes, of: path) : rewritten[path]!
                files[index[path]!] = OutputFile(self.paths[path]!, bytes)
            }
        }
    }

    /// The site paths of the modules `path` loads, directly or through others, by static imports
    /// (and by `import()` too with `dynamic`), in a stable order: what a page that runs `path`
    /// preloads.
    public func moduleClosure(of path: String, dynamic: Bool = false) -> [String] {
        var seen: Set<String> = [path]
        var order: [String] = []
        var stack = [path]
        while let next = stack.popLast() {
            for edge in moduleImports[next] ?? [] where (dynamic || !edge.isDynamic) && !seen.contains(edge.target) {
                seen.insert(edge.target)
                order.append(edge.target)
                stack.append(edge.target)
            }
        }
        return order.sorted()
    }
}

/// The import graph of the theme's modules: its strongly connected components (modules that
/// import each other in a circle) in an order where every component comes after those it imports.
struct ModuleGraph {
    var edges: [String: [String]]

    func componentsDependenciesFirst() -> [[String]] {
        // Tarjan's algorithm emits each component after every component reachable from it.
        var indexOf: [String: Int] = [:]
        var low: [String: Int] = [:]
        var stack: [String] = []
        var onStack: Set<String> = []
        var components: [[String]] = []
        var counter = 0
        func visit(_ node: String) {
            indexOf[node] = counter
            low[node] = counter
            counter += 1
            stack.append(node)
            onStack.insert(node)
            for next in edges[node] ?? [] {
                if indexOf[next] == nil {
                    visit(next)
                    low[node] = min(low[node]!, low[next]!)
                } else if onStack.contains(next) {
                    low[node] = min(low[node]!, indexOf[next]!)
                }
            }
            guard low[node] == indexOf[node] else { return }
            var component: [String] = []
            while let top = stack.popLast() {
                onStack.remove(top)
                component.append(top)
                if top == node { break }
            }
            components.append(component.sorted())
        }
        for node in edges.keys.sorted() where indexOf[node] == nil { visit(node) }
        return components
    }
}
