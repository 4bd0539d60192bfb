import Foundation

/// Where a `source` of `site.yml` (a dataset's, or its regions') is read: an absolute path where
/// it is, any other below the content folder.
enum SourcePath {
    /// - Parameter folder: the content folder, or how messages name it.
    static func resolved(_ source: String, in folder: String) -> String {
        source.hasPrefix("/") ? source : (folder as NSString).appendingPathComponent(source)
    }
}
