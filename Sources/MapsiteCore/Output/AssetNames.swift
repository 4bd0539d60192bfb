import Foundation

/// The fingerprinted names of the site's assets: every file under `assets/` (the theme's, and
/// Leaflet's when copied) is written as `name.<8 hex>.ext`, the hex the start of a stable hash of
/// its bytes, so a host can serve it as immutable: a changed file gets a new name.
///
/// A stylesheet's `url(...)` references to other assets are rewritten to their fingerprinted
/// names before it is hashed itself (Leaflet's CSS names `images/layers.png`).
public struct AssetNames: Sendable, Equatable {
    /// The folder whose files get fingerprints.
    static let folder = "assets/"

    /// Fingerprinted site path by logical site path: `assets/mapsite.js` → `assets/mapsite.3f2a9c1e.js`.
    public internal(set) var paths: [String: String] = [:]
    /// What each module imports (AssetNames+Modules).
    var moduleImports: [String: [Import]] = [:]
    /// The text of each bundle a page carries inline (`ModuleBundle.inlined`), by site path.
    public internal(set) var inline: [String: String] = [:]

    public init() {}

    /// The fingerprinted site path of `path`, or `path` itself when it is no fingerprinted asset.
    public func path(of path: String) -> String { paths[path] ?? path }

    /// `files` with the assets renamed (and stylesheets' references rewritten), and their names.
    /// - Throws: `OutputError` for a module that imports a file the theme does not have.
    static func fingerprint(_ files: [OutputFile]) throws -> (files: [OutputFile], names: AssetNames) {
        var names = AssetNames()
        var result = files
        let assets = files.indices.filter { files[$0].path.hasPrefix(folder) }
        // Modules after what they import (AssetNames+Modules); stylesheets last, so the files they
        // name already have their fingerprints.
        try names.fingerprintModules(assets.filter { isModule(files[$0].path) }, in: &result)
        let ordered =
            assets.filter { !isStylesheet(files[$0].path) && !isModule(files[$0].path) }
            + assets.filter { isStylesheet(files[$0].path) }
        for index in ordered {
            var bytes = files[index].bytes
            if isStylesheet(files[index].path) {
                bytes = names.rewritingURLs(in: bytes, of: files[index].path)
            }
            let renamed = fingerprinted(files[index].path, bytes: bytes)
            names.paths[files[index].path] = renamed
            result[index] = OutputFile(renamed, bytes)
        }
        return (result, names)
    }

    /// `assets/mapsite.js` as `assets/mapsite.<first 8 hex of the bytes' hash>.js`.
    static func fingerprinted(_ path: String, bytes: [UInt8]) -> String {
        let hash = bytes.withUnsafeBytes { StableHash.contents($0) }
        let hex = String(hash >> 32, radix: 16)
        let fingerprint = String(repeating: "0", count: 8 - hex.count) + hex
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[slash...].lastIndex(of: "."), dot > slash else { return path + "." + fingerprint }
        return path[..<dot] + "." + fingerprint + path[dot...]
    }

    private static func isStylesheet(_ path: String) -> Bool { path.hasSuffix(".css") }

    /// A stylesheet's bytes with each `url(...)` that names an asset by a relative path given its
    /// fingerprinted name; other references (absolute, `data:`, unknown files) stay as they are.
    func rewritingURLs(in bytes: [UInt8], of path: String) -> [UInt8] {
        guard let text = String(bytes: bytes, encoding: .utf8), text.contains("url(") else { return bytes }
        let folder = String(path[..<(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)])
        var output = ""
        var rest = Substring(text)
        while let start = rest.range(of: "url(") {
            output += rest[..<start.upperBound]
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: ")") else { break }
            let inside = rest[..<end]
            let quote = inside.first.flatMap { $0 == "\"" || $0 == "'" ? String($0) : nil } ?? ""
            let reference = quote.isEmpty ? inside : inside.dropFirst().dropLast()
            if let replaced = fingerprintedReference(String(reference), from: folder) {
                output += quote + replaced + quote
            } else {
                output += inside
            }
            rest = rest[end...]
        }
        output += rest
        return Array(output.utf8)
    }

    /// The site path a relative reference in a file of `folder` names (`../core/geo.js` from
    /// `assets/page/` is `assets/core/geo.js`), or nil for an absolute, `data:` or `#` reference,
    /// or one that climbs above the site's root.
    static func resolve(_ reference: String, from folder: String) -> String? {
        guard !reference.isEmpty, !reference.contains(":"), !reference.hasPrefix("/"), !reference.hasPrefix("#")
        else { return nil }
        var parts = folder.split(separator: "/").map(String.init)
        for part in reference.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else if part != "." {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// `images/layers.png` as `images/layers.<hex>.png` when `folder` + it is a known asset.
    private func fingerprintedReference(_ reference: String, from folder: String) -> String? {
        guard let target = Self.resolve(reference, from: folder), let renamed = paths[target] else { return nil }
        let name = renamed[(renamed.lastIndex(of: "/").map { renamed.index(after: $0) } ?? renamed.startIndex)...]
        let referenceFolder = reference.lastIndex(of: "/").map { String(reference[...$0]) } ?? ""
        return referenceFolder + name
    }
}
