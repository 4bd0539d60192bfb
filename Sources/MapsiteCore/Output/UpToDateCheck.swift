import Foundation

/// Tells whether the output folder already holds what a build would write, the way `make`
/// knows a target is newer than its sources: the last finished build left a stamp of its inputs
/// (`BuildStamp`) and its report in `.mapsite-build`; when the stamp matches and every file of its
/// manifest is still there at its size, nothing needs to be read, rendered or written.
///
/// The record is removed before a build writes anything and saved after its manifest, so a
/// build that stops half way never leaves a record that claims the output is complete.
struct UpToDateCheck<Report: Codable> {
    private struct Saved: Codable {
        var format = 2
        var stamp: String
        /// How many files the manifest lists.
        var files: Int
        var report: Report
    }

    let outputDirectory: String
    /// A fingerprint of everything the build reads.
    let stamp: UInt64

    private var recordPath: String { (outputDirectory as NSString).appendingPathComponent(OutputWriter.recordName) }

    /// The last build's report, when the output is up to date.
    func previousReport() -> Report? {
        guard let data = FileManager.default.contents(atPath: recordPath),
            let record = try? JSONDecoder().decode(Saved.self, from: data), record.format == 2,
            record.stamp == String(stamp, radix: 16)
        else { return nil }
        let manifest = OutputManifest.entries(
            at: (outputDirectory as NSString).appendingPathComponent(OutputWriter.manifestName))
        guard !manifest.isEmpty, manifest.count == record.files, allThere(manifest) else { return nil }
        return record.report
    }

    /// Whether every file of `manifest` is in the output folder at its size. Each is looked up
    /// from the open folder rather than by its whole path (half the folders to walk through), and
    /// each half of the list on a thread of its own: this is most of the time of a build that
    /// finds nothing to do.
    private func allThere(_ manifest: [(path: String, entry: OutputWriter.Entry)]) -> Bool {
        let folder = open(outputDirectory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return false }
        defer { close(folder) }
        return manifest.withUnsafeBufferPointer { manifest in
            TwoHalves.map(count: manifest.count) {
                FileOnDisk.size(manifest[$0].path, in: folder) == manifest[$0].entry.size
            }
        }.allSatisfy { $0 }
    }

    /// Forgets the last build's record; called before a build changes the output folder.
    func invalidate() {
        unlink(recordPath)
    }

    /// Saves the record of a finished build that wrote a manifest of `files` files.
    func record(_ report: Report, files: Int) throws {
        let record = Saved(stamp: String(stamp, radix: 16), files: files, report: report)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try FileOnDisk.write(Array(try encoder.encode(record)), to: recordPath)
    }
}
