import Foundation

/// Tells whether the output folder already holds what a build would write, the way `make`
/// knows a target is newer than its sources: the last finished build left its `BuildStamp` and
/// report in `.mapsite-build`; when the stamp matches and every file of its manifest is still
/// there at its size, nothing needs to be read, rendered or written.
///
/// The record is removed before a build writes anything and saved after its manifest, so a
/// build that stops half way never leaves a record that claims the output is complete.
struct UpToDateCheck {
    static let recordName = ".mapsite-build"

    private struct Record: Codable {
        var format = 1
        var stamp: String
        var report: BuildReport
    }

    let outputDirectory: String
    let stamp: BuildStamp

    private var recordPath: String { (outputDirectory as NSString).appendingPathComponent(Self.recordName) }

    /// The last build's report, its output counted as unchanged, when the output is up to date.
    func previousReport() -> BuildReport? {
        guard let data = FileManager.default.contents(atPath: recordPath),
            let record = try? JSONDecoder().decode(Record.self, from: data), record.format == 1,
            record.stamp == String(stamp.value, radix: 16)
        else { return nil }
        let manifest = OutputManifest.entries(
            at: (outputDirectory as NSString).appendingPathComponent(OutputWriter.manifestName))
        guard !manifest.isEmpty, manifest.count == record.report.output.files, allThere(manifest) else { return nil }
        var report = record.report
        report.output.unchanged = report.output.files
        report.output.written = 0
        report.output.removed = 0
        report.output.bytesWritten = 0
        return report
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

    /// Saves the record of a finished build.
    func record(_ report: BuildReport) throws {
        let record = Record(stamp: String(stamp.value, radix: 16), report: report)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try FileOnDisk.write(Array(try encoder.encode(record)), to: recordPath)
    }
}
