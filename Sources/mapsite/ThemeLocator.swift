import ArgumentParser
import Foundation
import MapsiteCore

/// Finds the default theme, a folder holding `base.mustache`, when `--templates` names none:
/// `templates/` beside the content folder or in the working folder (a project that has its own),
/// then the theme installed with the program (`PREFIX/share/mapsite/templates` beside
/// `PREFIX/bin/mapsite`, as `make install` puts them), then `templates/` in a folder above the
/// program (a build inside the project's `.build/`). The program's place is its real path, links
/// followed, so a link to it in another folder finds the same theme. docs/install.md.
enum ThemeLocator {
    /// Where `make install` puts the theme, relative to the folder holding the program.
    static let installedTheme = "../share/mapsite/templates"

    static func find(near content: String) throws -> String {
        let candidates = self.candidates(near: content)
        if let found = candidates.first(where: isTheme) { return found }
        let working = FileManager.default.currentDirectoryPath
        var shown: [String] = []
        for folder in candidates {
            let absolute = folder.hasPrefix("/") ? folder : (working as NSString).appendingPathComponent(folder)
            let path = (absolute as NSString).standardizingPath
            if !shown.contains(path) { shown.append(path) }
        }
        throw ValidationError(
            "No theme found (a folder with base.mustache) in " + shown.joined(separator: ", ")
                + ": install mapsite with `make install` in its project, which puts the theme in "
                + "PREFIX/share/mapsite/templates, or pass --templates DIR.")
    }

    /// The folders tried, in order.
    static func candidates(near content: String) -> [String] {
        let contentParent = SitePath.parent(of: (content as NSString).standardizingPath)
        var candidates = [
            (contentParent as NSString).appendingPathComponent("templates"),
            FileManager.default.currentDirectoryPath + "/templates",
        ]
        guard let program = programFolder() else { return candidates }
        candidates.append((program as NSString).appendingPathComponent(installedTheme))
        var folder = SitePath.parent(of: program)
        for _ in 0..<6 {
            candidates.append((folder as NSString).appendingPathComponent("templates"))
            folder = SitePath.parent(of: folder)
        }
        return candidates
    }

    private static func isTheme(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("base.mustache"))
    }

    /// The folder of the running program, from its real path (`/proc/self/exe` on Linux; else the
    /// first argument, found on `PATH` when it names no folder), links followed.
    static func programFolder() -> String? {
        var path: String?
        #if os(Linux)
            path = realPath("/proc/self/exe")
        #endif
        if path == nil {
            var first = CommandLine.arguments.first ?? ""
            if !first.contains("/") {
                let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
                first =
                    folders.map { "\($0)/\(first)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
                    ?? first
            }
            path = realPath(first)
        }
        return path.map { SitePath.parent(of: $0) }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
