import Foundation

/// Notices changes to the files below some folders by polling their modification times and
/// sizes: portable, needs no file system events, and cheap for a content folder.
struct ContentWatcher: Sendable {
    struct Stamp: Equatable, Sendable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
    }

    /// Every file below the folders, by path.
    typealias Snapshot = [String: Stamp]

    /// Files that were changed, added or removed, and the snapshot after the change.
    struct Change: Sendable {
        var snapshot: Snapshot
        var paths: [String]

        var description: String {
            let shown = paths.prefix(3).joined(separator: ", ")
            return paths.count > 3 ? "\(shown) and \(paths.count - 3) more" : shown
        }
    }

    let folders: [String]
    var interval: Duration = .milliseconds(300)
    /// For a folder that holds the output folder, the output's path inside it: not watched.
    private let skipped: [String: String]

    init(folders: [String], ignoring output: String) {
        self.folders = Array(Set(folders.map { ($0 as NSString).standardizingPath })).sorted()
        let outputPath = URL(fileURLWithPath: output).standardizedFileURL.path
        var skipped: [String: String] = [:]
        for folder in self.folders {
            let prefix = URL(fileURLWithPath: folder).standardizedFileURL.path + "/"
            if outputPath.hasPrefix(prefix) { skipped[folder] = String(outputPath.dropFirst(prefix.count)) }
        }
        self.skipped = skipped
    }

    /// Waits until the files differ from `seen` and then stay the same for one interval, so that
    /// an editor saving several files starts one build, not several.
    /// - Throws: `CancellationError` when the task is cancelled.
    func nextChange(after seen: Snapshot) async throws -> Change {
        var current = seen
        while current == seen {
            try await Task.sleep(for: interval)
            current = snapshot()
        }
        // At most about three seconds: a file that never stops changing still gets built.
        for _ in 0..<10 {
            try await Task.sleep(for: interval)
            let next = snapshot()
            if next == current { break }
            current = next
        }
        let paths = Set(seen.keys).union(current.keys).filter { seen[$0] != current[$0] }
        return Change(snapshot: current, paths: paths.sorted())
    }

    /// The files below the folders now. Hidden files and editors' backup files (`name~`, `#name#`)
    /// are left out, so that an editor's swap file does not start a build.
    func snapshot() -> Snapshot {
        var files: Snapshot = [:]
        for folder in folders {
            guard let enumerator = FileManager.default.enumerator(atPath: folder) else { continue }
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") || relative == skipped[folder] {
                    enumerator.skipDescendants()
                    continue
                }
                if name.hasSuffix("~") || name.hasPrefix("#") { continue }
                let path = folder + "/" + relative
                if let stamp = Self.stamp(path) { files[path] = stamp }
            }
        }
        return files
    }

    /// The modification time and size of a regular file; nil for anything else.
    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return Stamp(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec), size: Int(info.st_size))
    }
}
