/// Precompressed copies of text files, `page.html.gz` beside `page.html`, for a server that
/// sends them in place of compressing on each request (nginx's `gzip_static`).
enum GzipSiblings {
    /// The kinds of files worth compressing; images and fonts are compressed already.
    static let extensions: Set<String> = [
        "html", "css", "js", "json", "geojson", "csv", "gpx", "svg", "xml", "txt", "webmanifest",
    ]

    /// A `.gz` sibling of each text file of `files` whose compressed bytes are fewer.
    static func files(of files: [OutputFile]) -> [OutputFile] {
        files.compactMap { file in
            guard let dot = file.path.lastIndex(of: "."),
                extensions.contains(String(file.path[file.path.index(after: dot)...]))
            else { return nil }
            let compressed = Deflate.compress(file.bytes, as: .gzip)
            return compressed.count < file.bytes.count ? OutputFile(file.path + ".gz", compressed) : nil
        }
    }
}
