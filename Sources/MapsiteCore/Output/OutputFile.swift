import Foundation

/// A file of the site, made and ready to write: its path inside the output folder, its bytes,
/// and a fingerprint of what it was made from when its maker has one (`OutputWriter.reuse`).
struct OutputFile: Sendable {
    var path: String
    var bytes: [UInt8]
    var inputs: UInt64?

    init(_ path: String, _ bytes: [UInt8], inputs: UInt64? = nil) {
        self.path = path
        self.bytes = bytes
        self.inputs = inputs
    }

    init(_ path: String, _ text: String) {
        self.init(path, Array(text.utf8))
    }
}

/// Files too many to hold in memory at once (the item pages): each is made only when the writer
/// asks for it, and only when the copy the last build wrote cannot be kept.
protocol DeferredFiles: Sendable {
    /// A name for the progress line: "boxes items".
    var name: String { get }
    var count: Int { get }
    /// The site path of the `number`th file, in the order they are best written.
    func path(_ number: Int) -> String
    /// A fingerprint of everything the file is made from: equal fingerprints, equal bytes.
    func inputs(_ number: Int) -> UInt64
    /// Makes the file's bytes.
    func bytes(_ number: Int) throws -> [UInt8]
}
