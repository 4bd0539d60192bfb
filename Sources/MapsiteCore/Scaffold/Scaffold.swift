import Foundation

/// A new content folder that builds at once, as `mapsite new DIR` writes it: a `site.yml` with
/// every setting, a small CSV dataset, the home page text and one info page. The files are
/// string constants, so the program needs no resource files.
public enum Scaffold {
    /// The files, by path relative to the content folder.
    public static let files: [(path: String, text: String)] = [
        ("site.yml", siteConfig),
        ("README.md", readme),
        ("pages/about-the-data.md", aboutPage),
        ("data/libraries.csv", libraries),
    ]

    /// Writes the files into `directory`, creating it when it does not exist.
    /// - Throws: `ScaffoldError` when `directory` is a file or a folder that is not empty, so
    ///   nothing is ever overwritten; Foundation's errors when a file cannot be written.
    public static func write(to directory: String) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: directory, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw ScaffoldError(directory: directory, problem: .notAFolder) }
            let entries = try manager.contentsOfDirectory(atPath: directory)
            guard entries.isEmpty else {
                throw ScaffoldError(directory: directory, problem: .notEmpty(entries.count))
            }
        }
        for file in files {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(file.path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url, options: .withoutOverwriting)
        }
    }
}
