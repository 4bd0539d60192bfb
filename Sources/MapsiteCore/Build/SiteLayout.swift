import Foundation

/// The top-level folders of a built site, and the check that datasets and pages do not claim
/// the same output path.
enum SiteLayout {
    /// Folders the build writes itself; no dataset or page may be named so.
    static let reserved: Set<String> = [
        "assets", "downloads", "favourites", "images", "map", "near", "tiles", "tours", "search",
    ]

    /// - Throws: `InputError` naming the dataset key or the page file that collides.
    static func check(datasets: [DatasetConfig], pages: [Page], configFile: String, contentDirectory: String) throws {
        let names = Set(datasets.map(\.name))
        for dataset in datasets where reserved.contains(dataset.name) {
            throw InputError(
                file: configFile, field: "key \"datasets.name\"",
                expected: "a name other than " + reserved.sorted().joined(separator: ", "), found: dataset.name)
        }
        var seen: [String: String] = [:]
        for page in pages {
            let file = (contentDirectory as NSString).appendingPathComponent(page.source)
            let top = page.path.split(separator: "/").first.map(String.init) ?? ""
            if page.path.isEmpty {
                throw InputError(
                    file: file, expected: "a page other than the home page (README.md is the home page's text)",
                    found: page.source)
            }
            if reserved.contains(top) || names.contains(top) {
                throw InputError(
                    file: file, expected: "a page path that no dataset or built-in page uses", found: page.path)
            }
            if let other = seen[page.path] {
                throw InputError(file: file, expected: "a page path of its own (\(other) has it too)", found: page.path)
            }
            seen[page.path] = page.source
        }
    }
}
